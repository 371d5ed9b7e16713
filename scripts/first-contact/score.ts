// Scores the current compiler on named development batch files only (aggregate numbers and the
// field misses as known-misses keys), e.g. a new blind batch at first contact, before any rule or
// model has been written from it:
//   npx tsx scripts/first-contact/score.ts test/fixtures/task-corpus/97-blind-dev-b.yaml …
// Development files only: the held-out files are refused.
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { evaluate, report } from "../../test/support/task-corpus-metrics.js";
import type { CorpusEntry } from "../../test/support/task-corpus.js";

const files = process.argv.slice(2).filter((f) => !f.startsWith("--"));
if (files.some((f) => f.includes("heldout"))) throw new Error("held-out files are never scored per file here");
const batches = files.map((f) => ({ file: f, entries: parse(readFileSync(f, "utf8")) as CorpusEntry[] }));
for (const { file, entries } of batches) console.log(report(file, evaluate(entries)));
if (batches.length > 1) console.log(report("together", evaluate(batches.flatMap((b) => b.entries))));
if (process.argv.includes("--misses"))
  for (const m of evaluate(batches.flatMap((b) => b.entries)).misses) console.log(`${m.id} ${m.field}`);
