// The escalation model cross-validated on the first-contact rows (each batch scored by a model
// trained on the others) and on the development split's folds: the grids its settings and features
// were chosen from. Split from scripts/task-model-cv.ts in the nineteenth session so that each file
// reads in one sitting.
import { loadModel } from "../src/domain/task-compiler/model/naive-bayes.js";
import { wordCount } from "../src/domain/task-compiler/segment.js";
import type { CorpusEntry } from "../test/support/task-corpus.js";
import { evaluate } from "../test/support/task-corpus-metrics.js";
import { useTypeModel } from "../src/domain/task-compiler/model/type-evidence.js";
import { useAmbiguityModel } from "../src/domain/task-compiler/model/ambiguity-evidence.js";
import { ESCALATION_THRESHOLD, STANDING_KINDS, useEscalationModel } from "../src/domain/task-compiler/model/escalation-evidence.js";
import { fitLogistic, logisticVote } from "../src/domain/task-compiler/model/logistic.js";
import { ESCALATION_FEATURES } from "../src/domain/task-compiler/model/escalation-features.js";
import {
  ESCALATION_MODEL_SETTINGS,
  buildAmbiguityTable,
  buildEscalationTable,
  escalationRows,
  type EscalationRow,
  foldOf,
  loadFirstContact,
  textOf,
  trainTypeModels,
} from "./task-model-lib.js";
import { escalationRates, FOLDS, leaveBatchOutVotes, pct } from "./task-model-cv.js";

/** The shipped escalation model's fit, with another L2. */
const fitWithL2 = (l2: number) => (training: EscalationRow[]) => buildEscalationTable(training, { ...ESCALATION_MODEL_SETTINGS, l2 });

/**
 * The escalation model on the first-contact rows (what the rules asked about each fresh batch
 * before any rule was written from it), each batch scored by a model trained on the others: the
 * honest estimate of what it does on a batch nobody tuned anything on. Prints the grid the
 * settings were chosen from.
 */
export function crossValidateEscalation(corpus: CorpusEntry[]): void {
  const rows = escalationRows(corpus);
  const amb = rows.filter((r) => r.y).length;
  const rate = (escalated: (i: number) => boolean) => escalationRates(rows, escalated);
  console.log(`first-contact rows ${rows.length} (${amb} ambiguous) in ${new Set(rows.map((r) => r.batch)).size} batches`);
  console.log(`rules at first contact: ${rate((i) => rows[i]!.asked.length > 0).text}`);
  console.log(`naive Bayes ambiguity vote alone (batch left out): ${rate((i) => rows[i]!.x[7]! > 0).text}`);
  const standing = (i: number) => rows[i]!.asked.some((k) => STANDING_KINDS.has(k));
  for (const l2 of [0.003, 0.01, 0.03]) {
    const p = leaveBatchOutVotes(rows, fitWithL2(l2));
    if (process.env.CV_GRID === "two")
      for (const keep of [0.2, 0.3, 0.35, 0.4, 0.5])
        for (const add of [0.35, 0.5, 0.6, 0.7, 0.8, 0.9]) {
          const r = rate((i) => standing(i) || (rows[i]!.asked.length > 0 ? p[i]! >= keep : p[i]! >= add));
          console.log(`l2=${l2} keep>=${keep} add>=${add}: ${r.text}; worse gap ${(100 * r.gap).toFixed(1)}`);
        }
    for (const threshold of [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6]) {
      const alone = rate((i) => p[i]! >= threshold);
      const shipped = rate((i) => p[i]! >= threshold || standing(i));
      console.log(
        `escalation model l2=${l2} threshold=${threshold}: model alone ${alone.text}; with standing questions ${shipped.text}; worse gap ${(100 * shipped.gap).toFixed(1)}`,
      );
    }
  }
}

/** The whole compiler on the development split with all three models trained on the other folds. */
export function crossValidateEscalationPipeline(corpus: CorpusEntry[]): void {
  for (const [name, enabled] of [
    ["without the escalation model (naive Bayes tip removed)", false],
    [`with the escalation model (threshold ${ESCALATION_THRESHOLD})`, true],
  ] as const) {
    const totals = { total: 0, right: {} as Record<string, number>, amb: [0, 0], clear: [0, 0] };
    for (let fold = 0; fold < FOLDS; fold++) {
      const train = corpus.filter((e) => foldOf(e.id, FOLDS) !== fold);
      useTypeModel(trainTypeModels(train));
      useAmbiguityModel(loadModel(buildAmbiguityTable(train)));
      useEscalationModel(buildEscalationTable(escalationRows(train)), { enabled });
      const m = evaluate(corpus.filter((e) => foldOf(e.id, FOLDS) === fold));
      totals.total += m.total;
      for (const [f, n] of Object.entries(m.right)) totals.right[f] = (totals.right[f] ?? 0) + n;
      totals.amb[0]! += m.ambiguous.escalated;
      totals.amb[1]! += m.ambiguous.total;
      totals.clear[0]! += m.clear.escalated;
      totals.clear[1]! += m.clear.total;
    }
    useTypeModel(null);
    useAmbiguityModel(null);
    useEscalationModel(null);
    console.log(
      `pipeline CV ${name}: ${Object.entries(totals.right)
        .map(([k, n]) => `${k} ${pct(n, totals.total)}`)
        .join(", ")}; recall ${pct(totals.amb[0]!, totals.amb[1]!)}; clear escalated ${pct(totals.clear[0]!, totals.clear[1]!)}`,
    );
  }
}

/**
 * Candidate escalation features, each added to the shipped twenty and scored like them
 * (leave-batch-out on the fresh first-contact rows; CV_GRID=features). Sixth session: whether a
 * short request names its object, and the rules' own type lead at first contact (recorded by
 * run-old.ts, so it is honest). Neither moved the worse gap beyond a few requests: not shipped.
 */
export function crossValidateEscalationFeatures(corpus: CorpusEntry[]): void {
  const byId = new Map(corpus.map((e) => [e.id, e]));
  const firstContact = new Map(loadFirstContact().map((r) => [r.id, r]));
  const base = escalationRows(corpus);
  const textFor = (id: string) => firstContact.get(id)!.text ?? textOf(byId.get(id)!);
  const NAMED =
    /`[^`]+`|"[^"]{3,}"|#\d+|\b[a-z]+[A-Z]\w*\b|\b[a-z][a-z0-9]*_[a-z0-9_]+\b|\b\w+\(\)|[\w@.-]+[\\/][\w@.*/\\-]+|\b[\w-]+\.(?:tsx?|jsx?|py|go|rs|java|rb|md|ya?ml|json|toml|sql|sh|tf|css|html)\b|\d/;
  const lead = (id: string) => {
    const r = firstContact.get(id)!;
    return r.rulesType === undefined || r.rulesType === "UNCLASSIFIED" ? 0 : Math.log1p(Math.max(0, r.rulesLead!)) / 3;
  };
  const shortNamed = (id: string) => {
    const text = textFor(id);
    return wordCount(text) <= 14 && NAMED.test(text) ? 1 : 0;
  };
  const variants: [string, (id: string) => number[]][] = [
    ["shipped features", () => []],
    ["+ rules' type lead", (id) => [lead(id)]],
    ["+ short request names its object", (id) => [shortNamed(id)]],
    ["+ both", (id) => [lead(id), shortNamed(id)]],
  ];
  for (const [name, extra] of variants) {
    const rows = base.map((r) => ({ ...r, x: [...r.x, ...extra(r.id)] }));
    const names = [...ESCALATION_FEATURES, ...extra(base[0]!.id).map((_, i) => `extra:${i}`)];
    for (const l2 of [0.003, 0.01]) {
      const p = leaveBatchOutVotes(rows, (training) => fitLogistic(names, training, { ...ESCALATION_MODEL_SETTINGS, l2 }));
      const cells = [0.35, 0.4, 0.45, 0.5].map((threshold) => {
        const r = escalationRates(rows, (i) => p[i]! >= threshold || rows[i]!.asked.some((k) => STANDING_KINDS.has(k)));
        return `t=${threshold} recall ${pct(r.ae, r.a)}, clear ${pct(r.ce, r.c)}, worse gap ${(100 * r.gap).toFixed(1)}`;
      });
      console.log(`${name}, l2=${l2}: ${cells.join(" | ")}`);
    }
  }
}

/**
 * Is the escalation threshold's choice robust across batches? (CV_GRID=batches; sixth session,
 * second round: the first round's choice lowered false escalations in pooled leave-batch-out CV
 * and raised them on the held-out files.) For each L2 and threshold: every batch's recall and
 * clear-escalated rate (the batch scored by a model trained on the others), the worst batch's gap
 * to the targets, and a nested choice: for each batch, the setting with the smallest pooled
 * worse gap on the OTHER batches (their models trained without the batch too) is chosen, then
 * scored on the batch. The nested totals estimate what choosing by CV gives on a new batch.
 */
const medianOf = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

export function crossValidateEscalationBatches(corpus: CorpusEntry[]): void {
  const rows = escalationRows(corpus);
  const batches = [...new Set(rows.map((r) => r.batch))];
  const standing = (i: number) => rows[i]!.asked.some((k) => STANDING_KINDS.has(k));
  const L2S = [0.003, 0.01, 0.03];
  const THRESHOLDS = [0.35, 0.4, 0.45, 0.5];
  const tally = (idx: number[], p: number[], t: number) => escalationRates(rows, (i) => p[i]! >= t || standing(i), idx);
  const idxOf = (batch: string) => rows.flatMap((r, i) => (r.batch === batch ? [i] : []));
  // Plain leave-batch-out, per batch; the eighth session chooses by the median per-batch gap
  // (docs/task-compiler-history.md, "How this session chooses the escalation setting").
  let stable: { median: number; l2: number; t: number } | undefined;
  for (const l2 of L2S) {
    const p = leaveBatchOutVotes(rows, fitWithL2(l2));
    for (const t of THRESHOLDS) {
      const per = batches.map((b) => ({ b, ...tally(idxOf(b), p, t) }));
      const median = medianOf(per.map((x) => x.gap));
      if (!stable || median < stable.median - 1e-9) stable = { median, l2, t };
      console.log(
        `l2=${l2} t=${t}: median per-batch gap ${(100 * median).toFixed(1)}, pooled ${
          tally(
            rows.map((_, i) => i),
            p,
            t,
          ).text
        }`,
      );
      const worst = per.reduce((w, x) => (x.gap > w.gap ? x : w));
      const clearRates = per.map((x) => x.ce / Math.max(x.c, 1));
      const overFive = per.filter((x) => x.ce / Math.max(x.c, 1) > 0.05).length;
      console.log(
        `l2=${l2} t=${t}: worst batch ${worst.b} gap ${(100 * worst.gap).toFixed(1)}; clear escalated per batch ${clearRates.map((r) => (100 * r).toFixed(1)).join(" ")} (over 5% in ${overFive}/${batches.length}); recall per batch ${per.map((x) => ((100 * x.ae) / Math.max(x.a, 1)).toFixed(1)).join(" ")}`,
      );
    }
  }
  console.log(`smallest median per-batch gap: l2=${stable!.l2} t=${stable!.t} (${(100 * stable!.median).toFixed(1)})`);
  // Nested: choose on the other batches, score on the one left out.
  const nested = { a: 0, ae: 0, c: 0, ce: 0 };
  const chosen: string[] = [];
  for (const outer of batches) {
    const inner = batches.filter((b) => b !== outer);
    let best: { gap: number; l2: number; t: number } | undefined;
    for (const l2 of L2S) {
      const p = leaveBatchOutVotes(rows, fitWithL2(l2), outer);
      const innerIdx = inner.flatMap(idxOf);
      for (const t of THRESHOLDS) {
        const { gap } = tally(innerIdx, p, t);
        if (!best || gap < best.gap - 1e-9) best = { gap, l2, t };
      }
    }
    const table = fitWithL2(best!.l2)(rows.filter((r) => r.batch !== outer));
    const p: number[] = new Array(rows.length);
    for (const i of idxOf(outer)) p[i] = logisticVote(table, rows[i]!.x).p;
    const r = tally(idxOf(outer), p, best!.t);
    nested.a += r.a;
    nested.ae += r.ae;
    nested.c += r.c;
    nested.ce += r.ce;
    chosen.push(`${outer}: l2=${best!.l2} t=${best!.t} -> recall ${pct(r.ae, r.a)}, clear ${pct(r.ce, r.c)}`);
  }
  for (const line of chosen) console.log(`nested ${line}`);
  console.log(
    `nested choice, all batches: recall ${pct(nested.ae, nested.a)}, clear escalated ${pct(nested.ce, nested.c)}, worse gap ${(100 * Math.max(0.95 - nested.ae / nested.a, nested.ce / nested.c - 0.05)).toFixed(1)}`,
  );
}
