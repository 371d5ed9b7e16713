// The labeled request corpora, shared by the corpus test, the ABI conformance test and the
// benchmark. Two splits, never mixed:
// - development: test/fixtures/task-corpus.yaml plus every file in test/fixtures/task-corpus/,
//   the requests the compiler's rules are written against;
// - held-out: every file in test/fixtures/task-corpus-heldout/ (beside their floors.yaml), each
//   written blind by someone who does not read the compiler, never used to write rules or train
//   models, and scored in aggregate once per session (docs/task-compiler.md, "Corpus and split").
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";
import type { StructuredRequest, TaskRequest } from "../../src/domain/task-compiler/index.js";

export interface CorpusEntry {
  id: string;
  style: string;
  /** Why the labels are what they are (new entries; older ones say it in a YAML comment). */
  why?: string;
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

const fixtures = new URL("../fixtures/", import.meta.url);
const DEV_DIR = new URL("task-corpus/", fixtures);
const HELDOUT_DIR = new URL("task-corpus-heldout/", fixtures);

const read = (url: URL): CorpusEntry[] => (parse(readFileSync(url, "utf8")) as CorpusEntry[] | null) ?? [];

// Parsing the development split's YAML (17 MB) takes about 12 s of CPU in every test process
// that loads it. So each file's parse is kept as JSON (under 1 s to read back, the same values:
// the entries are strings, booleans and lists) in test-output/task-corpus-cache/ (gitignored,
// never committed), named by a hash of the file's own text and the yaml package's version: an
// edited file is a new name, so a kept parse cannot be stale. It is written to a temporary name
// and renamed, so a reader never sees half a file; two processes parsing the same file at once
// both write the same JSON, and the later rename wins harmlessly (no lock needed).
const CACHE_DIR = fileURLToPath(new URL("../../test-output/task-corpus-cache/", import.meta.url));
const YAML_VERSION = (
  JSON.parse(readFileSync(new URL("../../node_modules/yaml/package.json", import.meta.url), "utf8")) as { version: string }
).version;

function readCached(url: URL): CorpusEntry[] {
  const text = readFileSync(url, "utf8");
  const json = `${CACHE_DIR}${createHash("sha256").update(`yaml ${YAML_VERSION}\n`).update(text).digest("hex")}.json`;
  if (existsSync(json)) return JSON.parse(readFileSync(json, "utf8")) as CorpusEntry[];
  const entries = (parse(text) as CorpusEntry[] | null) ?? [];
  mkdirSync(CACHE_DIR, { recursive: true });
  writeFileSync(`${json}.${process.pid}`, JSON.stringify(entries));
  renameSync(`${json}.${process.pid}`, json);
  return entries;
}

/** The development split: the requests the rules are written against. */
export function loadCorpus(): CorpusEntry[] {
  const files = existsSync(DEV_DIR)
    ? readdirSync(DEV_DIR)
        .filter((f) => f.endsWith(".yaml"))
        .sort()
    : [];
  return [readCached(new URL("task-corpus.yaml", fixtures)), ...files.map((f) => readCached(new URL(f, DEV_DIR)))].flat();
}

export interface HeldoutFile {
  /** The file's name without `.yaml`: the key of its floor in floors.yaml. */
  name: string;
  entries: CorpusEntry[];
}

/** The held-out files, oldest first (by name), or [] while none exists in this tree. */
export function loadHeldoutFiles(): HeldoutFile[] {
  if (!existsSync(HELDOUT_DIR)) return [];
  return readdirSync(HELDOUT_DIR)
    .filter((f) => f.endsWith(".yaml") && f !== "floors.yaml")
    .sort()
    .map((f) => ({ name: f.slice(0, -".yaml".length), entries: read(new URL(f, HELDOUT_DIR)) }));
}

/** Each held-out file's floor (issue 14's metrics as fractions), by file name. */
export function loadHeldoutFloors(): Record<string, Record<string, number>> {
  const url = new URL("floors.yaml", HELDOUT_DIR);
  return existsSync(url) ? ((parse(readFileSync(url, "utf8")) as Record<string, Record<string, number>> | null) ?? {}) : {};
}

export const requestOf = (entry: CorpusEntry): TaskRequest => (entry.request ? { request: entry.request } : { text: entry.text ?? "" });

/** Development misses the corpus test tolerates, each with its reason (`"<id> <field>": reason`). */
export function loadKnownMisses(): Record<string, string> {
  const url = new URL("task-corpus-known-misses.yaml", fixtures);
  return existsSync(url) ? ((parse(readFileSync(url, "utf8")) as Record<string, string> | null) ?? {}) : {};
}
