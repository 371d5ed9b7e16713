// Audit of the compiler's rule expressions for catastrophic backtracking (ReDoS), with the
// `recheck` checker (static analysis and fuzzing). Seventeenth session: the development split
// alone never shows a hang (its requests are what the rules were written for); this audit found two
// exponential expressions and several quadratic ones that hostile text stalled for minutes.
//   npm run audit:expressions [-- --timeout 2000] [--json out.json] [--since earlier.json]
// 1. Every expression the compiler runs is collected by compiling the development corpus with
//    RegExp.prototype.exec wrapped (literal or built, gated or not, whatever module holds it).
// 2. Each is checked by recheck (per-expression timeout; "unknown" means recheck gave up).
// 3. Each attack recheck reports is replayed in V8 at the size the compiler can meet: a line is
//    read in pieces of at most 2,000 characters (segment.ts), so the attack is cut to that length.
//    An expression whose replay takes more than 100 ms is listed as a finding.
// 4. With --since, an expression an earlier run's JSON already checked (same source and flags) keeps
//    that verdict and is not checked again: after a rule branch only its new expressions cost time.
// Minutes on this machine; not part of `npm test` (test/domain/task-compiler-hostile-input.test.ts
// keeps the inputs that were found as hang checks).
import { readFileSync, writeFileSync } from "node:fs";
import { checkSync, type AttackPattern } from "recheck";
import { loadCorpus, requestOf } from "../test/support/task-corpus.js";

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const timeout = Number(option("--timeout") ?? 2000);
const MAX_LINE = 2000;
const SLOW_MS = 100;

const seen = new Map<string, { source: string; flags: string }>();
const exec = RegExp.prototype.exec;
RegExp.prototype.exec = function (this: RegExp, text: string) {
  const key = `${this.flags}/${this.source}`;
  if (!seen.has(key)) seen.set(key, { source: this.source, flags: this.flags });
  return exec.call(this, text);
};
const { compileTask } = await import("../src/domain/task-compiler/index.js");
for (const entry of loadCorpus()) compileTask(requestOf(entry));
RegExp.prototype.exec = exec;
console.log(`${seen.size} expressions run by the compiler over the development corpus`);

/** recheck's attack (prefixes, pumped parts, suffix) grown to a line the compiler reads at once. */
function attackOf(attack: AttackPattern): string {
  const fixed = attack.pumps.reduce((n, p) => n + p.prefix.length, attack.suffix.length);
  const pumped = attack.pumps.reduce((n, p) => n + p.pump.length, 0);
  const times = Math.max(1, Math.floor((MAX_LINE - fixed) / Math.max(1, pumped)));
  return (attack.pumps.map((p) => p.prefix + p.pump.repeat(times)).join("") + attack.suffix).slice(0, MAX_LINE);
}

interface Verdict {
  complexity: string;
  replayMs?: number;
}
const since = option("--since");
const earlier = since ? ((JSON.parse(readFileSync(since, "utf8")) as { checked?: Record<string, Verdict> }).checked ?? {}) : {};
const checked: Record<string, Verdict> = {};
const counts: Record<string, number> = {};
const findings: { source: string; flags: string; complexity: string; replayMs: number }[] = [];
let carried = 0;
for (const [key, { source, flags }] of seen) {
  const known = earlier[key];
  if (known) {
    carried++;
    checked[key] = known;
    counts[known.complexity] = (counts[known.complexity] ?? 0) + 1;
    if (known.replayMs !== undefined && known.replayMs > SLOW_MS)
      findings.push({ source, flags, complexity: known.complexity, replayMs: known.replayMs });
    continue;
  }
  const result = checkSync(source, flags.replace(/[gy]/g, ""), { timeout });
  const complexity =
    result.status === "vulnerable"
      ? `${result.complexity.type}${result.complexity.type === "polynomial" ? ` ${result.complexity.degree}` : ""}`
      : result.status;
  counts[complexity] = (counts[complexity] ?? 0) + 1;
  checked[key] = { complexity };
  if (result.status !== "vulnerable") continue;
  const attack = attackOf(result.attack);
  const expression = new RegExp(source, flags.replace(/[gy]/g, ""));
  const started = performance.now();
  expression.exec(attack);
  const replayMs = Math.round(performance.now() - started);
  checked[key] = { complexity, replayMs };
  if (replayMs > SLOW_MS) findings.push({ source, flags, complexity, replayMs });
}
if (since) console.log(`${carried} verdicts carried from ${since}; ${seen.size - carried} expressions checked now`);
console.log("recheck:", counts);
console.log(`${findings.length} expressions take more than ${SLOW_MS} ms on a ${MAX_LINE}-character attack`);
for (const f of findings) console.log(`  ${f.replayMs} ms (${f.complexity}) /${f.source.slice(0, 160)}/${f.flags}`);
const json = option("--json");
if (json) writeFileSync(json, JSON.stringify({ counts, findings, checked }, null, 2));
process.exitCode = findings.length > 0 ? 1 : 0;
