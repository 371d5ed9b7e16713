// Twentieth session (branch `typemix20`): when may the type model overrule the rules? The shipped
// type vote mixes the naive Bayes and the logistic regression (p ∝ NB^0.5 · LR^0.5) and decides where
// the rules' lead is at most TYPE_MODEL_MARGIN and the mix at least TYPE_MODEL_CONFIDENCE. A sure
// naive Bayes can carry the mix alone on a rare word pair ("Add a late-payment penalty to overdue
// water bills" read TEST), so the candidates here add a condition on the two parts: the regression's
// own top type is the mix's (it agrees), or both parts give the mix's type at least a floor.
//
//   CV_GRID=type-mix [CV_GROUPS=16] [CV_CACHE=/tmp/type-mix.json] [CV_BATCHES=regex] npm run train:compiler -- --cv
//
// Each fresh first-contact batch is scored by both models in their shipped form trained on the
// development split without it (batches are left out in CV_GROUPS interleaved groups, so a batch's
// models never saw it, nor the group's other batches: one training per group instead of one per
// batch, ~35 s each), and the rules' type and lead are those recorded at first contact. Each
// candidate is reported per batch against the shipped cell, its thresholds also chosen on the
// other batches and scored on the one left out (nested). CV_CACHE keeps the models' votes between
// runs (it is keyed by nothing: delete it when the corpus or the models change).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { mixProbabilities } from "../src/domain/task-compiler/model/softmax.js";
import { TYPE_MODEL_CONFIDENCE, TYPE_MODEL_LR_WEIGHT, TYPE_MODEL_MARGIN } from "../src/domain/task-compiler/model/type-evidence.js";
import type { CorpusEntry } from "../test/support/task-corpus.js";
import { loadFirstContact, textOf, TYPE_CLASSES, typeRows } from "./task-model-lib.js";
import { pct } from "./task-model-cv.js";
import { nbTrainer, shippedLrTrainer, signFlip } from "./task-model-type-trainers.js";

/** One first-contact row with both models' probabilities (TYPE_CLASSES order), trained without its batch. */
export interface MixRow {
  id: string;
  batch: string;
  gold: string;
  rules: string;
  /** The rules' lead at first contact; -1 where they read UNCLASSIFIED. */
  lead: number;
  nb: number[];
  lr: number[];
}

/** Both models' leave-batches-out probabilities for every fresh first-contact free-text row. */
export function mixRows(corpus: CorpusEntry[], groups: number): MixRow[] {
  const cache = process.env.CV_CACHE;
  if (cache && existsSync(cache)) return JSON.parse(readFileSync(cache, "utf8")) as MixRow[];
  const byId = new Map(corpus.map((e) => [e.id, e]));
  const all = loadFirstContact();
  const rows = all.filter(
    (r) => r.written === "fresh" && byId.has(r.id) && r.rulesType !== undefined && !byId.get(r.id)!.request?.taskType,
  );
  const batches = [...new Set(rows.map((r) => r.batch))].sort();
  const out: MixRow[] = [];
  for (let g = 0; g < groups; g++) {
    const started = Date.now();
    const group = new Set(batches.filter((_, i) => i % groups === g));
    const left = new Set(all.filter((r) => group.has(r.batch)).map((r) => r.id));
    const train = typeRows(corpus.filter((e) => !left.has(e.id)));
    const nb = nbTrainer(0.1)(train);
    const lr = shippedLrTrainer(train);
    for (const r of rows.filter((row) => group.has(row.batch))) {
      const text = r.text ?? textOf(byId.get(r.id)!);
      const round = (p: Float64Array) => Array.from(p, (v) => Number(v.toPrecision(6)));
      out.push({
        id: r.id,
        batch: r.batch,
        gold: byId.get(r.id)!.expect.type,
        rules: r.rulesType!,
        lead: r.rulesType === "UNCLASSIFIED" ? -1 : r.rulesLead!,
        nb: round(nb(text)),
        lr: round(lr(text)),
      });
    }
    console.error(`group ${g + 1}/${groups}: ${group.size} batches, ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
  if (cache) writeFileSync(cache, JSON.stringify(out));
  return out;
}

const argmax = (p: ArrayLike<number>): number => {
  let top = 0;
  for (let c = 1; c < p.length; c++) if (p[c]! > p[top]!) top = c;
  return top;
};

/** A row's mixed vote, as type-evidence.ts computes it: the top class, its probability, and each part's. */
function vote(row: MixRow) {
  const mixed = mixProbabilities(row.nb, row.lr, TYPE_MODEL_LR_WEIGHT);
  const top = argmax(mixed);
  return {
    label: TYPE_CLASSES[top]!,
    p: mixed[top]!,
    nb: row.nb[top]!,
    lr: row.lr[top]!,
    nbTop: argmax(row.nb),
    lrTop: argmax(row.lr),
    top,
  };
}
type Vote = ReturnType<typeof vote>;

/** A condition on the two parts, given a threshold q: where the mix may decide at all. */
type PartsCondition = (v: Vote, q: number) => boolean;

const CONDITIONS: [string, number[], PartsCondition][] = [
  ["the mix alone (shipped)", [0], () => true],
  ["the regression's top type is the mix's", [0], (v) => v.lrTop === v.top],
  ["both parts' top type is the mix's", [0], (v) => v.lrTop === v.top && v.nbTop === v.top],
  ["the regression gives the mix's type at least q", [0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4], (v, q) => v.lr >= q],
  [
    "the regression agrees, or both parts give the mix's type at least q",
    [0.1, 0.2, 0.3, 0.4, 0.5],
    (v, q) => v.lrTop === v.top || (v.lr >= q && v.nb >= q),
  ],
  ["both parts give the mix's type at least q", [0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4], (v, q) => v.lr >= q && v.nb >= q],
];
const MARGINS = [9, 14, 20, 99];
const CONFIDENCES = [0.5, 0.6, 0.7, 0.8, 0.9];

export function crossValidateTypeMix(corpus: CorpusEntry[]): void {
  // CV_BATCHES: only the batches whose name matches (e.g. "98-blind": the last two sessions' parts,
  // whose first-contact rules are closest to today's).
  const only = new RegExp(process.env.CV_BATCHES ?? "");
  const rows = mixRows(corpus, Number(process.env.CV_GROUPS ?? 16)).filter((r) => only.test(r.batch));
  const votes = rows.map(vote);
  const batches = [...new Set(rows.map((r) => r.batch))].sort();
  const members = new Map(batches.map((b) => [b, rows.flatMap((r, i) => (r.batch === b ? [i] : []))]));
  /** Right per batch for a decider. */
  const perBatch = (decide: (r: MixRow, v: Vote) => string) =>
    batches.map((b) => members.get(b)!.filter((i) => decide(rows[i]!, votes[i]!) === rows[i]!.gold).length);
  const cellDecider = (M: number, P: number, q: number, condition: PartsCondition) => (r: MixRow, v: Vote) =>
    r.lead <= M && v.p >= P && condition(v, q) ? v.label : r.rules;
  const shipped = perBatch(cellDecider(TYPE_MODEL_MARGIN, TYPE_MODEL_CONFIDENCE, 0, () => true));
  const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
  const n = rows.length;
  const rulesAlone = sum(perBatch((r) => r.rules));
  const mixAlone = sum(perBatch((_, v) => v.label));
  console.log(
    `${n} fresh first-contact rows in ${batches.length} batches; rules alone ${pct(rulesAlone, n)}, mix alone ${pct(mixAlone, n)}`,
  );
  console.log(`shipped cell (lead<=${TYPE_MODEL_MARGIN} p>=${TYPE_MODEL_CONFIDENCE}, the mix alone): ${pct(sum(shipped), n)}`);
  for (const [name, qs, condition] of CONDITIONS) {
    const cells = MARGINS.flatMap((M) => CONFIDENCES.flatMap((P) => qs.map((q) => ({ M, P, q }))));
    const right = cells.map(({ M, P, q }) => perBatch(cellDecider(M, P, q, condition)));
    const label = ({ M, P, q }: (typeof cells)[number]) => `lead<=${M} p>=${P}${qs.length > 1 ? ` q=${q}` : ""}`;
    console.log(`${name}:`);
    // At the shipped margin and confidence, each q.
    qs.forEach((q) => {
      const at = cells.findIndex((c) => c.M === TYPE_MODEL_MARGIN && c.P === TYPE_MODEL_CONFIDENCE && c.q === q);
      const diffs = right[at]!.map((v, i) => v - shipped[i]!);
      console.log(`  at the shipped cell${qs.length > 1 ? ` q=${q}` : ""}: ${pct(sum(right[at]!), n)}, paired ${signFlip(diffs)}`);
    });
    let best = 0;
    right.forEach((r, i) => (sum(r) > sum(right[best]!) ? (best = i) : 0));
    console.log(`  best cell ${label(cells[best]!)}: ${pct(sum(right[best]!), n)}`);
    // Nested: the cell chosen on the other batches, scored on the batch left out.
    const picks = new Set<string>();
    const nested = batches.map((_, b) => {
      let pick = 0;
      const inner = (i: number) => sum(right[i]!) - right[i]![b]!;
      for (let i = 1; i < cells.length; i++) if (inner(i) > inner(pick)) pick = i;
      picks.add(label(cells[pick]!));
      return right[pick]![b]!;
    });
    console.log(
      `  nested cell choice ${pct(sum(nested), n)} (${[...picks].join("; ")}), paired ${signFlip(nested.map((v, i) => v - shipped[i]!))}`,
    );
  }
  if (process.env.CV_SHOW) showChanges(rows, votes, CONDITIONS[Number(process.env.CV_SHOW)]!, Number(process.env.CV_Q ?? 0));
}

/** The rows a condition changes at the shipped cell, with the rules', the parts' and the gold type. */
function showChanges(rows: MixRow[], votes: Vote[], [name, , condition]: (typeof CONDITIONS)[number], q: number): void {
  console.log(`rows where "${name}" (q=${q}) changes the shipped cell's type:`);
  rows.forEach((r, i) => {
    const v = votes[i]!;
    const shippedDecides = r.lead <= TYPE_MODEL_MARGIN && v.p >= TYPE_MODEL_CONFIDENCE;
    if (!shippedDecides || condition(v, q) || v.label === r.rules) return;
    const mark = r.rules === r.gold ? "fixed" : v.label === r.gold ? "broken" : "both wrong";
    console.log(
      `  ${mark}: ${r.id} gold ${r.gold}, rules ${r.rules} (lead ${r.lead}), mix ${v.label} ${v.p.toFixed(2)} (NB ${v.nb.toFixed(2)} top ${TYPE_CLASSES[v.nbTop]}, LR ${v.lr.toFixed(2)} top ${TYPE_CLASSES[v.lrTop]})`,
    );
  });
}
