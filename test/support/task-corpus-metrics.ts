// Scores the compiler on a labeled split: per-field accuracy, escalation recall on ambiguous
// requests and the false-escalation rate on clear ones (the metrics of issue 14), plus the list
// of misses. The corpus test prints the development and held-out numbers separately.
import { validateTaskIr } from "../../src/contracts/validation.js";
import { compileTask, type CompiledTask, type CompileOutcome } from "../../src/domain/task-compiler/index.js";
import { requestOf, type CorpusEntry } from "./task-corpus.js";

/** Per-request checks; a miss names the entry and the field. */
export const FIELDS = [
  "task_type",
  "ambiguous",
  "risk",
  "mode",
  "privacy",
  "constraints",
  "hard_found",
  "forbidden",
  "forbidden_found",
  "valid",
] as const;
export type Field = (typeof FIELDS)[number];

export interface Miss {
  id: string;
  field: Field;
  got: unknown;
}

export interface Metrics {
  total: number;
  right: Record<Field, number>;
  ambiguous: { total: number; escalated: number };
  clear: { total: number; escalated: number };
  misses: Miss[];
}

/** The targets for the held-out split (fractions). */
export const HELDOUT_TARGETS = {
  task_type: 0.95,
  risk: 0.95,
  mode: 0.95,
  privacy: 0.95,
  forbidden_found: 1,
  hard_found: 1,
  ambiguousRecall: 0.95,
  clearEscalatedAtMost: 0.05,
} as const;

export type Targets = { [K in keyof typeof HELDOUT_TARGETS]: number };

const lower = (items: string[]): string[] => items.map((s) => s.toLowerCase());
const bare = (text: string): string => text.toLowerCase().replace(/^[\s\p{P}]+|[\s\p{P}]+$/gu, "");

function constraintTexts(task: CompiledTask, hardness: "HARD" | "SOFT"): string[] {
  return lower(task.ir.constraints.filter((c) => c.hardness === hardness).map((c) => c.text));
}

function checks(entry: CorpusEntry, task: CompiledTask): Record<Field, [boolean, unknown]> {
  const { ir } = task;
  const { hard, soft } = entry.expect;
  const hardTexts = constraintTexts(task, "HARD");
  const softTexts = constraintTexts(task, "SOFT");
  // A label's string is copied from the text with whatever punctuation ended its sentence ("Nothing
  // else."); a constraint's text ends where the rule does, so the needle's edges are not compared.
  const has = (texts: string[], needle: string) => texts.some((t) => t.includes(bare(needle)));
  const exact = (texts: string[], expected: string[]) => texts.length === expected.length && expected.every((n) => has(texts, n));
  const forbidden = [...ir.forbidden_scope].sort();
  const expectedForbidden = [...entry.expect.forbidden].sort();
  const shown = ir.constraints.map((c) => `${c.hardness}: ${c.text}`);
  return {
    task_type: [ir.task_type === entry.expect.type, ir.task_type],
    ambiguous: [
      (task.status === "NEEDS_CLARIFICATION") === entry.expect.ambiguous,
      task.ambiguities.map((a) => `${a.kind}: ${a.question}`),
    ],
    risk: [ir.risk_class === entry.expect.risk, ir.risk_class],
    mode: [ir.interaction_mode === entry.expect.mode, ir.interaction_mode],
    privacy: [ir.privacy_class === entry.expect.privacy, ir.privacy_class],
    constraints: [exact(hardTexts, hard) && exact(softTexts, soft), shown],
    hard_found: [hard.every((n) => has(hardTexts, n)), shown],
    forbidden: [JSON.stringify(forbidden) === JSON.stringify(expectedForbidden), forbidden],
    forbidden_found: [expectedForbidden.every((ref) => forbidden.includes(ref)), forbidden],
    valid: [validateTaskIr(ir), validateTaskIr.errors],
  };
}

/**
 * Compiles each entry once and scores it. `onCompiled` sees every outcome, for a caller that checks
 * more of the same compile (the corpus test's one pass over the development split, which also
 * validates against the Kernel ABI and checks the literal gates' skips) instead of compiling again.
 */
export function evaluate(entries: CorpusEntry[], onCompiled?: (entry: CorpusEntry, outcome: CompileOutcome) => void): Metrics {
  const right = Object.fromEntries(FIELDS.map((f) => [f, 0])) as Record<Field, number>;
  const metrics: Metrics = {
    total: entries.length,
    right,
    ambiguous: { total: 0, escalated: 0 },
    clear: { total: 0, escalated: 0 },
    misses: [],
  };
  for (const entry of entries) {
    const outcome = compileTask(requestOf(entry));
    onCompiled?.(entry, outcome);
    if (!outcome.ok) {
      for (const field of FIELDS) metrics.misses.push({ id: entry.id, field, got: outcome.error.code });
      continue;
    }
    const escalated = outcome.task.status === "NEEDS_CLARIFICATION";
    const bucket = entry.expect.ambiguous ? metrics.ambiguous : metrics.clear;
    bucket.total++;
    if (escalated) bucket.escalated++;
    for (const [field, [ok, got]] of Object.entries(checks(entry, outcome.task)) as [Field, [boolean, unknown]][]) {
      if (ok) right[field]++;
      else metrics.misses.push({ id: entry.id, field, got });
    }
  }
  return metrics;
}

const pct = (n: number, d: number): string => (d ? ((100 * n) / d).toFixed(1) : "n/a").padStart(5);

/** Aggregate numbers only: no request text, no per-request misses. */
export function report(name: string, m: Metrics): string {
  const rows = FIELDS.map((f) => `${f.padEnd(16)} ${pct(m.right[f], m.total)}%  (${m.right[f]}/${m.total})`);
  rows.push(
    `${"ambiguous→asked".padEnd(16)} ${pct(m.ambiguous.escalated, m.ambiguous.total)}%  (${m.ambiguous.escalated}/${m.ambiguous.total}, recall)`,
  );
  rows.push(
    `${"clear→asked".padEnd(16)} ${pct(m.clear.escalated, m.clear.total)}%  (${m.clear.escalated}/${m.clear.total}, false escalations)`,
  );
  return `[task-corpus] ${name}: ${m.total} requests\n  ${rows.join("\n  ")}`;
}

/** Which of the held-out targets the metrics miss, as sentences. */
export function targetFailures(m: Metrics, targets: Targets = HELDOUT_TARGETS): string[] {
  const failures: string[] = [];
  const rate = (n: number, d: number) => (d ? n / d : 1);
  for (const field of ["task_type", "risk", "mode", "privacy", "forbidden_found", "hard_found"] as const) {
    const value = rate(m.right[field], m.total);
    if (value < targets[field]) failures.push(`${field} ${(100 * value).toFixed(1)}% < ${(100 * targets[field]).toFixed(1)}%`);
  }
  const recall = rate(m.ambiguous.escalated, m.ambiguous.total);
  if (recall < targets.ambiguousRecall)
    failures.push(`ambiguous recall ${(100 * recall).toFixed(1)}% < ${(100 * targets.ambiguousRecall).toFixed(1)}%`);
  const falseRate = m.clear.total ? m.clear.escalated / m.clear.total : 0;
  if (falseRate > targets.clearEscalatedAtMost)
    failures.push(`clear requests escalated ${(100 * falseRate).toFixed(1)}% > ${(100 * targets.clearEscalatedAtMost).toFixed(1)}%`);
  return failures;
}
