// Moves the held-out floors (test/fixtures/task-corpus-heldout/floors.yaml) at a session's look:
// each file's floor becomes its numbers now, raised or LOWERED, and a line above the file's block
// says which and by how much; a file without a floor gets one (its first contact). Run once per
// session, at the look, after the end compiler is committed:
//   npx tsx scripts/heldout-floors.ts "<the look's name: compiler, what is in it>"
// It prints the changes as counts only. The per-request misses are never printed.
import { readFileSync, writeFileSync } from "node:fs";
import { evaluate, type Metrics, type Targets } from "../test/support/task-corpus-metrics.js";
import { loadHeldoutFiles } from "../test/support/task-corpus.js";

const FILE = new URL("../test/fixtures/task-corpus-heldout/floors.yaml", import.meta.url);
const look = process.argv[2];
if (!look) throw new Error('name the look: npx tsx scripts/heldout-floors.ts "<look>"');

type Key = keyof Targets;
const KEYS: Key[] = ["task_type", "risk", "mode", "privacy", "forbidden_found", "hard_found", "ambiguousRecall", "clearEscalatedAtMost"];
/** A floor's count and denominator, and the fraction written (rounded the safe way for the test). */
function counts(m: Metrics, key: Key): [number, number] {
  if (key === "ambiguousRecall") return [m.ambiguous.escalated, m.ambiguous.total];
  if (key === "clearEscalatedAtMost") return [m.clear.escalated, m.clear.total];
  return [m.right[key], m.total];
}
const fraction = (key: Key, n: number, d: number): number => {
  if (d === 0) return key === "clearEscalatedAtMost" ? 0 : 1;
  const round = key === "clearEscalatedAtMost" ? Math.ceil : Math.floor;
  return round((10000 * n) / d) / 10000;
};

const lines = readFileSync(FILE, "utf8").replace(/\n+$/, "").split("\n");
const floorOf = (name: string): Partial<Record<Key, number>> => {
  const at = lines.indexOf(`${name}:`);
  if (at < 0) return {};
  const floor: Partial<Record<Key, number>> = {};
  for (let i = at + 1; i < lines.length && lines[i]!.startsWith("  "); i++) {
    const [, key, value] = /^ {2}(\w+): ([\d.]+)/.exec(lines[i]!) ?? [];
    if (key) floor[key as Key] = Number(value);
  }
  return floor;
};
for (const file of loadHeldoutFiles()) {
  const m = evaluate(file.entries);
  const old = floorOf(file.name);
  const block = KEYS.map((key) => {
    const [n, d] = counts(m, key);
    return `  ${key}: ${fraction(key, n, d)} # ${n}/${d}`;
  });
  const raised: string[] = [];
  const lowered: string[] = [];
  for (const key of KEYS) {
    const [n, d] = counts(m, key);
    const now = fraction(key, n, d);
    const before = old[key];
    if (before === undefined || before === now) continue;
    const better = key === "clearEscalatedAtMost" ? now < before : now > before;
    (better ? raised : lowered).push(`${key} ${before} -> ${n}/${d}`);
  }
  const at = lines.indexOf(`${file.name}:`);
  if (at < 0) {
    lines.push("", `# First measured at ${look} (first contact); these floors are those numbers.`, `${file.name}:`, ...block);
    console.log(`${file.name}: new floor`);
    continue;
  }
  let end = at + 1;
  while (end < lines.length && lines[end]!.startsWith("  ")) end++;
  const said = [
    raised.length ? `raised ${raised.join(", ")}` : "nothing raised",
    ...(lowered.length ? [`LOWERED ${lowered.join(", ")}, measured at the look and not tuned on`] : []),
  ];
  lines.splice(at, end - at, `# ${look}: ${said.join("; ")}.`, `${file.name}:`, ...block);
  console.log(`${file.name}: ${said.join("; ")}`);
}
writeFileSync(FILE, `${lines.join("\n").replace(/\n+$/, "")}\n`);
