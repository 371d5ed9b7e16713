// The candidate task-type models that scripts/task-model-type-cv.ts compares with the shipped naive
// Bayes (seventh session, branch `model8`, and later): each a Trainer, rows in and a scorer out. Split
// from that script in the nineteenth session so that each file reads in one sitting.
import { loadModel, predict } from "../src/domain/task-compiler/model/naive-bayes.js";
import { features, tokens } from "../src/domain/task-compiler/model/features.js";
import { loadSoftmax, normalise, softmaxProbabilities } from "../src/domain/task-compiler/model/softmax.js";
import { buildLrTable, buildTable, fitSoftmax, indexTexts, TYPE_CLASSES } from "./task-model-lib.js";

/** A scorer trained on some rows: the class probabilities of a text, in TYPE_CLASSES order. */
export type Scorer = (text: string) => Float64Array;
export type Trainer = (rows: { text: string; label: string }[]) => Scorer;

export const K = TYPE_CLASSES.length;

export const nbTrainer =
  (alpha: number): Trainer =>
  (rows) => {
    const model = loadModel(buildTable(rows, TYPE_CLASSES, { alpha, minDocs: 1 }));
    return (text) => {
      const out = new Float64Array(K);
      for (const { label, p } of predict(model, text).ranked) out[TYPE_CLASSES.indexOf(label as never)] = p;
      return out;
    };
  };

/** Feature-by-class counts of the rows (`counts[f * K + c]`), each class's total, and the grand total. */
function classCounts(rows: Parameters<Trainer>[0]) {
  const { index, xs, ys } = indexRows(rows);
  const V = index.size;
  const counts = new Float64Array(V * K);
  const totals = new Float64Array(K);
  xs.forEach((x, r) => {
    for (const f of x) counts[f * K + ys[r]!]!++;
    totals[ys[r]!]! += x.length;
  });
  return { index, xs, ys, V, counts, totals, all: totals.reduce((s, t) => s + t, 0) };
}

/** Complement naive Bayes (Rennie et al. 2003): each class scored by how unlike the other classes' features the text is. */
export const cnbTrainer =
  (alpha: number): Trainer =>
  (rows) => {
    const { index, V, counts, totals, all } = classCounts(rows);
    const W = new Float64Array(V * K);
    for (let f = 0; f < V; f++) {
      let rowAll = 0;
      for (let c = 0; c < K; c++) rowAll += counts[f * K + c]!;
      for (let c = 0; c < K; c++) W[f * K + c] = -Math.log((rowAll - counts[f * K + c]! + alpha) / (all - totals[c]! + alpha * V));
    }
    return (text) => {
      const z = new Float64Array(K);
      for (const feature of features(text)) {
        const f = index.get(feature);
        if (f !== undefined) for (let c = 0; c < K; c++) z[c]! += W[f * K + c]!;
      }
      return normalise(z);
    };
  };

/** Words that open a request without saying what it wants (greetings, politeness, modal frames). */
const FRAME = new Set(
  "hi hey hello morning ok okay so please pls plz can could would will you u we i i'd i'm need to want like mind kindly just quick quickly also then and let's let us our team".split(
    " ",
  ),
);

/** Feature variants of the shipped featuriser, for the grid (same tokens). */
export function variantFeatures(text: string, variant: string): string[] {
  const words = tokens(text.length > 8192 ? text.slice(0, 8192) : text).slice(0, 400);
  const opening = Number(/open(\d+)/.exec(variant)?.[1] ?? 4);
  const found = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    found.add(words[i]!);
    if (i + 1 < words.length && !variant.includes("nopairs")) found.add(`${words[i]} ${words[i + 1]}`);
    if (i < opening) found.add(`^${words[i]}`);
  }
  if (variant.includes("pred")) {
    // The first words past the opening frame: where the request names what it wants.
    let i = 0;
    while (i < words.length && FRAME.has(words[i]!)) i++;
    for (let j = i; j < Math.min(words.length, i + 2); j++) found.add(`>${words[j]}`);
    if (i + 1 < words.length) found.add(`>${words[i]} ${words[i + 1]}`);
  }
  if (variant.includes("first")) {
    const cut = text.search(/[.!?](?:\s|$)|\n/);
    const head = tokens(cut > 0 ? text.slice(0, cut) : text).slice(0, 40);
    for (const w of head) found.add(`1:${w}`);
  }
  if (variant.includes("last")) {
    for (const w of words.slice(-6)) found.add(`$${w}`);
  }
  return [...found];
}

/** The shipped naive Bayes arithmetic (naive-bayes.ts) over a variant featuriser. */
export const nbVariantTrainer =
  (alpha: number, variant: string): Trainer =>
  (rows) => {
    const counts = new Map<string, Float64Array>();
    const docs = new Float64Array(K);
    const totals = new Float64Array(K);
    for (const row of rows) {
      const c = TYPE_CLASSES.indexOf(row.label as never);
      if (c < 0) continue;
      docs[c]!++;
      for (const f of variantFeatures(row.text, variant)) {
        let v = counts.get(f);
        if (!v) counts.set(f, (v = new Float64Array(K)));
        v[c]!++;
        totals[c]!++;
      }
    }
    const V = counts.size;
    const allDocs = docs.reduce((a, b) => a + b, 0);
    const prior = Float64Array.from(docs, (d) => Math.log((d + 1) / (allDocs + K)));
    const denominators = Float64Array.from(totals, (t) => Math.log(t + alpha * V));
    return (text) => {
      const z = Float64Array.from(prior);
      for (const f of variantFeatures(text, variant)) {
        const v = counts.get(f);
        if (v) for (let c = 0; c < K; c++) z[c]! += Math.log(v[c]! + alpha) - denominators[c]!;
      }
      return normalise(z);
    };
  };

/** indexTexts over labelled training rows, with each row's class. */
function indexRows(rows: { text: string; label: string }[]) {
  return { ...indexTexts(rows.map((r) => r.text)), ys: rows.map((r) => TYPE_CLASSES.indexOf(r.label as never)) };
}

export const softmaxTrainer =
  (l2: number, rounds: number, step: number): Trainer =>
  (rows) => {
    const { index, xs, ys } = indexRows(rows);
    const { W, b } = fitSoftmax(xs, ys, index.size, { l2, rounds, step });
    return (text) => {
      const z = Float64Array.from(b);
      for (const feature of features(text)) {
        const f = index.get(feature);
        if (f !== undefined) for (let c = 0; c < K; c++) z[c]! += W[f * K + c]!;
      }
      return normalise(z);
    };
  };

/** The shipped regression's table, trained on the rows and read back as the compiler reads it. */
export const shippedLrTrainer: Trainer = (rows) => {
  const model = loadSoftmax(buildLrTable(rows, TYPE_CLASSES));
  return (text) => softmaxProbabilities(model, text);
};

/** The first scorer's probabilities where both scorers' top classes agree; halved where they do not. */
export const agree =
  (a: Trainer, b: Trainer): Trainer =>
  (rows) => {
    const sa = a(rows);
    const sb = b(rows);
    const argmax = (p: Float64Array) => p.indexOf(Math.max(...p));
    return (text) => {
      const pa = sa(text);
      if (argmax(pa) === argmax(sb(text))) return pa;
      return pa.map((v) => v / 2);
    };
  };

/**
 * NB-LR in the manner of Wang & Manning (2012), multiclass: the binary features scaled per class by
 * the naive Bayes log-count ratio of that class against the rest, one logistic regression per
 * class (one against the rest), the weights interpolated towards their mean magnitude (beta),
 * the one-vs-rest probabilities normalised.
 */
export const nbLrTrainer =
  (l2: number, rounds: number, step: number, beta: number, alpha = 1): Trainer =>
  (rows) => {
    const { index, xs, ys, V, counts, totals, all } = classCounts(rows);
    const ratio = new Float64Array(V * K);
    for (let f = 0; f < V; f++) {
      let rowAll = 0;
      for (let c = 0; c < K; c++) rowAll += counts[f * K + c]!;
      for (let c = 0; c < K; c++) {
        const p = (counts[f * K + c]! + alpha) / (totals[c]! + alpha * V);
        const q = (rowAll - counts[f * K + c]! + alpha) / (all - totals[c]! + alpha * V);
        ratio[f * K + c] = Math.log(p / q);
      }
    }
    // One binary logistic regression per class over x_f * r_c[f], by full-batch AdaGrad.
    const W = new Float64Array(V * K);
    const b = new Float64Array(K);
    const n = xs.length;
    for (let c = 0; c < K; c++) {
      const w = new Float64Array(V);
      const G = new Float64Array(V);
      let bias = 0,
        Gbias = 0;
      const g = new Float64Array(V);
      for (let round = 0; round < rounds; round++) {
        g.fill(0);
        let gbias = 0;
        for (let r = 0; r < n; r++) {
          let zr = bias;
          for (const f of xs[r]!) zr += w[f]! * ratio[f * K + c]!;
          const err = (1 / (1 + Math.exp(-zr)) - (ys[r] === c ? 1 : 0)) / n;
          gbias += err;
          for (const f of xs[r]!) g[f]! += err * ratio[f * K + c]!;
        }
        for (let f = 0; f < V; f++) {
          const gf = g[f]! + l2 * w[f]!;
          if (gf === 0) continue;
          G[f]! += gf * gf;
          w[f]! -= (step * gf) / Math.sqrt(G[f]!);
        }
        Gbias += gbias * gbias;
        if (Gbias > 0) bias -= (step * gbias) / Math.sqrt(Gbias);
      }
      let mean = 0;
      for (let f = 0; f < V; f++) mean += Math.abs(w[f]!);
      mean /= V;
      for (let f = 0; f < V; f++) W[f * K + c] = ((1 - beta) * mean + beta * w[f]!) * ratio[f * K + c]!;
      b[c] = bias;
    }
    return (text) => {
      const z = Float64Array.from(b);
      for (const feature of features(text)) {
        const f = index.get(feature);
        if (f !== undefined) for (let c = 0; c < K; c++) z[c]! += W[f * K + c]!;
      }
      let sum = 0;
      for (let c = 0; c < K; c++) sum += z[c] = 1 / (1 + Math.exp(-z[c]!));
      for (let c = 0; c < K; c++) z[c]! /= sum;
      return z;
    };
  };

/**
 * Per-batch differences of two choices, summed, with how many batches went each way and an exact
 * sign-flip p-value (two-sided): how often flipping the signs of the batches' differences gives a
 * total at least as far from zero. Batches are the unit, so the spread between batches is the noise.
 */
export function signFlip(diffs: number[]): string {
  const nonzero = diffs.filter((d) => d !== 0);
  const total = diffs.reduce((s, d) => s + d, 0);
  let extreme = 0;
  const m = nonzero.length;
  // Every sign pattern up to 2^16 of them; beyond, 65,536 patterns drawn by a fixed generator (a
  // hundred batches differ where the type cells are measured over all fresh batches).
  const exact = m <= 16;
  const trials = exact ? 1 << m : 1 << 16;
  let seed = 0x2545f491;
  const bit = (t: number, i: number) => {
    if (exact) return (t >> i) & 1;
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed >>> 31;
  };
  for (let t = 0; t < trials; t++) {
    let sum = 0;
    for (let i = 0; i < m; i++) sum += bit(t, i) ? -nonzero[i]! : nonzero[i]!;
    if (Math.abs(sum) >= Math.abs(total)) extreme++;
  }
  const up = diffs.filter((d) => d > 0).length;
  const down = diffs.filter((d) => d < 0).length;
  const shown = diffs.length > 30 ? diffs.filter((d) => d !== 0).join(" ") + " elsewhere 0" : diffs.join(" ");
  return `${total >= 0 ? "+" : ""}${total} requests (${shown}; better on ${up}, worse on ${down} batches; sign-flip p=${(extreme / trials).toFixed(3)}${exact ? "" : " sampled"})`;
}
