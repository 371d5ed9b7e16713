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

/** Rows of one model's own: `width` slots per feature, the known slot included, numbers to be filled in after it. */
export function ownRows(featureNames: readonly string[], width: number): FeatureRows {
  const ids = new Map<string, number>();
  const data = new Float64Array(featureNames.length * width);
  featureNames.forEach((feature, id) => {
    ids.set(feature, id);
    data[id * width] = 1;
  });
  return { vocabulary: { ids, last: null }, data, stride: width, offset: 0 };
}

/** Several models' own rows packed into one vocabulary and one row per feature (each model's rows, in the order given). */
export function packRows(models: readonly FeatureRows[]): FeatureRows[] {
  const ids = new Map<string, number>();
  for (const model of models) for (const feature of model.vocabulary.ids.keys()) if (!ids.has(feature)) ids.set(feature, ids.size);
  const stride = models.reduce((sum, model) => sum + model.stride, 0);
  const data = new Float64Array(ids.size * stride);
  const vocabulary: Vocabulary = { ids, last: null };
  let offset = 0;
  return models.map((model) => {
    const width = model.stride;
    for (const [feature, own] of model.vocabulary.ids) {
      const from = own * width + model.offset;
      data.set(model.data.subarray(from, from + width), ids.get(feature)! * stride + offset);
    }
    const packed = { vocabulary, data, stride, offset };
    offset += width;
    return packed;
  });
}

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
