// The labeled request corpora, shared by the corpus test, the ABI conformance test and the
// benchmark. Two splits, never mixed:
// - development: test/fixtures/task-corpus.yaml plus every file in test/fixtures/task-corpus/,
//   the requests the compiler's rules are written against;
// - held-out: test/fixtures/task-corpus-heldout.yaml and task-corpus-heldout-fresh.yaml to
//   task-corpus-heldout-fresh4.yaml, each
//   written by someone who does not read the compiler, and never used to write rules
//   (docs/task-compiler.md, "Corpus and split"). The fresh file was written on 2026-12-03 while the
//   rules were being changed, so it measures what those changes generalise to.
import { existsSync, readdirSync, readFileSync } from "node:fs";
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
const HELDOUT = new URL("task-corpus-heldout.yaml", fixtures);
const HELDOUT_FRESH = new URL("task-corpus-heldout-fresh.yaml", fixtures);
const HELDOUT_FRESH2 = new URL("task-corpus-heldout-fresh2.yaml", fixtures);
const HELDOUT_FRESH3 = new URL("task-corpus-heldout-fresh3.yaml", fixtures);
const HELDOUT_FRESH4 = new URL("task-corpus-heldout-fresh4.yaml", fixtures);
const HELDOUT_FRESH5 = new URL("task-corpus-heldout-fresh5.yaml", fixtures);
const HELDOUT_FRESH6 = new URL("task-corpus-heldout-fresh6.yaml", fixtures);
const HELDOUT_FRESH7 = new URL("task-corpus-heldout-fresh7.yaml", fixtures);
const HELDOUT_FRESH8 = new URL("task-corpus-heldout-fresh8.yaml", fixtures);

const read = (url: URL): CorpusEntry[] => (parse(readFileSync(url, "utf8")) as CorpusEntry[] | null) ?? [];
/** A held-out file, or null while it does not exist in this tree (the gate then says SKIPPED). */
const readIfPresent = (url: URL): CorpusEntry[] | null => (existsSync(url) ? read(url) : null);

/** The development split: the requests the rules are written against. */
export function loadCorpus(): CorpusEntry[] {
  const files = existsSync(DEV_DIR)
    ? readdirSync(DEV_DIR)
        .filter((f) => f.endsWith(".yaml"))
        .sort()
    : [];
  return [read(new URL("task-corpus.yaml", fixtures)), ...files.map((f) => read(new URL(f, DEV_DIR)))].flat();
}

/** The first held-out file (261 requests), or null while it does not exist in this tree. */
export function loadHeldout(): CorpusEntry[] | null {
  return readIfPresent(HELDOUT);
}

/** The fresh held-out file (written 2026-12-03), or null while it does not exist in this tree. */
export function loadFreshHeldout(): CorpusEntry[] | null {
  return readIfPresent(HELDOUT_FRESH);
}

/**
 * The second fresh held-out file (200 requests, `hg-`), written blind while the learned evidence
 * was being built and first scored after it merged; null while it does not exist in this tree.
 */
export function loadSecondFreshHeldout(): CorpusEntry[] | null {
  return readIfPresent(HELDOUT_FRESH2);
}

/**
 * The third fresh held-out file (200 requests, `hh-`), written blind in the sixth session while
 * the models were retrained on parts 97b–97e, and first scored on the result; null while it does
 * not exist in this tree.
 */
export function loadThirdFreshHeldout(): CorpusEntry[] | null {
  return readIfPresent(HELDOUT_FRESH3);
}

/**
 * The fourth fresh held-out file (200 requests, `hi-`), written blind in the seventh session while
 * parts 97f–97i were being added, and first scored on the session's final compiler.
 */
export function loadFourthFreshHeldout(): CorpusEntry[] | null {
  return readIfPresent(HELDOUT_FRESH4);
}

/**
 * The fifth fresh held-out file (200 requests, `hj-`), written blind in the eighth session while
 * parts 97j–97l and the long-request reading were being added, and first scored on the session's
 * final compiler.
 */
export function loadFifthFreshHeldout(): CorpusEntry[] | null {
  return readIfPresent(HELDOUT_FRESH5);
}

/**
 * The sixth fresh held-out file (200 requests, `hk-`), written blind in the ninth session, with the
 * labelling guide only, while parts 97m–97p were being added, and first scored on the session's
 * final compiler.
 */
export function loadSixthFreshHeldout(): CorpusEntry[] | null {
  return readIfPresent(HELDOUT_FRESH6);
}

/**
 * The seventh fresh held-out file (200 requests, `hl-`), written blind in the tenth session, with the
 * labelling guide only, while parts 97zd–97zf were being written, and first scored on the session's
 * final compiler.
 */
export function loadSeventhFreshHeldout(): CorpusEntry[] | null {
  return readIfPresent(HELDOUT_FRESH7);
}

/**
 * The eighth fresh held-out file (200 requests, `hm-`), written blind in the eleventh session, with
 * the labelling guide only, while parts 97zg–97zl were being written, and first scored on the
 * session's final compiler.
 */
export function loadEighthFreshHeldout(): CorpusEntry[] | null {
  return readIfPresent(HELDOUT_FRESH8);
}

export const requestOf = (entry: CorpusEntry): TaskRequest => (entry.request ? { request: entry.request } : { text: entry.text ?? "" });

/** Development misses the corpus test tolerates, each with its reason (`"<id> <field>": reason`). */
export function loadKnownMisses(): Record<string, string> {
  const url = new URL("task-corpus-known-misses.yaml", fixtures);
  return existsSync(url) ? ((parse(readFileSync(url, "utf8")) as Record<string, string> | null) ?? {}) : {};
}
