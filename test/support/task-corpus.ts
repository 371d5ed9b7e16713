// The labeled request corpus (test/fixtures/task-corpus.yaml), shared by the corpus test, the
// ABI conformance test and the benchmark.
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import type { StructuredRequest, TaskRequest } from "../../src/domain/task-compiler/index.js";

export interface CorpusEntry {
  id: string;
  style: string;
  text?: string;
  request?: StructuredRequest;
  expect: {
    type: string;
    ambiguous: boolean;
    risk: string;
    mode: string;
    privacy: string;
    hard: string[];
    soft: string[];
    forbidden: string[];
  };
}

export function loadCorpus(): CorpusEntry[] {
  const url = new URL("../fixtures/task-corpus.yaml", import.meta.url);
  return parse(readFileSync(url, "utf8")) as CorpusEntry[];
}

export const requestOf = (entry: CorpusEntry): TaskRequest => (entry.request ? { request: entry.request } : { text: entry.text ?? "" });
