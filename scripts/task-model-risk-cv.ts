// Twenty-ninth session (branch `riskM29`): may a learned risk vote raise a risk the rules leave
// low? Measured leave-batch-out on the fresh first-contact batches, with today's rules and today's
// data (the fifteenth session measured it once on 17,000 requests: docs/task-compiler-history.md,
// "A learned risk vote, measured and not built").
//
//   CV_GRID=risk [CV_GROUPS=16] [CV_CACHE=/tmp/risk-cv.json] npm run train:compiler -- --cv
//
// Two votes over the type model's features (features.ts), each a naive Bayes, a logistic
// regression in its shipped form (buildLrTable) and their half-and-half mix as the type vote mixes:
// - a risk vote over the five risk classes;
// - a binary money vote: rows labelled CRITICAL whose `why` names money against all others.
// A vote may only raise: MEDIUM or HIGH → CRITICAL where its CRITICAL probability is at least t,
// MEDIUM → HIGH where its HIGH-or-above probability is at least t; never lower a risk.
//
// Each fresh batch's votes come from models trained on the development split without its group
// (CV_GROUPS interleaved groups of batches). The rules' risk is read twice: today's compiler
// (which has seen every batch: it under-counts what the rules miss on unseen writing) and the
// first-contact compiler's (recorded before any rule was written from the batch). A cell (vote,
// raise, threshold) is chosen on the other batches and scored on the one left out (nested), and
// on the groups of batches (chosen on the other groups). The last session's judges (parts 98-zzb
// and 98-zzc) form a group of their own, trained without them, and are reported as counts only.
// The four blind parts of this session (98-zzd to 98-zzg) are left out of everything.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { compileTask } from "../src/domain/task-compiler/index.js";
import { loadModel, predict } from "../src/domain/task-compiler/model/naive-bayes.js";
import { loadSoftmax, mixProbabilities, softmaxProbabilities } from "../src/domain/task-compiler/model/softmax.js";
import { requestOf, type CorpusEntry } from "../test/support/task-corpus.js";
import { buildLrTable, buildTable, loadFirstContact, textOf, TYPE_LR_SETTINGS } from "./task-model-lib.js";
import { pct } from "./task-model-cv.js";
import { signFlip } from "./task-model-type-trainers.js";

const RISKS = ["LOW", "MEDIUM", "HIGH", "CRITICAL", "UNKNOWN"];
const MONEY = ["MONEY", "OTHER"];
/** This session's blind parts: never read, trained on or scored. */
const BLIND = /^(gx|gy|gz|ha)-/;
const BLIND_BATCH = /98-blind-dev-zz[d-g]/;
/** The last session's judges: scored as a group of their own, counts only. */
const JUDGES = /98-blind-dev-zz[bc]$/;

/** A `why` that says the work changes money (what the organisation charges, pays or holds). */
const MONEY_WHY =
  /money|payment|billing|invoice|pric|fee|charge|refund|financ|ledger|\bpa(?:y|id)|amount|currenc|tax|salar|payroll|royalt|wage|remit|revenue|balance|transaction|cash/i;

export interface RiskRow {
  id: string;
  batch: string;
  gold: string;
  today: string;
  first: string;
  /** Risk-class probabilities (RISKS order), naive Bayes and regression. */
  nb: number[];
  lr: number[];
  /** P(money) of the binary vote, naive Bayes and regression. */
  mnb: number;
  mlr: number;
}

const round = (p: ArrayLike<number>) => Array.from(p, (v) => Number(v.toPrecision(6)));

function nbScorer(rows: { text: string; label: string }[], classes: string[]) {
  const model = loadModel(buildTable(rows, classes, { alpha: 0.1, minDocs: 1 }));
  return (text: string) => {
    const out = new Float64Array(classes.length);
    for (const { label, p } of predict(model, text).ranked) out[classes.indexOf(label)] = p;
    return out;
  };
}

function lrScorer(rows: { text: string; label: string }[], classes: string[]) {
  const model = loadSoftmax(buildLrTable(rows, classes, TYPE_LR_SETTINGS));
  return (text: string) => softmaxProbabilities(model, text);
}

const isMoney = (e: CorpusEntry) => e.expect.risk === "CRITICAL" && MONEY_WHY.test(e.why ?? "");

export function riskRows(all: CorpusEntry[], groups: number): RiskRow[] {
  const cache = process.env.CV_CACHE;
  if (cache && existsSync(cache) && !process.env.CV_PARTIAL) return JSON.parse(readFileSync(cache, "utf8")) as RiskRow[];
  const corpus = all.filter((e) => !BLIND.test(e.id));
  const byId = new Map(corpus.map((e) => [e.id, e]));
  const firstContact = loadFirstContact().filter((r) => !BLIND_BATCH.test(r.batch) && !BLIND.test(r.id));
  const rows = firstContact.filter((r) => r.written === "fresh" && byId.has(r.id) && r.compiled);
  const batches = [...new Set(rows.map((r) => r.batch))].sort();
  const plain = batches.filter((b) => !JUDGES.test(b));
  const groupOf = new Map(batches.map((b) => [b, JUDGES.test(b) ? groups : plain.indexOf(b) % groups]));
  const out: RiskRow[] = [];
  for (let g = 0; g <= groups; g++) {
    // Each group's rows are kept as they are made (CV_CACHE.g<g>of<groups>): a run cut short resumes.
    const part = cache ? `${cache}.g${g}of${groups}` : "";
    if (part && existsSync(part)) {
      out.push(...(JSON.parse(readFileSync(part, "utf8")) as RiskRow[]));
      continue;
    }
    if (process.env.CV_PARTIAL) continue;
    const started = Date.now();
    const before = out.length;
    const group = new Set(batches.filter((b) => groupOf.get(b) === g));
    const left = new Set(firstContact.filter((r) => group.has(r.batch)).map((r) => r.id));
    const train = corpus.filter((e) => !left.has(e.id));
    const riskTrain = train.map((e) => ({ text: textOf(e), label: e.expect.risk }));
    const moneyTrain = train.map((e) => ({ text: textOf(e), label: isMoney(e) ? "MONEY" : "OTHER" }));
    const [nb, lr, mnb, mlr] = [
      nbScorer(riskTrain, RISKS),
      lrScorer(riskTrain, RISKS),
      nbScorer(moneyTrain, MONEY),
      lrScorer(moneyTrain, MONEY),
    ];
    for (const r of rows.filter((row) => group.has(row.batch))) {
      const entry = byId.get(r.id)!;
      const text = textOf(entry);
      const compiled = compileTask(requestOf(entry));
      out.push({
        id: r.id,
        batch: r.batch,
        gold: entry.expect.risk,
        today: compiled.ok ? compiled.task.ir.risk_class : "UNKNOWN",
        first: r.compiled!.risk,
        nb: round(nb(text)),
        lr: round(lr(text)),
        mnb: Number(mnb(text)[0]!.toPrecision(6)),
        mlr: Number(mlr(text)[0]!.toPrecision(6)),
      });
    }
    if (part) writeFileSync(part, JSON.stringify(out.slice(before)));
    console.error(`group ${g + 1}/${groups + 1}: ${group.size} batches, ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  if (cache && !process.env.CV_PARTIAL) writeFileSync(cache, JSON.stringify(out));
  return out;
}

/** A vote's probability that the risk is CRITICAL, and that it is HIGH or above. */
type Vote = (row: RiskRow) => { critical: number; high: number };
const risk =
  (p: (row: RiskRow) => ArrayLike<number>): Vote =>
  (row) => {
    const v = p(row);
    return { critical: v[3]!, high: v[2]! + v[3]! };
  };
const money =
  (p: (row: RiskRow) => number): Vote =>
  (row) => ({ critical: p(row), high: p(row) });
const VOTES: [string, Vote][] = [
  ["risk NB", risk((r) => r.nb)],
  ["risk LR", risk((r) => r.lr)],
  ["risk mix", risk((r) => mixProbabilities(r.nb, r.lr, 0.5))],
  ["money NB", money((r) => r.mnb)],
  ["money LR", money((r) => r.mlr)],
  ["money mix", money((r) => mixProbabilities([r.mnb, 1 - r.mnb], [r.mlr, 1 - r.mlr], 0.5)[0]!)],
];
const RAISES = ["to CRITICAL", "MEDIUM to HIGH", "both"] as const;
const THRESHOLDS = [0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.98, 0.99, 0.995];

interface Cell {
  vote: string;
  raise: (typeof RAISES)[number];
  t: number;
  decide: (row: RiskRow, rules: string) => string;
}

const CELLS: Cell[] = VOTES.flatMap(([vote, p]) =>
  RAISES.filter((raise) => !vote.startsWith("money") || raise === "to CRITICAL").flatMap((raise) =>
    THRESHOLDS.map((t) => ({
      vote,
      raise,
      t,
      decide: (row: RiskRow, rules: string) => {
        const v = p(row);
        if (raise !== "MEDIUM to HIGH" && (rules === "MEDIUM" || rules === "HIGH") && v.critical >= t) return "CRITICAL";
        if (raise !== "to CRITICAL" && rules === "MEDIUM" && v.high >= t) return "HIGH";
        return rules;
      },
    })),
  ),
);
const label = (c: Cell) => `${c.vote} ${c.raise} p>=${c.t}`;
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

export function crossValidateRisk(corpus: CorpusEntry[]): void {
  const groups = Number(process.env.CV_GROUPS ?? 16);
  const all = riskRows(corpus, groups);
  for (const source of ["today", "first"] as const) {
    // CV_BATCHES: only the batches whose name matches (e.g. "98-blind-dev-z[e-z]a?$": the parts of the
    // last dozen sessions, whose first-contact compilers are closest to today's).
    const only = new RegExp(process.env.CV_BATCHES ?? "");
    const rows = all.filter((r) => !JUDGES.test(r.batch) && only.test(r.batch));
    const judges = all.filter((r) => JUDGES.test(r.batch));
    const batches = [...new Set(rows.map((r) => r.batch))].sort();
    const rulesRight = rows.filter((r) => r[source] === r.gold).length;
    console.log(`\n== rules' risk read by ${source === "today" ? "today's compiler" : "the first-contact compiler"} ==`);
    console.log(`${rows.length} fresh rows in ${batches.length} batches; rules ${pct(rulesRight, rows.length)}`);
    const alone = (probs: (r: RiskRow) => number[]) =>
      rows.filter((r) => {
        const p = probs(r);
        return RISKS[p.indexOf(Math.max(...p))] === r.gold;
      }).length;
    const mixed = (r: RiskRow) => Array.from(mixProbabilities(r.nb, r.lr, 0.5));
    console.log(
      `  alone: risk NB ${pct(
        alone((r) => r.nb),
        rows.length,
      )}, LR ${pct(
        alone((r) => r.lr),
        rows.length,
      )}, mix ${pct(alone(mixed), rows.length)}`,
    );
    // Per cell and batch: fixed and broken risk labels.
    const members = new Map(batches.map((b) => [b, rows.filter((r) => r.batch === b)]));
    const count = (c: Cell, rs: RiskRow[]) => {
      let fixed = 0;
      let broken = 0;
      for (const r of rs) {
        const after = c.decide(r, r[source]);
        if (after === r[source]) continue;
        if (after === r.gold) fixed++;
        else if (r[source] === r.gold) broken++;
      }
      return { fixed, broken };
    };
    const perBatch = CELLS.map((c) => batches.map((b) => count(c, members.get(b)!)));
    const net = (i: number, b: number) => perBatch[i]![b]!.fixed - perBatch[i]![b]!.broken;
    const totals = CELLS.map((_, i) => batches.reduce((s, _b, b) => s + net(i, b), 0));
    // The ten best cells over every batch (chosen on what they score: an upper bound).
    const order = CELLS.map((_, i) => i).sort((a, b) => totals[b]! - totals[a]!);
    console.log("best cells (not nested, an upper bound):");
    for (const i of order.slice(0, 8)) {
      const f = sum(perBatch[i]!.map((x) => x.fixed));
      const k = sum(perBatch[i]!.map((x) => x.broken));
      console.log(`  ${label(CELLS[i]!)}: fixed ${f}, broken ${k}, net ${totals[i]}`);
    }
    // Nested by batch: the cell chosen on the other batches, scored on the one left out (no cell: 0).
    const picks = new Map<string, number>();
    const nested = batches.map((_, b) => {
      let pick = -1;
      let best = 0;
      CELLS.forEach((_c, i) => {
        const inner = totals[i]! - net(i, b);
        if (inner > best) [pick, best] = [i, inner];
      });
      if (pick < 0) return { fixed: 0, broken: 0 };
      picks.set(label(CELLS[pick]!), (picks.get(label(CELLS[pick]!)) ?? 0) + 1);
      return perBatch[pick]![b]!;
    });
    const nf = sum(nested.map((x) => x.fixed));
    const nk = sum(nested.map((x) => x.broken));
    console.log(
      `nested by batch: fixed ${nf}, broken ${nk} of ${rows.length} rows (${((200 * (nf - nk)) / rows.length).toFixed(2)} per 200); picks ${[...picks].map(([l, n]) => `${l} ×${n}`).join("; ")}`,
    );
    console.log(`  paired by batch: ${signFlip(nested.map((x) => x.fixed - x.broken))}`);
    // Nested by group of batches (the groups the models were trained without).
    const everyBatch = [...new Set(all.filter((r) => !JUDGES.test(r.batch)).map((r) => r.batch))].sort();
    const groupOf = (b: string) => everyBatch.indexOf(b) % groups;
    const groupRows: string[] = [];
    const groupNets: number[] = [];
    for (let g = 0; g < groups; g++) {
      const inG = batches.map((b, i) => (groupOf(b) === g ? i : -1)).filter((i) => i >= 0);
      let pick = -1;
      let best = 0;
      CELLS.forEach((_c, i) => {
        const inner = totals[i]! - sum(inG.map((b) => net(i, b)));
        if (inner > best) [pick, best] = [i, inner];
      });
      const f = pick < 0 ? 0 : sum(inG.map((b) => perBatch[pick]![b]!.fixed));
      const k = pick < 0 ? 0 : sum(inG.map((b) => perBatch[pick]![b]!.broken));
      const n = sum(inG.map((b) => members.get(batches[b]!)!.length));
      groupNets.push(f - k);
      groupRows.push(`g${g} +${f}/-${k} of ${n} (${pick < 0 ? "none" : label(CELLS[pick]!)})`);
    }
    console.log(`nested by group: ${groupRows.join("; ")}`);
    console.log(`  paired by group: ${signFlip(groupNets)}`);
    // The judges: the cell chosen on every other batch; counts only.
    let pick = 0;
    CELLS.forEach((_c, i) => (totals[i]! > totals[pick]! ? (pick = i) : 0));
    const j = count(CELLS[pick]!, judges);
    const jRight = judges.filter((r) => r[source] === r.gold).length;
    console.log(
      `judges (${judges.length} rows, votes trained without them): rules ${jRight} right; cell chosen on the batches above ${label(CELLS[pick]!)} fixed ${j.fixed}, broken ${j.broken}`,
    );
    if (process.env.CV_SHOW) {
      const c = CELLS.find((x) => label(x) === process.env.CV_SHOW);
      if (c)
        for (const r of rows) {
          const after = c.decide(r, r[source]);
          if (after !== r[source])
            console.log(
              `  ${after === r.gold ? "fixed" : r[source] === r.gold ? "broken" : "both wrong"} ${r.id} ${r[source]}→${after} gold ${r.gold}`,
            );
        }
    }
  }
}
