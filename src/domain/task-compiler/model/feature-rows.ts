// Where the word models keep their numbers for each feature. Three models read every request (the
// type naive Bayes and regression, the ambiguity naive Bayes) from tables of 79,000 to 173,000
// features, and reading them was the compiler's largest single cost: not the arithmetic but the
// memory, a feature's numbers lying in a dozen places (a Map entry per model, a row per model, a
// row sum) each of which misses the CPU caches. So the shipped models are packed together
// (shipped-models.ts): one vocabulary, looked up once per feature for all three, and one row per
// feature holding every model's numbers side by side. A model loaded on its own (training,
// cross-validation) has rows of its own in the same form, so the models read both alike.
import { MAX_CHARS, MAX_TOKENS, OPENING, tokenForm, tokenText } from "./features.js";

/** Features by id, and the last text's known features: every model of a request reads the same text. */
export interface Vocabulary {
  ids: ReadonlyMap<string, number>;
  /** The last text read and its known features' ids, in features(text) order. */
  last: { text: string; ids: number[] } | null;
  /** The features' words as numbers, made on first use (wordIndex). */
  index: WordIndex | null;
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
  const vocabulary: Vocabulary = { ids, last: null, index: null };
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

/**
 * The ids of the features of a text the vocabulary knows, in features(text) order (the order the
 * models sum in, so every sum is the same); read once per text for all the models sharing it.
 * features(text) builds every unigram, bigram and opening as a string and looks each up in a Map
 * of some 195,000 entries; here a token is looked up once as a word (a feature's word is a number),
 * and its features are found by that number: no string is built, and a feature none of whose words
 * the vocabulary has is never looked for.
 */
function knownFeatures(vocabulary: Vocabulary, text: string): number[] {
  if (vocabulary.last?.text === text) return vocabulary.last.ids;
  const index = (vocabulary.index ??= wordIndex(vocabulary.ids));
  const words = wordsOf(index, text);
  const seen = index.seen;
  const stamp = nextStamp(index);
  const ids: number[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word >= 0) addOnce(ids, seen, stamp, index.unigram[word]!);
    if (i + 1 < words.length && word >= 0 && words[i + 1]! >= 0) addOnce(ids, seen, stamp, pairId(index, word, words[i + 1]!));
    if (i < OPENING && word >= 0) addOnce(ids, seen, stamp, index.opening[word]!);
  }
  vocabulary.last = { text, ids };
  return ids;
}

// A module function, not a closure per text: under tsx (keepNames) each closure made costs a
// defineProperty of its name.
function addOnce(ids: number[], seen: Int32Array, stamp: number, id: number): void {
  if (id >= 0 && seen[id] !== stamp) {
    seen[id] = stamp;
    ids.push(id);
  }
}

/**
 * The start of each known feature's part of this model's row (its known slot), in features(text)
 * order. The feature of a slot is featureAt(rows, slot).
 */
export function knownSlots(rows: FeatureRows, text: string): number[] {
  const ids = knownFeatures(rows.vocabulary, text);
  const found: number[] = [];
  for (let i = 0; i < ids.length; i++) {
    const slot = ids[i]! * rows.stride + rows.offset;
    if (rows.data[slot] === 1) found.push(slot);
  }
  return found;
}

/** The feature whose row part starts at a slot knownSlots gave. */
export function featureAt(rows: FeatureRows, slot: number): string {
  const index = (rows.vocabulary.index ??= wordIndex(rows.vocabulary.ids));
  return index.names[(slot - rows.offset) / rows.stride]!;
}

/**
 * The vocabulary's features by their words: every word any feature holds has a number; a unigram
 * and an opening ("^word") are found by their word's number, a bigram ("a b") by its two in a hash
 * table of pairs. features.ts makes exactly these three forms (a token holds no space and no "^").
 */
interface WordIndex {
  words: Map<string, number>;
  /** Feature names by id. */
  names: string[];
  unigram: Int32Array;
  opening: Int32Array;
  /** Open addressing over pairs of word numbers: first word, second word, feature id (-1: empty). */
  pairFirst: Int32Array;
  pairSecond: Int32Array;
  pairFeature: Int32Array;
  pairMask: number;
  /** A token as matched (before stemming) to its word's number, or -1; emptied when full. */
  memo: Map<string, number>;
  /** Per feature, the text it was last added for: each known feature is taken once per text. */
  seen: Int32Array;
  stamp: number;
}

function wordIndex(ids: ReadonlyMap<string, number>): WordIndex {
  const words = new Map<string, number>();
  const word = (w: string): number => {
    let id = words.get(w);
    if (id === undefined) words.set(w, (id = words.size));
    return id;
  };
  const names: string[] = new Array<string>(ids.size);
  const unigrams: [number, number][] = [];
  const openings: [number, number][] = [];
  const pairs: [number, number, number][] = [];
  for (const [name, id] of ids) {
    names[id] = name;
    const space = name.indexOf(" ");
    if (space > 0 && space < name.length - 1 && name.indexOf(" ", space + 1) < 0 && !name.startsWith("^"))
      pairs.push([word(name.slice(0, space)), word(name.slice(space + 1)), id]);
    else if (space >= 0)
      continue; // no form features.ts makes
    else if (name.startsWith("^")) openings.push([word(name.slice(1)), id]);
    else unigrams.push([word(name), id]);
  }
  const unigram = new Int32Array(words.size).fill(-1);
  const opening = new Int32Array(words.size).fill(-1);
  for (const [w, id] of unigrams) unigram[w] = id;
  for (const [w, id] of openings) opening[w] = id;
  let size = 16;
  while (size < pairs.length * 2) size *= 2;
  const index: WordIndex = {
    words,
    names,
    unigram,
    opening,
    pairFirst: new Int32Array(size),
    pairSecond: new Int32Array(size),
    pairFeature: new Int32Array(size).fill(-1),
    pairMask: size - 1,
    memo: new Map(),
    seen: new Int32Array(ids.size),
    stamp: 0,
  };
  for (const [a, b, id] of pairs) {
    let at = pairHash(a, b) & index.pairMask;
    while (index.pairFeature[at]! >= 0) at = (at + 1) & index.pairMask;
    index.pairFirst[at] = a;
    index.pairSecond[at] = b;
    index.pairFeature[at] = id;
  }
  return index;
}

const pairHash = (a: number, b: number): number => (Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 1, 0x85ebca77)) >>> 0;

function pairId(index: WordIndex, a: number, b: number): number {
  let at = pairHash(a, b) & index.pairMask;
  for (;;) {
    const id = index.pairFeature[at]!;
    if (id < 0 || (index.pairFirst[at] === a && index.pairSecond[at] === b)) return id;
    at = (at + 1) & index.pairMask;
  }
}

function nextStamp(index: WordIndex): number {
  if (index.stamp >= 0x7fffffff) {
    index.seen.fill(0);
    index.stamp = 0;
  }
  return ++index.stamp;
}

const MEMO_LIMIT = 50_000;

/**
 * The text's tokens as word numbers (-1 for a word no feature holds), as features.ts's tokens()
 * reads them: the same text (its first MAX_CHARS characters, paths replaced, lower-cased), the same
 * tokens (a hand-written scan for /[a-z][a-z0-9']*|\d+(?:[.,]\d+)?/g) and forms, the first MAX_TOKENS.
 */
function wordsOf(index: WordIndex, text: string): number[] {
  const lowered = tokenText(text.length > MAX_CHARS ? text.slice(0, MAX_CHARS) : text);
  const out: number[] = [];
  const n = lowered.length;
  let i = 0;
  while (i < n && out.length < MAX_TOKENS) {
    const c = lowered.charCodeAt(i);
    if (isLetter(c)) {
      let end = i + 1;
      for (let d = lowered.charCodeAt(end); isLetter(d) || isDigit(d) || d === 39; d = lowered.charCodeAt(++end));
      out.push(wordOf(index, lowered.slice(i, end)));
      i = end;
    } else if (isDigit(c)) {
      let end = i + 1;
      while (isDigit(lowered.charCodeAt(end))) end++;
      const sep = lowered.charCodeAt(end);
      if ((sep === 46 || sep === 44) && isDigit(lowered.charCodeAt(end + 1))) for (end += 2; isDigit(lowered.charCodeAt(end)); end++);
      out.push(index.words.get("znum") ?? -1);
      i = end;
    } else i++;
  }
  return out;
}

function wordOf(index: WordIndex, token: string): number {
  let id = index.memo.get(token);
  if (id !== undefined) return id;
  id = index.words.get(tokenForm(token)) ?? -1;
  if (index.memo.size >= MEMO_LIMIT) index.memo.clear();
  index.memo.set(token, id);
  return id;
}

const isLetter = (c: number): boolean => c >= 97 && c <= 122;
const isDigit = (c: number): boolean => c >= 48 && c <= 57;
