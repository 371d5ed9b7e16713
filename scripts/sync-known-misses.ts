// Brings test/fixtures/task-corpus-known-misses.yaml up to date with the compiler: drops the
// listed misses that are now right and appends the new ones under a heading, each with its
// field's standing reason. Development split only (the held-out files are never read). Run it after
// a rule change or a retraining has been judged worth keeping, never to make a change look free:
//   npx tsx scripts/sync-known-misses.ts "<heading for the new misses>"
// It prints how many misses were fixed and how many added; the corpus test then passes again.
import { readFileSync, writeFileSync } from "node:fs";
import { evaluate, type Field } from "../test/support/task-corpus-metrics.js";
import { loadCorpus } from "../test/support/task-corpus.js";

const FILE = new URL("../test/fixtures/task-corpus-known-misses.yaml", import.meta.url);
const REASONS: Record<Field, string> = {
  task_type: "type evidence the rules and models weigh otherwise (open work, issue 14)",
  ambiguous: "escalation: the detectors and the escalation model decide otherwise (open work, issue 14)",
  risk: "risk follows the wrong task type or a risk cue the rules do not cover (open work, issue 14)",
  mode: "mode follows the wrong risk or an approval phrasing the rules do not cover (open work, issue 14)",
  privacy: "privacy cue not covered or over-matched (open work, issue 14)",
  constraints: "constraint wording not covered or over-matched (open work, issue 14)",
  hard_found: "a HARD rule the rules do not extract (open work, issue 14)",
  forbidden: "forbidden-scope wording not covered (open work, issue 14)",
  forbidden_found: "forbidden scope not found (open work, issue 14)",
  valid: "the compiled TaskIR does not validate (a bug: fix it, never list it)",
};

const heading = process.argv[2];
const misses = new Set(evaluate(loadCorpus()).misses.map((m) => `${m.id} ${m.field}`));
const KEY = /^"([^"]+)":/;
const listed = new Set<string>();
let fixed = 0;
const kept = readFileSync(FILE, "utf8")
  .split("\n")
  .filter((line) => {
    const key = KEY.exec(line)?.[1];
    if (key === undefined) return true;
    listed.add(key);
    if (misses.has(key)) return true;
    fixed++;
    return false;
  });
const added = [...misses].filter((key) => !listed.has(key));
if (added.some((key) => key.endsWith(" valid"))) throw new Error("a compiled TaskIR does not validate: fix it, never list it");
if (added.length > 0 && !heading) throw new Error(`${added.length} new misses: give a heading for them`);
while (kept.at(-1) === "") kept.pop();
const lines =
  added.length > 0 ? [...kept, `# ${heading}`, ...added.map((key) => `"${key}": "${REASONS[key.split(" ")[1] as Field]}"`)] : kept;
writeFileSync(FILE, `${lines.join("\n")}\n`);
console.log(`known misses: ${fixed} fixed, ${added.length} added, ${listed.size - fixed + added.length} listed`);
