// Twenty-ninth session (branch `esc29`): candidate escalation features about the request's shape
// that might tell a clear request naming its object from an unnamed one (the length bucket, a named
// object in the ask's sentence, the share of pasted log or code, a length-normalised lean), scored
// on the fresh first-contact rows by models trained without the row's group of batches, with the
// threshold of each variant chosen on the other groups (nested). A variant pays only if it spares
// clear rows at better than EXCHANGE per ambiguous row lost against the shipped features at the
// shipped threshold. CV_GRID=shape npm run train:compiler -- --cv --escalation
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { CorpusEntry } from "../test/support/task-corpus.js";
import { ESCALATION_THRESHOLD, STANDING_KINDS } from "../src/domain/task-compiler/model/escalation-evidence.js";
import { segment, wordCount } from "../src/domain/task-compiler/segment.js";
import { escalationRows, loadFirstContact, textOf, type EscalationRow } from "./task-model-lib.js";
import { newtonFit, probability } from "./task-model-notes-cv.js";

const GROUPS = Number(process.env.CV_GROUPS ?? 5);
const EXCHANGE = Number(process.env.CV_EXCHANGE ?? 3);
const L2 = Number(process.env.CV_L2 ?? 0.01);
const THRESHOLDS = Array.from({ length: 41 }, (_, k) => Math.round((0.3 + k * 0.01) * 100) / 100);
/** CV_CACHE=file: the rows (with their text) kept between runs; stale once the corpus or the first-contact rows change. */
const CACHE = process.env.CV_CACHE;

export interface Row extends EscalationRow {
  text: string;
}

export function rowsWithText(corpus: CorpusEntry[]): Row[] {
  if (CACHE && existsSync(CACHE)) return JSON.parse(readFileSync(CACHE, "utf8")) as Row[];
  const byId = new Map(corpus.map((e) => [e.id, e]));
  const text = new Map(loadFirstContact().map((r) => [r.id, r.text]));
  const rows = escalationRows(corpus).map((r) => ({ ...r, text: text.get(r.id) ?? textOf(byId.get(r.id)!) }));
  if (CACHE) writeFileSync(CACHE, JSON.stringify(rows));
  return rows;
}

// Candidate columns, each from the text alone.
const IDENTIFIER =
  /`[^`]+`|"[^"]{3,}"|#\d+|\b[A-Z][A-Z0-9]+-\d+\b|\b[a-z]+[A-Z]\w*\b|\b[A-Z][a-z]+[A-Z]\w*\b|\b[a-z][a-z0-9]*_[a-z0-9_]+\b|\b\w+\(\)|\b[0-9a-f]{7,40}\b|\b[A-Z][a-zA-Z]+(?:Error|Exception)\b/;
const PATH =
  /(?:^|[\s(`"'])(?:[A-Za-z]:\\|\.{0,2}\/)?[\w@.-]+[\\/][\w@.*/\\-]+|\b[\w-]+\.(?:tsx?|jsx?|py|go|rs|java|rb|md|ya?ml|json|toml|sql|sh|tf|css|html)\b|https?:\/\//;
const NAMED_LITERAL = /\d|'[^'\s][^']{1,40}'/;
/** A capitalised word that does not open its sentence: a proper noun or a system's name. */
const PROPER = /[a-z,;:]\s+[A-Z][A-Za-z]/;
const CODE_LINE = /[{};]\s*$|^\s{4}|^\s*(?:at |[$>#] )|\b\d\d:\d\d:\d\d\b|\b(?:Error|Exception|Traceback|WARN|INFO|DEBUG|ERROR)\b/;

function firstSentence(text: string): string {
  const clauses = segment(text).filter((c) => !c.heading && !c.code);
  const ask = clauses.find((c) => c.asks) ?? clauses[0];
  if (!ask) return "";
  return clauses
    .filter((c) => c.sentence === ask.sentence)
    .map((c) => c.text)
    .join(" ");
}

function codeShare(text: string): number {
  const lines = text.split("\n");
  let fenced = false;
  let code = 0;
  for (const line of lines) {
    if (line.trimStart().startsWith("```")) {
      fenced = !fenced;
      code += line.length + 1;
      continue;
    }
    if (fenced || CODE_LINE.test(line)) code += line.length + 1;
  }
  return Math.min(1, code / Math.max(1, text.length));
}

type Candidate = (r: Row) => number[];
const words = (r: Row) => wordCount(r.text);
const named = (r: Row) => {
  const s = firstSentence(r.text);
  return IDENTIFIER.test(s) || PATH.test(s) || NAMED_LITERAL.test(s) || PROPER.test(s) ? 1 : 0;
};
const buckets = (r: Row) => {
  const n = words(r);
  return [n <= 15 ? 1 : 0, n > 15 && n <= 30 ? 1 : 0, n > 60 && n <= 120 ? 1 : 0, n > 120 ? 1 : 0];
};
export const CANDIDATES: Record<string, Candidate> = {
  base: () => [],
  buckets,
  named: (r) => [named(r)],
  namedShort: (r) => [named(r) * (words(r) <= 20 ? 1 : 0)],
  code: (r) => [codeShare(r.text)],
  leanByLength: (r) => [r.x[7]! * r.x[8]!, r.x[6]! * r.x[8]!],
  logitPerWord: (r) => [r.x[7]! / Math.max(1, Math.sqrt(words(r) / 10))],
  // The shape read only where no detector asked (the model's own question): identifier, path, number, length.
  shapeWhereNothingAsked: (r) => (r.asked.length ? [0, 0, 0, 0] : [r.x[10]!, r.x[11]!, r.x[12]!, r.x[8]!]),
  // Thirtieth session (esc30): the naive Bayes vote read apart where no detector asked (the model's
  // own question is driven by the logit of long chatty texts, gy-079), alone and with the shape.
  leanWhereNothingAsked: (r) => (r.asked.length ? [0, 0] : [r.x[6]!, r.x[7]!]),
  logitByLengthWhereNothingAsked: (r) => (r.asked.length ? [0, 0] : [r.x[7]!, r.x[7]! * r.x[8]!]),
  nothingAsked: (r) => (r.asked.length ? [0, 0, 0, 0, 0, 0] : [1, r.x[6]!, r.x[7]!, r.x[10]!, r.x[11]!, r.x[8]!]),
  all: (r) => [...buckets(r), named(r), named(r) * (words(r) <= 20 ? 1 : 0), codeShare(r.text), r.x[7]! * r.x[8]!, r.x[6]! * r.x[8]!],
};

/** p for each row in `score` from a model fitted on `train` (indices into rows). */
export function fitScore(rows: EscalationRow[], train: number[], score: number[], l2: number): Map<number, number> {
  const d = rows[0]!.x.length;
  const cols = Array.from({ length: d }, (_, i) => i);
  const w = newtonFit(
    train.map((i) => rows[i]!),
    cols,
    l2,
  );
  return new Map(score.map((i) => [i, probability(w, rows[i]!.x, cols)]));
}

export interface Tally {
  ce: number;
  c: number;
  ae: number;
  a: number;
}
const standing = (r: EscalationRow) => r.asked.some((k) => STANDING_KINDS.has(k));
export function tally(rows: EscalationRow[], idx: number[], p: Map<number, number>, t: number): Tally {
  const out = { ce: 0, c: 0, ae: 0, a: 0 };
  for (const i of idx) {
    const r = rows[i]!;
    const e = standing(r) || p.get(i)! >= t;
    if (r.y) {
      out.a++;
      if (e) out.ae++;
    } else {
      out.c++;
      if (e) out.ce++;
    }
  }
  return out;
}

/** Leave-group-out votes over `idx` (groups other than `except`). */
export function groupVotes(rows: EscalationRow[], idx: number[], groupOf: (i: number) => number, l2: number): Map<number, number> {
  const p = new Map<number, number>();
  const groups = new Set(idx.map(groupOf));
  for (const g of groups) {
    const test = idx.filter((i) => groupOf(i) === g);
    const train = idx.filter((i) => groupOf(i) !== g);
    for (const [i, v] of fitScore(rows, train, test, l2)) p.set(i, v);
  }
  return p;
}

export function crossValidateEscalationShape(corpus: CorpusEntry[]): void {
  const base = rowsWithText(corpus);
  const batches = [...new Set(base.map((r) => r.batch))];
  const batchGroup = new Map(batches.map((b, k) => [b, k % GROUPS]));
  const groupOf = (i: number) => batchGroup.get(base[i]!.batch)!;
  const all = base.map((_, i) => i);
  const amb = base.filter((r) => r.y).length;
  console.log(`rows ${base.length} (${amb} ambiguous) in ${batches.length} batches, ${GROUPS} groups, exchange ${EXCHANGE}:1, l2 ${L2}`);
  const pBase = groupVotes(base, all, groupOf, L2);
  const b = tally(base, all, pBase, ESCALATION_THRESHOLD);
  console.log(`base t=${ESCALATION_THRESHOLD}: clear ${b.ce}/${b.c}, recall ${b.ae}/${b.a}`);
  const wanted = (process.env.CV_VARIANTS ?? Object.keys(CANDIDATES).join(",")).split(",");
  for (const name of wanted) {
    const extra = CANDIDATES[name]!;
    const rows: EscalationRow[] = base.map((r) => ({ ...r, x: [...r.x, ...extra(r)] }));
    // Plain: every group scored by a model without it, at the shipped threshold.
    const p = groupVotes(rows, all, groupOf, L2);
    const plain = tally(rows, all, p, ESCALATION_THRESHOLD);
    // Nested: the threshold chosen on the other groups (their votes from models without the
    // outer group too) by clear spared less EXCHANGE times ambiguous lost against the base at 0.5.
    const perGroup: string[] = [];
    const net = { spared: 0, lost: 0 };
    const perBatch = new Map<string, number>();
    for (let g = 0; g < GROUPS; g++) {
      const outer = all.filter((i) => groupOf(i) === g);
      const inner = all.filter((i) => groupOf(i) !== g);
      const pInner = groupVotes(rows, inner, groupOf, L2);
      const pInnerBase = groupVotes(base, inner, groupOf, L2);
      const ib = tally(base, inner, pInnerBase, ESCALATION_THRESHOLD);
      let best = { t: ESCALATION_THRESHOLD, score: -Infinity };
      for (const t of THRESHOLDS) {
        const v = tally(rows, inner, pInner, t);
        // CV_CHOICE=recall (default): the fewest clear rows asked at no less recall than the base's
        // (a move along the frontier is no gain); CV_CHOICE=exchange: spared less EXCHANGE x lost.
        const score =
          process.env.CV_CHOICE === "exchange" ? ib.ce - v.ce - EXCHANGE * (ib.ae - v.ae) : v.ae >= ib.ae ? ib.ce - v.ce : -Infinity;
        if (score > best.score) best = { t, score };
      }
      const ob = tally(base, outer, pBase, ESCALATION_THRESHOLD);
      const ov = tally(rows, outer, p, best.t);
      net.spared += ob.ce - ov.ce;
      net.lost += ob.ae - ov.ae;
      perGroup.push(`g${g} t=${best.t}: clear ${ob.ce}->${ov.ce}, recall ${ob.ae}->${ov.ae}`);
      for (const batch of new Set(outer.map((i) => base[i]!.batch))) {
        const idx = outer.filter((i) => base[i]!.batch === batch);
        const bb = tally(base, idx, pBase, ESCALATION_THRESHOLD);
        const bv = tally(rows, idx, p, best.t);
        perBatch.set(batch, bb.ce - bv.ce - EXCHANGE * (bb.ae - bv.ae));
      }
    }
    const values = [...perBatch.values()];
    const up = values.filter((v) => v > 0).length;
    const down = values.filter((v) => v < 0).length;
    console.log(
      `${name}: plain t=0.5 clear ${plain.ce}, recall ${plain.ae} | nested spared ${net.spared}, lost ${net.lost} (net ${net.spared - EXCHANGE * net.lost}); batches better ${up}, worse ${down}, sign-test p=${signTest(up, down).toFixed(3)}\n  ${perGroup.join("; ")}`,
    );
  }
}

/** Two-sided sign test: the chance of a split at least this uneven between up and down. */
export function signTest(up: number, down: number): number {
  const n = up + down;
  const k = Math.min(up, down);
  let tail = 0;
  let c = 1;
  for (let i = 0; i <= n; i++) {
    if (i <= k) tail += c;
    c = (c * (n - i)) / (i + 1);
  }
  return Math.min(1, (2 * tail) / 2 ** n);
}
