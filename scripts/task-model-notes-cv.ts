// Eighteenth session: do the detectors' RESOLVED findings (x-canon.explanations.ambiguity_notes,
// recorded at first contact by scripts/first-contact/run-old.ts) move the escalation model's
// frontier? CV_GRID=notes npm run train:compiler -- --cv --escalation (docs/task-compiler.md,
// "Escalation model"). Measured and not shipped: the notes are three extra columns here only.
//
// Only the batches whose compiler wrote notes can say: at compile time every request has its
// notes, so each variant is scored on those batches' rows, each batch by a model fitted without
// it (leave-batch-out), and by a nested choice of L2 and threshold (for each batch, the setting
// with the smallest pooled worse gap on the other recorded batches). The fits are the shipped
// model's objective (logistic.ts: mean log loss, L2 on the weights, not the intercept) solved by
// Newton's method instead of 3,000 rounds of gradient descent: the same optimum to the table's
// 1e-6 rounding on a check, some thousand times faster.
import { ESCALATION_FEATURES } from "../src/domain/task-compiler/model/escalation-features.js";
import { STANDING_KINDS } from "../src/domain/task-compiler/model/escalation-evidence.js";
import type { CorpusEntry } from "../test/support/task-corpus.js";
import { escalationRows, loadFirstContact, type EscalationRow } from "./task-model-lib.js";
import { escalationRates, pct } from "./task-model-cv.js";

/** Newton's method on logistic.ts's objective over the columns `cols`; weights then intercept. */
export function newtonFit(rows: readonly EscalationRow[], cols: readonly number[], l2: number): Float64Array {
  const d = cols.length;
  const w = new Float64Array(d + 1);
  const n = rows.length;
  const x = new Float64Array(d + 1);
  for (let iteration = 0; iteration < 50; iteration++) {
    const g = new Float64Array(d + 1);
    const h = new Float64Array((d + 1) * (d + 1));
    for (const row of rows) {
      for (let i = 0; i < d; i++) x[i] = row.x[cols[i]!]!;
      x[d] = 1;
      let z = 0;
      for (let i = 0; i <= d; i++) z += w[i]! * x[i]!;
      const p = 1 / (1 + Math.exp(-z));
      const err = p - row.y;
      const s = p * (1 - p);
      for (let i = 0; i <= d; i++) {
        const xi = x[i]!;
        if (xi === 0) continue;
        g[i]! += err * xi;
        const sxi = s * xi;
        for (let j = 0; j <= i; j++) h[i * (d + 1) + j]! += sxi * x[j]!;
      }
    }
    for (let i = 0; i <= d; i++) {
      g[i] = g[i]! / n + (i < d ? l2 * w[i]! : 0);
      for (let j = 0; j <= i; j++) {
        const v = h[i * (d + 1) + j]! / n + (i === j && i < d ? l2 : 0);
        h[i * (d + 1) + j] = v;
        h[j * (d + 1) + i] = v;
      }
    }
    const step = solve(h, g, d + 1);
    let largest = 0;
    for (let i = 0; i <= d; i++) {
      w[i]! -= step[i]!;
      largest = Math.max(largest, Math.abs(step[i]!));
    }
    if (largest < 1e-9) break;
  }
  return w;
}

/** Gaussian elimination with partial pivoting (the Hessian is small and positive definite). */
function solve(a: Float64Array, b: Float64Array, m: number): Float64Array {
  const A = Float64Array.from(a);
  const y = Float64Array.from(b);
  for (let c = 0; c < m; c++) {
    let pivot = c;
    for (let r = c + 1; r < m; r++) if (Math.abs(A[r * m + c]!) > Math.abs(A[pivot * m + c]!)) pivot = r;
    if (pivot !== c) {
      for (let k = 0; k < m; k++) [A[c * m + k], A[pivot * m + k]] = [A[pivot * m + k]!, A[c * m + k]!];
      [y[c], y[pivot]] = [y[pivot]!, y[c]!];
    }
    for (let r = c + 1; r < m; r++) {
      const f = A[r * m + c]! / A[c * m + c]!;
      if (f === 0) continue;
      for (let k = c; k < m; k++) A[r * m + k]! -= f * A[c * m + k]!;
      y[r]! -= f * y[c]!;
    }
  }
  const out = new Float64Array(m);
  for (let r = m - 1; r >= 0; r--) {
    let s = y[r]!;
    for (let k = r + 1; k < m; k++) s -= A[r * m + k]! * out[k]!;
    out[r] = s / A[r * m + r]!;
  }
  return out;
}

/** The fitted model's probability for a row's features `x`, read on the columns `cols` (newtonFit's). */
export const probability = (w: Float64Array, x: readonly number[], cols: readonly number[]): number => {
  let z = w[cols.length]!;
  cols.forEach((c, i) => (z += w[i]! * x[c]!));
  return 1 / (1 + Math.exp(-z));
};

// The notes read by kind, not by wording: one about a measure says "goal to measure" or "today's
// figure", one about a rule or a scope names "the ask" or what the task reads or works beside;
// every other note is about a reference (referents.ts, `resolved`).
const MEASURE_NOTE = /goal to measure|today's figure/;
const RULE_NOTE = /\bthe ask\b|can work beside it|reads and does not change/;

/** notes:recorded, notes:reference, notes:other (log of the counts); zeros where not recorded. */
export function resolvedFindings(notes: readonly string[] | undefined): number[] {
  if (notes === undefined) return [0, 0, 0];
  let reference = 0;
  for (const note of notes) if (!MEASURE_NOTE.test(note) && !RULE_NOTE.test(note)) reference++;
  return [1, Math.log1p(reference), Math.log1p(notes.length - reference)];
}

const L2S = [0.003, 0.01, 0.03];
const THRESHOLDS = [0.35, 0.4, 0.45, 0.5, 0.55, 0.6];

export function crossValidateEscalationNotes(corpus: CorpusEntry[]): void {
  const notesOf = new Map(loadFirstContact().map((r) => [r.id, r.notes]));
  const rows = escalationRows(corpus).map((r) => ({ ...r, x: [...r.x, ...resolvedFindings(notesOf.get(r.id))] }));
  const d = ESCALATION_FEATURES.length;
  const recordedAt = d;
  const notesCols = [d, d + 1, d + 2];
  const base = ESCALATION_FEATURES.map((_, i) => i);
  const recordedBatches = [...new Set(rows.filter((r) => r.x[recordedAt] === 1).map((r) => r.batch))];
  const recorded = new Set(recordedBatches);
  const evalIdx = rows.flatMap((r, i) => (recorded.has(r.batch) ? [i] : []));
  const idxOf = new Map(recordedBatches.map((b) => [b, evalIdx.filter((i) => rows[i]!.batch === b)]));
  const standing = (i: number) => rows[i]!.asked.some((k) => STANDING_KINDS.has(k));
  const amb = evalIdx.filter((i) => rows[i]!.y).length;
  console.log(
    `first-contact rows ${rows.length} in ${new Set(rows.map((r) => r.batch)).size} batches; with notes recorded: ${evalIdx.length} (${amb} ambiguous) in ${recordedBatches.length} batches`,
  );
  console.log(
    `notes per recorded row: reference ${evalIdx.filter((i) => rows[i]!.x[notesCols[1]!]! > 0).length} rows with one or more, other ${evalIdx.filter((i) => rows[i]!.x[notesCols[2]!]! > 0).length}`,
  );
  const inRecorded = rows.filter((r) => recorded.has(r.batch));
  const variants: { name: string; cols: number[]; training: EscalationRow[] }[] = [
    { name: "shipped features, all batches", cols: base, training: rows },
    { name: "+ notes with a 'recorded' indicator, all batches", cols: [...base, ...notesCols], training: rows },
    { name: "shipped features, recorded batches only", cols: base, training: inRecorded },
    { name: "+ notes, recorded batches only", cols: [...base, notesCols[1]!, notesCols[2]!], training: inRecorded },
  ];
  const only = process.env.CV_NOTES_VARIANTS?.split(",").map(Number);
  for (const [v, variant] of variants.entries()) {
    if (only && !only.includes(v)) continue;
    const started = Date.now();
    // Leave-batch-out probabilities for the recorded rows, per L2.
    const p = new Map<number, number[]>();
    for (const l2 of L2S) {
      const probs: number[] = new Array(rows.length);
      for (const b of recordedBatches) {
        const w = newtonFit(
          variant.training.filter((r) => r.batch !== b),
          variant.cols,
          l2,
        );
        for (const i of idxOf.get(b)!) probs[i] = probability(w, rows[i]!.x, variant.cols);
      }
      p.set(l2, probs);
      for (const t of THRESHOLDS) {
        const r = escalationRates(rows, (i) => probs[i]! >= t || standing(i), evalIdx);
        console.log(`[${v}] ${variant.name}, l2=${l2} t=${t}: ${r.text}; worse gap ${(100 * r.gap).toFixed(1)}`);
      }
    }
    // Per group of batches scored by one compiler (the recent ones last), at the shipped setting.
    const groups = new Map<string, number[]>();
    for (const b of recordedBatches) {
      const key = b.split("/")[0]!;
      groups.set(key, [...(groups.get(key) ?? []), ...idxOf.get(b)!]);
    }
    const shipped = p.get(0.01)!;
    console.log(
      `[${v}] per group (commit that added the batches), l2=0.01 t=0.5: ${[...groups]
        .map(([g, idx]) => {
          const r = escalationRates(rows, (i) => shipped[i]! >= 0.5 || standing(i), idx);
          return `${g} recall ${pct(r.ae, r.a)} clear ${pct(r.ce, r.c)}`;
        })
        .join("; ")}`,
    );
    // Nested choice of L2 and threshold: for each batch, the setting with the smallest pooled worse
    // gap on the other recorded batches, scored on the batch. The other batches' probabilities are
    // their plain leave-batch-out ones, from models that saw the batch scored (one of 104 batches
    // in their training): refitting them without it too (as crossValidateEscalationBatches does)
    // costs 2,000 fits a variant, hours on the shared machine.
    const nested = { a: 0, ae: 0, c: 0, ce: 0 };
    const chosen = new Map<string, number>();
    for (const outer of recordedBatches) {
      const innerIdx = recordedBatches.filter((b) => b !== outer).flatMap((b) => idxOf.get(b)!);
      let best: { gap: number; l2: number; t: number } | undefined;
      for (const l2 of L2S) {
        const probs = p.get(l2)!;
        for (const t of THRESHOLDS) {
          const { gap } = escalationRates(rows, (i) => probs[i]! >= t || standing(i), innerIdx);
          if (!best || gap < best.gap - 1e-9) best = { gap, l2, t };
        }
      }
      const probs = p.get(best!.l2)!;
      const r = escalationRates(rows, (i) => probs[i]! >= best!.t || standing(i), idxOf.get(outer)!);
      nested.a += r.a;
      nested.ae += r.ae;
      nested.c += r.c;
      nested.ce += r.ce;
      const key = `l2=${best!.l2} t=${best!.t}`;
      chosen.set(key, (chosen.get(key) ?? 0) + 1);
    }
    console.log(
      `[${v}] nested choice: recall ${pct(nested.ae, nested.a)}, clear escalated ${pct(nested.ce, nested.c)}, worse gap ${(100 * Math.max(0.95 - nested.ae / nested.a, nested.ce / nested.c - 0.05)).toFixed(1)}; chosen ${[...chosen].map(([k, n]) => `${k} x${n}`).join(", ")} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
  }
}
