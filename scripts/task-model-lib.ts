// Training for the compiler's learned evidence: shared by scripts/train-task-model.ts and the test
// that checks the shipped table is not stale. Reads the development split only.
import { readFileSync } from "node:fs";
import { ESCALATION_FEATURES, escalationFeatures } from "../src/domain/task-compiler/model/escalation-features.js";
import { features } from "../src/domain/task-compiler/model/features.js";
import { fitLogistic, type LogisticTable } from "../src/domain/task-compiler/model/logistic.js";
import { leanOf } from "../src/domain/task-compiler/model/ambiguity-evidence.js";
import { loadModel, readScore } from "../src/domain/task-compiler/model/naive-bayes.js";
import { loadSoftmax, normalise, type SoftmaxTable } from "../src/domain/task-compiler/model/softmax.js";
import type { TypeModels } from "../src/domain/task-compiler/model/type-evidence.js";
import { segment } from "../src/domain/task-compiler/segment.js";
import type { NaiveBayesTable } from "../src/domain/task-compiler/model/naive-bayes.js";
import { requestText } from "../src/domain/task-compiler/request.js";
import { TASK_TYPES } from "../src/contracts/task-ir.js";
import { requestOf, type CorpusEntry } from "../test/support/task-corpus.js";

const MODEL_DIR = new URL("../src/domain/task-compiler/model/", import.meta.url);

/** The hyperparameters, chosen by 5-fold cross-validation on the development split (--cv). */
export const TYPE_MODEL_SETTINGS = { alpha: 0.1, minDocs: 1 };
export const AMBIGUITY_MODEL_SETTINGS = { alpha: 0.5, minDocs: 1 };
export const AMBIGUITY_CLASSES = ["AMBIGUOUS", "CLEAR"];

export const TYPE_CLASSES = [...TASK_TYPES];

/** The text the compiler reads for an entry. */
export const textOf = (entry: CorpusEntry): string => requestText(requestOf(entry));

// The type and ambiguity tables and the escalation rows' leave-batch-out counts read the same
// texts: a text's features are the same every time (features() is pure), so they are read once.
const featureMemo = new Map<string, string[]>();
function featuresOf(text: string): string[] {
  let found = featureMemo.get(text);
  if (!found) featureMemo.set(text, (found = features(text)));
  return found;
}

export function buildTable(
  rows: { text: string; label: string }[],
  classes: readonly string[],
  settings: { alpha: number; minDocs: number },
): NaiveBayesTable {
  const docFrequency = new Map<string, number>();
  const featureRows = rows.map((row) => ({ label: classes.indexOf(row.label), features: featuresOf(row.text) }));
  for (const row of featureRows) for (const f of row.features) docFrequency.set(f, (docFrequency.get(f) ?? 0) + 1);
  const { docs, totals, perFeature } = countFeatures(featureRows, classes.length, (f) => (docFrequency.get(f) ?? 0) >= settings.minDocs);
  const counts: Record<string, number[]> = {};
  for (const f of [...perFeature.keys()].sort()) counts[f] = perFeature.get(f)!.flatMap((n, c) => (n ? [c, n] : []));
  return { classes: [...classes], alpha: settings.alpha, docs, totals, counts };
}

/**
 * Per class: how many rows, how many feature occurrences, and each feature's occurrences (a row's
 * label is a class index; -1 is skipped). The naive Bayes tables and training's leave-batch-out
 * leans both count with it.
 */
function countFeatures(
  rows: { label: number; features: Iterable<string> }[],
  k: number,
  keep: (feature: string) => boolean = () => true,
): { docs: number[]; totals: number[]; perFeature: Map<string, number[]> } {
  const docs = new Array<number>(k).fill(0);
  const totals = new Array<number>(k).fill(0);
  const perFeature = new Map<string, number[]>();
  for (const row of rows) {
    if (row.label < 0) continue;
    docs[row.label]!++;
    for (const f of row.features) {
      if (!keep(f)) continue;
      let counts = perFeature.get(f);
      if (!counts) perFeature.set(f, (counts = new Array<number>(k).fill(0)));
      counts[row.label]!++;
      totals[row.label]!++;
    }
  }
  return { docs, totals, perFeature };
}

/** Entries whose type the text decides (a structured request's explicit type is not learned from). */
export const typeRows = (corpus: CorpusEntry[]) =>
  corpus.filter((e) => !e.request?.taskType).map((e) => ({ text: textOf(e), label: e.expect.type }));

export const buildTypeTable = (corpus: CorpusEntry[]): NaiveBayesTable => buildTable(typeRows(corpus), TYPE_CLASSES, TYPE_MODEL_SETTINGS);

/**
 * The type model's logistic regression (mixed with the naive Bayes in type-evidence.ts): L2 penalty,
 * rounds and step of its descent, as cross-validated on the first-contact rows (CV_GRID=type-models,
 * CV_MODELS="mix,1e-4,200,0.5,0.5"; ninth session, branch `emb`).
 */
export const TYPE_LR_SETTINGS = { l2: 1e-4, rounds: 200, step: 0.5 };

/**
 * Multinomial logistic regression over the binary features: full-batch AdaGrad on the mean log
 * loss plus L2 (not on the biases), fixed rounds, rows in order: deterministic.
 *
 * Laid out for the memory it touches (about 20,000 rows of 60 features over 200,000 features and
 * 15 classes), with every number computed as the plain loop computes it: each row's scores add its
 * features' weights in the row's order; each weight's gradient adds the rows' errors divided by n
 * in row order (each row's z[c] / n computed once instead of once per feature); then its AdaGrad
 * step. Two changes of layout only, neither changing an operation or its order on any number:
 * - features are renumbered most frequent first (ties in first-seen order), so that the weights
 *   most rows read sit together in cache; the weights are put back in the caller's order at the end;
 * - the gradient is summed per feature over the rows that hold it (an index of them, built once),
 *   instead of scattered from each row into a gradient as large as the weights, and each weight
 *   takes its step as soon as its gradient is summed (no row reads the weights after the forward
 *   pass of a round).
 * The shipped type regression is byte-identical either way (the stale-table test checks it).
 */
export function fitSoftmax(
  xs: Int32Array[],
  ys: number[],
  dims: number,
  options: { l2: number; rounds: number; step: number },
  K = TYPE_CLASSES.length,
) {
  const n = xs.length;
  // Features by how many rows hold them, most first; `to[f]`: feature f's new number.
  const frequency = new Int32Array(dims);
  for (const x of xs) for (let j = 0; j < x.length; j++) frequency[x[j]!]!++;
  const order = Array.from({ length: dims }, (_, f) => f).sort((a, b) => frequency[b]! - frequency[a]! || a - b);
  const to = new Int32Array(dims);
  order.forEach((f, i) => (to[f] = i));
  const rows = xs.map((x) => x.map((f) => to[f]!));
  // Per feature (new numbering), the rows that hold it, in row order (a row holding it twice, twice).
  const start = new Int32Array(dims + 1);
  for (let i = 0; i < dims; i++) start[i + 1] = start[i]! + frequency[order[i]!]!;
  const next = start.slice(0, dims);
  const holders = new Int32Array(start[dims]!);
  for (let r = 0; r < n; r++) {
    const x = rows[r]!;
    for (let j = 0; j < x.length; j++) holders[next[x[j]!]!++] = r;
  }

  const W = new Float64Array(dims * K);
  const b = new Float64Array(K);
  const GW = new Float64Array(dims * K);
  const Gb = new Float64Array(K);
  const z = new Float64Array(K);
  const gb = new Float64Array(K);
  /** Each row's z[c] / n, as the gradient adds it. */
  const zn = new Float64Array(n * K);
  const g = new Float64Array(K);
  for (let round = 0; round < options.rounds; round++) {
    gb.fill(0);
    for (let r = 0; r < n; r++) {
      const x = rows[r]!;
      z.set(b);
      for (let j = 0; j < x.length; j++) {
        const at = x[j]! * K;
        for (let c = 0; c < K; c++) z[c]! += W[at + c]!;
      }
      normalise(z);
      z[ys[r]!]! -= 1;
      for (let c = 0; c < K; c++) {
        const v = z[c]! / n;
        zn[r * K + c] = v;
        gb[c]! += v;
      }
    }
    for (let f = 0; f < dims; f++) {
      g.fill(0);
      for (let h = start[f]!, end = start[f + 1]!; h < end; h++) {
        const at = holders[h]! * K;
        for (let c = 0; c < K; c++) g[c]! += zn[at + c]!;
      }
      for (let c = 0; c < K; c++) {
        const i = f * K + c;
        const gi = g[c]! + options.l2 * W[i]!;
        if (gi === 0) continue;
        GW[i]! += gi * gi;
        W[i]! -= (options.step * gi) / Math.sqrt(GW[i]!);
      }
    }
    for (let c = 0; c < K; c++) {
      Gb[c]! += gb[c]! * gb[c]!;
      if (Gb[c]! > 0) b[c]! -= (options.step * gb[c]!) / Math.sqrt(Gb[c]!);
    }
  }
  // The weights back in the caller's feature order.
  const weights = new Float64Array(dims * K);
  for (let f = 0; f < dims; f++) weights.set(W.subarray(to[f]! * K, to[f]! * K + K), f * K);
  return { W: weights, b };
}

/**
 * Feature index over texts, and each text as feature indices, in first-seen order (features
 * unseen in training cannot move a linear model). `featuresOf`: the shipped featuriser unless given.
 */
export function indexTexts(texts: string[], featuresOf: (text: string) => string[] = features) {
  const index = new Map<string, number>();
  const xs = texts.map((text) =>
    Int32Array.from(featuresOf(text), (f) => {
      let i = index.get(f);
      if (i === undefined) index.set(f, (i = index.size));
      return i;
    }),
  );
  return { index, xs };
}

/** A weight unit of the shipped regression, and the smallest weight kept (in units). */
const LR_SCALE = 0.01;
const LR_KEPT = 2;

/**
 * The type regression's table, trained on the rows in the order given (the corpus order). Each
 * feature's weights are shifted by their median (adding one number to every class's weight of a
 * feature leaves the probabilities as they were), rounded to hundredths, and those under 0.02
 * dropped; a feature with no weight left is not shipped. Keys sorted, as in the naive Bayes table.
 */
export function buildLrTable(
  rows: { text: string; label: string }[],
  classes: readonly string[],
  settings: { l2: number; rounds: number; step: number } = TYPE_LR_SETTINGS,
): SoftmaxTable {
  const K = classes.length;
  const { index, xs } = indexTexts(
    rows.map((row) => row.text),
    featuresOf,
  );
  const { W, b } = fitSoftmax(
    xs,
    rows.map((row) => classes.indexOf(row.label)),
    index.size,
    settings,
    K,
  );
  const median = (v: ArrayLike<number>) => Array.from(v).sort((x, y) => x - y)[K >> 1]!;
  const weights: Record<string, number[]> = {};
  for (const f of [...index.keys()].sort()) {
    const row = W.subarray(index.get(f)! * K, index.get(f)! * K + K);
    const shift = median(row);
    const kept: number[] = [];
    row.forEach((v, c) => {
      const units = Math.round((v - shift) / LR_SCALE);
      if (Math.abs(units) >= LR_KEPT) kept.push(c, units);
    });
    if (kept.length) weights[f] = kept;
  }
  const shift = median(b);
  return { classes: [...classes], scale: LR_SCALE, bias: Array.from(b, (v) => Math.round((v - shift) * 1e4) / 1e4), weights };
}

export const buildTypeLrTable = (corpus: CorpusEntry[]): SoftmaxTable => buildLrTable(typeRows(corpus), TYPE_CLASSES);

/** Both type models trained on some of the corpus (for cross-validation through useTypeModel). */
export const trainTypeModels = (corpus: CorpusEntry[]): TypeModels => ({
  nb: loadModel(buildTypeTable(corpus)),
  lr: loadSoftmax(buildTypeLrTable(corpus)),
});

export const buildAmbiguityTable = (corpus: CorpusEntry[]): NaiveBayesTable =>
  buildTable(
    corpus.map((e) => ({ text: textOf(e), label: e.expect.ambiguous ? "AMBIGUOUS" : "CLEAR" })),
    AMBIGUITY_CLASSES,
    AMBIGUITY_MODEL_SETTINGS,
  );

/** The escalation model's L2 penalty and descent, chosen by leave-batch-out cross-validation (--cv). */
export const ESCALATION_MODEL_SETTINGS = { l2: 0.01, rounds: 3000, step: 0.5 };

/**
 * What the rules asked about each fresh development batch at first contact, at the commit before
 * any rule was written from it (scripts/first-contact/collect.sh writes it from the git history).
 */
export interface FirstContactRow {
  id: string;
  /** The batch: the commit that added it and its file. */
  batch: string;
  /** The compiler commit that had not seen it. */
  compiler: string;
  /**
   * "fresh": written as a check on generality before the compiler was run on it (parts 96–99b
   * and the blind part 97), the conditions the held-out files were written in; "family": parts
   * 10–95, exercises per family of issue 14 by the rules' own author. Only fresh rows are trained
   * on (docs/task-compiler-history.md, "Held-out looks in the fifth session").
   */
  written: "fresh" | "family";
  /** The text as first written (some were reworded later); absent for a structured request. */
  text?: string;
  kinds: string[];
  /** The rules' own type then, and its lead over the runner-up (free-text requests only). */
  rulesType?: string;
  rulesLead?: number;
  /**
   * What that compiler's detectors said they resolved (its x-canon.explanations.ambiguity_notes,
   * one note each); absent where its compiler wrote no notes (before 6688d52) or was not re-run.
   * Recorded since the eighteenth session; not a feature of the shipped model (measured and
   * dropped: scripts/task-model-notes-cv.ts, docs/task-compiler.md "Escalation model").
   */
  notes?: string[];
  /** That compiler's type, risk, mode and privacy (absent where it was not re-run). */
  compiled?: { type: string; risk: string; mode: string; privacy: string };
}

export const loadFirstContact = (): FirstContactRow[] =>
  JSON.parse(readFileSync(new URL("../test/fixtures/task-corpus-first-contact.json", import.meta.url), "utf8")) as FirstContactRow[];

export interface EscalationRow {
  id: string;
  batch: string;
  y: 0 | 1;
  asked: string[];
  x: number[];
}

/**
 * The escalation model's training rows: each first-contact request with the questions the rules
 * asked then, and the naive Bayes ambiguity vote of a model trained without its batch (a new batch
 * is what the shipped model meets, and a batch's requests are often minimal pairs of each other).
 */
export function escalationRows(corpus: CorpusEntry[], firstContact: FirstContactRow[] = loadFirstContact()): EscalationRow[] {
  const byId = new Map(corpus.map((e) => [e.id, e]));
  const rows = firstContact.filter((r) => byId.has(r.id) && r.written === "fresh");
  const leans = leaveBatchOutLeans(corpus, rows);
  return rows.map((r, i) => {
    const entry = byId.get(r.id)!;
    const text = r.text ?? textOf(entry);
    const { lean, logit } = leans[i]!;
    return {
      id: r.id,
      batch: r.batch,
      y: entry.expect.ambiguous ? 1 : 0,
      asked: r.kinds,
      x: escalationFeatures({ text, clauses: segment(text), asked: r.kinds, lean, logit }),
    };
  });
}

/**
 * Each row's ambiguity lean (ambiguity-evidence.ts) under the naive Bayes trained on the corpus
 * without the row's batch: the same numbers as `ambiguityLean(text, loadModel(buildAmbiguityTable(
 * rest)))`, but from one count of the whole corpus less the batch's own counts, instead of ninety
 * tables and models built whole (most of training's time). The arithmetic is loadModel's and
 * predict's, expression for expression, so the shipped table stays byte-identical; the
 * stale-table test (test/domain/task-compiler-model.test.ts) checks it.
 */
export function leaveBatchOutLeans(corpus: CorpusEntry[], rows: FirstContactRow[]): { lean: number; logit: number }[] {
  const k = AMBIGUITY_CLASSES.length;
  const { alpha } = AMBIGUITY_MODEL_SETTINGS;
  const byId = new Map(corpus.map((e) => [e.id, e]));
  const labelled = corpus.map((e) => ({ id: e.id, label: e.expect.ambiguous ? 0 : 1, features: featuresOf(textOf(e)) }));
  const all = countFeatures(labelled, k);
  const leans = new Array<{ lean: number; logit: number }>(rows.length);
  const batches = new Map<string, number[]>();
  rows.forEach((r, i) => batches.set(r.batch, [...(batches.get(r.batch) ?? []), i]));
  for (const members of batches.values()) {
    const ids = new Set(members.map((i) => rows[i]!.id));
    const own = countFeatures(
      labelled.filter((row) => ids.has(row.id)),
      k,
    );
    // The model left without the batch: its class counts, and its vocabulary (features some other request has).
    const docs = all.docs.map((d, c) => d - own.docs[c]!);
    const totals = all.totals.map((t, c) => t - own.totals[c]!);
    let vocabulary = all.perFeature.size;
    for (const [f, counts] of own.perFeature) if (counts.every((n, c) => n === all.perFeature.get(f)![c])) vocabulary--;
    const allDocs = docs.reduce((a, b) => a + b, 0);
    const prior = docs.map((d) => Math.log((d + 1) / (allDocs + k)));
    const denominators = totals.map((t) => Math.log(t + alpha * vocabulary));
    for (const i of members) {
      const r = rows[i]!;
      const score = Float64Array.from(prior);
      let known = 0;
      for (const f of featuresOf(r.text ?? textOf(byId.get(r.id)!))) {
        const full = all.perFeature.get(f);
        if (!full) continue;
        const left = full.map((n, c) => n - (own.perFeature.get(f)?.[c] ?? 0));
        if (left.every((n) => n === 0)) continue;
        known++;
        for (let c = 0; c < k; c++) score[c]! += Math.log(left[c]! + alpha) - denominators[c]!;
      }
      leans[i] = leanOf({ ...readScore(AMBIGUITY_CLASSES, score, known), known });
    }
  }
  return leans;
}

export const buildEscalationTable = (rows: EscalationRow[], settings = ESCALATION_MODEL_SETTINGS): LogisticTable =>
  fitLogistic(ESCALATION_FEATURES, rows, settings);

/** Every generated module: where it goes and what it holds. */
export function generatedModels(corpus: CorpusEntry[]): { url: URL; source: string }[] {
  return [
    { url: new URL("type-model.generated.ts", MODEL_DIR), source: tableSource("TYPE_TABLE", buildTypeTable(corpus)) },
    { url: new URL("type-lr-model.generated.ts", MODEL_DIR), source: tableSource("TYPE_LR_TABLE", buildTypeLrTable(corpus)) },
    { url: new URL("ambiguity-model.generated.ts", MODEL_DIR), source: tableSource("AMBIGUITY_TABLE", buildAmbiguityTable(corpus)) },
    {
      url: new URL("escalation-model.generated.ts", MODEL_DIR),
      source: tableSource("ESCALATION_TABLE", buildEscalationTable(escalationRows(corpus))),
    },
  ];
}

function tableSource(name: string, table: NaiveBayesTable | SoftmaxTable | LogisticTable): string {
  return [
    "// GENERATED by scripts/train-task-model.ts (npm run train:compiler) from the development split.",
    "// Do not edit: a test fails when this table is stale relative to the corpus and the script.",
    "// The table as JSON text, parsed on first use (loadModel): importing the compiler costs a",
    "// string, not the ~4 MiB of objects the parsed tables make, in every process that never compiles.",
    "",
    "// prettier-ignore",
    `export const ${name}_JSON = ${JSON.stringify(JSON.stringify(table))};`,
    "",
  ].join("\n");
}

/** FNV-1a of the id: a request's fold never changes. */
export function foldOf(id: string, folds: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return h % folds;
}
