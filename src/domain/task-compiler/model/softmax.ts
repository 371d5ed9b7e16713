// A multinomial logistic regression over the same binary features as the naive Bayes
// (features.ts), read from a table scripts/train-task-model.ts writes from the development split.
// The type evidence mixes its probabilities with the naive Bayes' (type-evidence.ts). Pure and
// deterministic: the table's weights are integers (hundredths), summed in the text's feature order.
import { knownSlots, ownRows, type FeatureRows } from "./feature-rows.js";

/** The shipped table: per feature, the classes whose weight is not zero, in `scale` units ([class, weight, …]). */
export interface SoftmaxTable {
  classes: string[];
  /** The size of one weight unit (0.01: a weight of 37 is 0.37 of log-odds). */
  scale: number;
  /** The intercepts, one per class (in log-odds, not in `scale` units). */
  bias: number[];
  weights: Record<string, number[]>;
}

export interface SoftmaxModel {
  classes: string[];
  bias: Float64Array;
  /** Per feature (feature-rows.ts), after the known slot: the weights, one per class. */
  rows: FeatureRows;
}

/** The slots of a regression row over these classes (feature-rows.ts). */
export const softmaxWidth = (classes: readonly string[]): number => 1 + classes.length;

/** The model of a table, in rows of its own or in its place in rows shared with other models (shipped-models.ts). */
export function loadSoftmax(table: SoftmaxTable, place = ownRows(Object.keys(table.weights), softmaxWidth(table.classes))): SoftmaxModel {
  const { rows, features, slots } = place;
  features.forEach((feature, f) => {
    const sparse = table.weights[feature]!;
    for (let i = 0; i < sparse.length; i += 2) rows.data[slots[f]! + 1 + sparse[i]!] = sparse[i + 1]! * table.scale;
  });
  return { classes: table.classes, bias: Float64Array.from(table.bias), rows };
}

/** The class probabilities of a text, in the table's class order. */
export function softmaxProbabilities(model: SoftmaxModel, text: string): Float64Array {
  const k = model.classes.length;
  // Thirtieth session (speed): copied by the typed-array constructor; Float64Array.from walked the
  // bias through an iterator, its results garbage on every request.
  const z = new Float64Array(model.bias);
  const { data } = model.rows;
  for (const slot of knownSlots(model.rows, text)) for (let c = 0; c < k; c++) z[c]! += data[slot + 1 + c]!;
  return normalise(z);
}

/** exp and normalise, in place (the largest value subtracted first). */
export function normalise(z: Float64Array): Float64Array {
  let max = -Infinity;
  for (const v of z) if (v > max) max = v;
  let sum = 0;
  for (let c = 0; c < z.length; c++) sum += z[c] = Math.exp(z[c]! - max);
  for (let c = 0; c < z.length; c++) z[c]! /= sum;
  return z;
}

/** The geometric mix of two class distributions: p ∝ pa^(1-w) · pb^w. */
export function mixProbabilities(pa: ArrayLike<number>, pb: ArrayLike<number>, w: number): Float64Array {
  const z = new Float64Array(pa.length);
  for (let c = 0; c < z.length; c++) z[c] = (1 - w) * Math.log(pa[c]! + 1e-12) + w * Math.log(pb[c]! + 1e-12);
  return normalise(z);
}
