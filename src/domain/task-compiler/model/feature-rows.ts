// Where the word models keep their numbers for each feature. Three models read every request (the
// type naive Bayes and regression, the ambiguity naive Bayes) from tables of 79,000 to 173,000
// features, and reading them was the compiler's largest single cost: not the arithmetic but the
// memory, a feature's numbers lying in a dozen places (a Map entry per model, a row per model, a
// row sum) each of which misses the CPU caches. So the shipped models are packed together
// (shipped-models.ts): one vocabulary, looked up once per feature for all three, and one row per
// feature holding every model's numbers side by side. A model loaded on its own (training,
// cross-validation) has rows of its own in the same form, so the models read both alike.
import { features } from "./features.js";

/** Features by id, and the last text's known features: every model of a request reads the same text. */
export interface Vocabulary {
  ids: ReadonlyMap<string, number>;
  last: { text: string; names: string[]; ids: number[] } | null;
}

/**
 * A model's numbers for each feature of its vocabulary: row `id` of `data` starts at `id * stride`,
 * and this model's part of it at `offset`, whose first slot is 1 where the model knows the feature
 * (0: only a model packed with it does) and whose numbers follow.
 */
export interface FeatureRows {
  vocabulary: Vocabulary;
  data: Float64Array;
  stride: number;
  offset: number;
}

/** A model's place in rows: the rows, and where each of its features' part starts (its known slot, set). */
export interface RowPlace {
  rows: FeatureRows;
  /** The model's features, in the order they were given. */
  features: readonly string[];
  /** Where each feature's part starts: the model's loader fills in its numbers after it. */
  slots: Int32Array;
}

/** Rows for models that share one vocabulary, each given by its features and its width (its slots per feature, the known slot included). */
export function sharedRows(models: readonly { features: readonly string[]; width: number }[]): RowPlace[] {
  const ids = new Map<string, number>();
  const idsOf = models.map(({ features }) =>
    Int32Array.from(features, (feature) => {
      let id = ids.get(feature);
      if (id === undefined) ids.set(feature, (id = ids.size));
      return id;
    }),
  );
  const stride = models.reduce((sum, model) => sum + model.width, 0);
  const vocabulary: Vocabulary = { ids, last: null };
  const data = new Float64Array(ids.size * stride);
  let offset = 0;
  return models.map(({ features, width }, m) => {
    const slots = idsOf[m]!.map((id) => id * stride + offset);
    for (const slot of slots) data[slot] = 1;
    offset += width;
    return { rows: { vocabulary, data, stride, offset: offset - width }, features, slots };
  });
}

/** Rows of one model's own. */
export const ownRows = (features: readonly string[], width: number): RowPlace => sharedRows([{ features, width }])[0]!;

/** The features of a text the vocabulary knows, in features(text) order; looked up once per text. */
function knownFeatures(vocabulary: Vocabulary, text: string): { names: string[]; ids: number[] } {
  if (vocabulary.last?.text === text) return vocabulary.last;
  const names: string[] = [];
  const ids: number[] = [];
  for (const feature of features(text)) {
    const id = vocabulary.ids.get(feature);
    if (id === undefined) continue;
    names.push(feature);
    ids.push(id);
  }
  vocabulary.last = { text, names, ids };
  return vocabulary.last;
}

/**
 * The text's features this model knows, each with where its part of the row starts (its known
 * slot), in features(text) order: the order the models sum in, so every sum is the same.
 */
export function knownSlots(rows: FeatureRows, text: string): [string, number][] {
  const known = knownFeatures(rows.vocabulary, text);
  const found: [string, number][] = [];
  for (let i = 0; i < known.ids.length; i++) {
    const slot = known.ids[i]! * rows.stride + rows.offset;
    if (rows.data[slot] === 1) found.push([known.names[i]!, slot]);
  }
  return found;
}
