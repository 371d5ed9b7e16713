// The compiler is total: every request compiles, whatever characters it holds. A throw is a bug the
// development split does not show, because its texts are what the rules were written for. Thirty-second
// session: a fresh part's ordinary request ("don't touch its requirements file
// (finance-reports/requirements.txt)") made a rule build an invalid expression from its words, and
// compileTask threw. This rewrites every development text four ways that put the characters an
// expression treats specially where request words are read (each path or file name in brackets, in
// square brackets; "(" before every word; "{word|" for every word), compiles each, and lists the
// throws by the compiler line that threw.
//   npm run fuzz:compiler [-- --every 10]   (every tenth text; all by default: ~124,000 compiles, minutes)
// Not part of `npm test` (too slow); test/domain/task-compiler-hostile-input.test.ts keeps the
// inputs that were found.
import { compileTask } from "../src/domain/task-compiler/index.js";
import { loadCorpus, requestOf } from "../test/support/task-corpus.js";

const at = process.argv.indexOf("--every");
const every = at >= 0 ? Number(process.argv[at + 1]) : 1;
const PATH_OR_FILE = /[\w.-]*\/[\w./*-]+|\b[\w-]+\.[a-z]{1,5}\b/g;
const REWRITES: [name: string, rewrite: (text: string) => string][] = [
  ["(path)", (text) => text.replace(PATH_OR_FILE, "($&)")],
  ["[path]", (text) => text.replace(PATH_OR_FILE, "[$&]")],
  ["(word", (text) => text.replace(/(^|\s)(?=\w)/g, "$1(")],
  ["{word|", (text) => text.replace(/(^|\s)(\w+)/g, "$1{$2|")],
];

const texts = loadCorpus()
  .map(requestOf)
  .flatMap((request) => ("text" in request && typeof request.text === "string" ? [request.text] : []))
  .filter((_, i) => i % every === 0);
const throws = new Map<string, { count: number; example: string }>();
let compiles = 0;
for (const text of texts) {
  for (const [name, rewrite] of REWRITES) {
    const request = rewrite(text);
    compiles++;
    try {
      compileTask({ text: request });
    } catch (error) {
      const stack = error instanceof Error ? (error.stack ?? "") : "";
      const line = stack.split("\n").find((l) => l.includes("task-compiler/")) ?? "(no compiler line)";
      const key = `${name} at ${line.replace(/.*task-compiler\//, "").replace(/\)$/, "")}: ${String(error).slice(0, 80)}`;
      const seen = throws.get(key) ?? { count: 0, example: request.slice(0, 200) };
      seen.count++;
      throws.set(key, seen);
    }
  }
}
const total = [...throws.values()].reduce((sum, t) => sum + t.count, 0);
console.log(`${compiles} compiles of ${texts.length} development texts rewritten ${REWRITES.length} ways: ${total} threw`);
for (const [key, { count, example }] of throws) console.log(`${count}× ${key}\n   e.g. ${example}`);
process.exitCode = total ? 1 : 0;
