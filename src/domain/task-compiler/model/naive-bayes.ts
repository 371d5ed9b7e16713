// A multinomial naive Bayes over binary features (a feature counts once per request), read from a
// table of counts that scripts/train-task-model.ts writes from the development split. Hand-written
// (about eighty lines) rather than taken from a package: `wink-naive-bayes-text-classifier` does the
// same arithmetic (binarized multinomial NB, JSON export), but as far as its documentation shows it
// returns class odds, not the features behind a vote, and every decision here must be explained;
// with our own features (features.ts) what remains of the classifier is this file.
import { featureAt, knownSlots, ownRows, type FeatureRows } from "./feature-rows.js";

/** The shipped table: per feature, the classes it was seen with and how often ([class, count, …]). */
export interface NaiveBayesTable {
  classes: string[];
  alpha: number;
  /** Requests per class in the training data. */
  docs: number[];
  /** Feature occurrences per class in the training data. */
  totals: number[];
  counts: Record<string, number[]>;
}

export interface NaiveBayesModel {
  classes: string[];
  prior: Float64Array;
  /**
   * Per feature (feature-rows.ts), after the known slot: the row's sum, for the lift that names the
   * features behind a vote, then log P(feature | class) for each of `classes`.
   */
  rows: FeatureRows;
}

/** Slots of a naive Bayes row after its known slot: the row's sum, then one per class. */
const SUM = 1;
const LOGP = 2;

/** The slots of a naive Bayes row over these classes (feature-rows.ts). */
export const naiveBayesWidth = (classes: readonly string[]): number => LOGP + classes.length;

/** The model of a table, in rows of its own or in its place in rows shared with other models (shipped-models.ts). */
export function loadModel(
  table: NaiveBayesTable,
  place = ownRows(Object.keys(table.counts), naiveBayesWidth(table.classes)),
): NaiveBayesModel {
  const k = table.classes.length;
  const { rows, features, slots } = place;
  const allDocs = table.docs.reduce((a, b) => a + b, 0);
  const prior = Float64Array.from(table.docs, (d) => Math.log((d + 1) / (allDocs + k)));
  const denominators = table.totals.map((t) => Math.log(t + table.alpha * features.length));
  const unseen = Float64Array.from(denominators, (d) => Math.log(table.alpha) - d);
  const unseenSum = unseen.reduce((a, b) => a + b, 0);
  const { data } = rows;
  features.forEach((feature, f) => {
    const base = slots[f]!;
    data.set(unseen, base + LOGP);
    let sum = unseenSum;
    const sparse = table.counts[feature]!;
    for (let i = 0; i < sparse.length; i += 2) {
      const c = sparse[i]!;
      const value = Math.log(sparse[i + 1]! + table.alpha) - denominators[c]!;
      sum += value - unseen[c]!;
      data[base + LOGP + c] = value;
    }
    data[base + SUM] = sum;
  });
  return { classes: table.classes, prior, rows };
}

/** The start of a feature's part of its row (its known slot), or -1 where the model does not know it. */
function slotOf(model: NaiveBayesModel, feature: string): number {
  const { vocabulary, data, stride, offset } = model.rows;
  const id = vocabulary.ids.get(feature);
  return id !== undefined && data[id * stride + offset] === 1 ? id * stride + offset : -1;
}

export const knowsFeature = (model: NaiveBayesModel, feature: string): boolean => slotOf(model, feature) >= 0;

/** A known feature's log-likelihoods added to `score` (one per class); nothing for an unknown one. */
export function addFeature(model: NaiveBayesModel, feature: string, score: Float64Array): void {
  const slot = slotOf(model, feature);
  if (slot >= 0) for (let c = 0; c < score.length; c++) score[c]! += model.rows.data[slot + LOGP + c]!;
}

export interface Prediction {
  /** Classes by descending probability. */
  ranked: { label: string; p: number }[];
  /** The known features that favour the top class most, strongest first. */
  because: string[];
  /** The log-odds of each class against the top one, per known feature (0 for the top class). */
  perFeature: Record<string, number>;
  /** How many of the text's features the model knows. */
  known: number;
}

export function predict(model: NaiveBayesModel, text: string): Prediction {
  const k = model.classes.length;
  // Scratch scores, reused: a typed array made per call was a large share of a request's garbage.
  const score = scratch(k);
  score.set(model.prior);
  const { data } = model.rows;
  const seen = knownSlots(model.rows, text);
  for (const slot of seen) for (let c = 0; c < k; c++) score[c]! += data[slot + LOGP + c]!;
  const { ranked, perFeature, top } = readScore(model.classes, score, seen.length);
  return { ranked, because: strongest(model, seen, top), perFeature, known: seen.length };
}

/**
 * A naive Bayes score (log prior plus the known features' log likelihoods, one per class) read as
 * `predict` reads it: the classes ranked by probability, each class's log-odds against the top per
 * known feature, and the top class's index. Training's leave-batch-out leans read their scores
 * here too, so the shipped tables and the compiler agree. `score` is overwritten.
 */
export function readScore(
  classes: readonly string[],
  score: Float64Array,
  known: number,
): { ranked: { label: string; p: number }[]; perFeature: Record<string, number>; top: number } {
  let top = 0;
  for (let c = 1; c < classes.length; c++) if (score[c]! > score[top]!) top = c;
  const max = score[top]!;
  let sum = 0;
  const n = Math.max(1, known);
  const perFeature: Record<string, number> = {};
  for (let c = 0; c < classes.length; c++) {
    perFeature[classes[c]!] = (score[c]! - max) / n;
    sum += score[c] = Math.exp(score[c]! - max);
  }
  return { ranked: rankedOf(classes, score, sum), perFeature, top };
}

const scratches: Float64Array[] = [];
const scratch = (k: number): Float64Array => (scratches[k] ??= new Float64Array(k));

/**
 * The classes by descending probability (exp[c] / sum), ties in class order: an insertion sort,
 * the same order as sorting by (b.p - a.p || a.c - b.c), without the sort's objects. The type
 * vote ranks its mixed probabilities here too (sum 1). Thirtieth session (speed): the entries
 * after the place are moved up by hand; `splice` returned a new (empty) array on every insertion,
 * a dozen a ranking, two or three rankings a request.
 */
export function rankedOf(classes: readonly string[], exp: ArrayLike<number>, sum: number): { label: string; p: number }[] {
  const ranked: { label: string; p: number }[] = [];
  for (let c = 0; c < classes.length; c++) {
    const entry = { label: classes[c]!, p: exp[c]! / sum };
    let at = ranked.length;
    ranked.push(entry);
    for (; at > 0 && ranked[at - 1]!.p < entry.p; at--) ranked[at] = ranked[at - 1]!;
    ranked[at] = entry;
  }
  return ranked;
}

/** The known features of a text that favour a class most, strongest first (as `because`, for another class). */
export function featuresFavouring(model: NaiveBayesModel, text: string, label: string): string[] {
  return strongest(model, knownSlots(model.rows, text), model.classes.indexOf(label));
}

/** The three features whose likelihood under the class most exceeds their mean under the others. */
function strongest(model: NaiveBayesModel, seen: readonly number[], top: number): string[] {
  const k = model.classes.length;
  const { data } = model.rows;
  const best: [string, number][] = [];
  for (const slot of seen) {
    const own = data[slot + LOGP + top]!;
    const lift = own - (data[slot + SUM]! - own) / (k - 1);
    // Twentieth session (speed): a feature below the third best is not named (featureAt reads a
    // table far from the rows, a cache miss per feature); only a tie is ordered by name.
    if (!(lift > 0) || (best.length === 3 && lift < best[2]![1])) continue;
    const feature = featureAt(model.rows, slot);
    let at = best.length;
    while (at > 0 && (best[at - 1]![1] < lift || (best[at - 1]![1] === lift && best[at - 1]![0] > feature))) at--;
    if (at < 3) {
      // Moved up by hand, the fourth dropped (splice's returned array was garbage, as in rankedOf).
      for (let i = Math.min(best.length, 2); i > at; i--) best[i] = best[i - 1]!;
      best[at] = [feature, lift];
    }
  }
  return best.map(([feature]) => feature);
}
