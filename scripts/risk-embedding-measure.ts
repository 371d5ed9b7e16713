// Thirty-first session (branch `emb31`), step 2 of the vocabulary-prior experiment (step 1, the
// table: scripts/risk-embedding-prior.ts). For every development row: today's compiled risk and
// type, the first-contact compiler's (fresh rows), the gold risk, and the request's best money and
// production scores (the highest table score among its words). Then:
// - separation: among rows compiled MEDIUM or HIGH whose work acts on something (a fix, change,
//   deploy or data change), the AUC of the best money score for gold CRITICAL against the rest;
// - the raise as a feature: MEDIUM/HIGH → CRITICAL on acting work where the best money score is at
//   least t, t chosen on the other parts for each part left out (nested), fixed / broken counted.
// The two held-back parts (98-blind-dev-zzj, -zzk) are left out of all choosing and scored only with
// `--held-back` at the end. The four blind parts of this session are never read.
//
//   npx tsx scripts/risk-embedding-measure.ts /tmp/emb31/prior.json [--held-back]
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { parse } from "yaml";
import { compileTask } from "../src/domain/task-compiler/index.js";
import { tokens } from "../src/domain/task-compiler/model/features.js";
import { requestOf, type CorpusEntry } from "../test/support/task-corpus.js";
import { loadFirstContact, textOf } from "./task-model-lib.js";

/** This session's blind parts: never read. */
const BLIND_FILE = /98-blind-dev-zz[l-o]/;
const BLIND_ID = /^k[a-d]-/;
/** Held back from all choosing: scored once, at the end. */
const HELD_BACK = /98-blind-dev-zz[jk]$/;
/** Work that acts on something: a fix, a change, a deploy or a data change. */
const ACTING = new Set(["BUG_FIX", "FEATURE", "CONFIG_CHANGE", "DATA_MIGRATION", "DEPLOY", "SECURITY_FIX", "PERFORMANCE", "REFACTOR"]);
const RAISABLE = new Set(["MEDIUM", "HIGH"]);

interface Row {
  id: string;
  batch: string;
  gold: string;
  today: string;
  type: string;
  first?: { risk: string; type: string };
  money: number;
  moneyWord: string;
  production: number;
}

const fixtures = new URL("../test/fixtures/", import.meta.url);
function corpusFiles(): { batch: string; url: URL }[] {
  const dir = new URL("task-corpus/", fixtures);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".yaml") && !BLIND_FILE.test(f))
    .sort();
  return [
    { batch: "task-corpus", url: new URL("task-corpus.yaml", fixtures) },
    ...files.map((f) => ({ batch: f.slice(0, -5), url: new URL(f, dir) })),
  ];
}

function collect(tablePath: string, cache: string): Row[] {
  if (existsSync(cache)) return JSON.parse(readFileSync(cache, "utf8")) as Row[];
  const table = (JSON.parse(readFileSync(tablePath, "utf8")) as { words: Record<string, [number, number]> }).words;
  const first = new Map(
    loadFirstContact()
      .filter((r) => r.written === "fresh" && r.compiled && !BLIND_FILE.test(r.batch) && !BLIND_ID.test(r.id))
      .map((r) => [r.id, { risk: r.compiled!.risk, type: r.compiled!.type }]),
  );
  const rows: Row[] = [];
  for (const { batch, url } of corpusFiles()) {
    const entries = (parse(readFileSync(url, "utf8")) as CorpusEntry[] | null) ?? [];
    for (const e of entries) {
      if (BLIND_ID.test(e.id)) continue;
      const compiled = compileTask(requestOf(e));
      let money = 0;
      let moneyWord = "";
      let production = 0;
      for (const t of tokens(textOf(e), false)) {
        const s = table[t];
        if (!s) continue;
        if (s[0] > money) [money, moneyWord] = [s[0], t];
        if (s[1] > production) production = s[1];
      }
      rows.push({
        id: e.id,
        batch,
        gold: e.expect.risk,
        today: compiled.ok ? compiled.task.ir.risk_class : "UNKNOWN",
        type: compiled.ok ? compiled.task.ir.task_type : "UNCLASSIFIED",
        first: first.get(e.id),
        money,
        moneyWord,
        production,
      });
    }
    console.error(`${batch}: ${rows.length}`);
  }
  writeFileSync(cache, JSON.stringify(rows));
  return rows;
}

type View = { gold: string; risk: string; type: string; score: number; batch: string; id?: string };

/** Each row's words with a money score of at least 0.5 (read again from the texts: no compile). */
function moneyWordsOf(tablePath: string): Map<string, [string, number][]> {
  const table = (JSON.parse(readFileSync(tablePath, "utf8")) as { words: Record<string, [number, number]> }).words;
  const out = new Map<string, [string, number][]>();
  for (const { url } of corpusFiles()) {
    for (const e of (parse(readFileSync(url, "utf8")) as CorpusEntry[] | null) ?? []) {
      if (BLIND_ID.test(e.id)) continue;
      const seen = new Map<string, number>();
      for (const t of tokens(textOf(e), false)) if ((table[t]?.[0] ?? 0) >= 0.5) seen.set(t, table[t]![0]);
      out.set(e.id, [...seen]);
    }
  }
  return out;
}

/**
 * The rare-word variant: a row's best money score over the words no other part (nor the left-out
 * part) has in more than `most` rows: the prior speaks only where the corpus is silent, the trade
 * words the brief names. Returns the views for a left-out part `left`, re-scored.
 */
function rareViews(rows: Row[], words: Map<string, [string, number][]>, most: number, base: (r: Row) => View) {
  const total = new Map<string, number>();
  const byPart = new Map<string, Map<string, number>>();
  for (const r of rows) {
    const part = byPart.get(r.batch) ?? new Map<string, number>();
    byPart.set(r.batch, part);
    for (const [w] of words.get(r.id) ?? []) {
      total.set(w, (total.get(w) ?? 0) + 1);
      part.set(w, (part.get(w) ?? 0) + 1);
    }
  }
  const raisable = rows.filter((r) => candidates([base(r)]).length > 0);
  return (left: string): View[] =>
    raisable.map((r) => {
      let score = 0;
      for (const [w, s] of words.get(r.id) ?? []) {
        const df = total.get(w)! - (byPart.get(left)!.get(w) ?? 0) - (r.batch === left ? 0 : (byPart.get(r.batch)!.get(w) ?? 0));
        if (df <= most && s > score) score = s;
      }
      return { ...base(r), score };
    });
}

function reportRare(name: string, rows: Row[], words: Map<string, [string, number][]>, base: (r: Row) => View) {
  const batches = [...new Set(rows.map((r) => r.batch))];
  for (const most of [0, 2, 5, 20]) {
    const viewsFor = rareViews(rows, words, most, base);
    for (const weight of [1, 3]) {
      const { fixed, broken, chosen } = nested(batches, viewsFor, weight);
      console.log(
        `${name}, rare words (df <= ${most} in other parts), gain fixed - ${weight}×broken: nested fixed ${fixed}, broken ${broken}; thresholds ${[...new Set(chosen)].sort().join(",")}`,
      );
    }
  }
}

/** Area under the ROC curve of `score` for positives against negatives (ties count half). */
function auc(pos: number[], neg: number[]): number {
  if (!pos.length || !neg.length) return NaN;
  let wins = 0;
  for (const p of pos) for (const n of neg) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return wins / (pos.length * neg.length);
}

const candidates = (views: View[]) => views.filter((v) => RAISABLE.has(v.risk) && ACTING.has(v.type));

function count(views: View[], t: number) {
  let fixed = 0;
  let broken = 0;
  for (const v of candidates(views)) {
    if (v.score < t) continue;
    if (v.gold === "CRITICAL") fixed++;
    else if (v.gold === v.risk) broken++;
  }
  return { fixed, broken };
}

const GRID = Array.from({ length: 41 }, (_, i) => 0.5 + i * 0.01);

/** The threshold the views choose: most fixed less `weight` × broken (ties: the higher threshold). */
function choose(views: View[], weight: number): number {
  let best = 2;
  let bestGain = 0;
  for (const t of GRID) {
    const { fixed, broken } = count(views, t);
    const gain = fixed - weight * broken;
    if (gain > bestGain || (gain === bestGain && gain > 0 && t > best)) [best, bestGain] = [t, gain];
  }
  return best;
}

/** Nested leave-part-out: each part's threshold is chosen on the other parts, then counted on it. */
function nested(batches: string[], viewsFor: (batch: string) => View[], weight: number) {
  let fixed = 0;
  let broken = 0;
  const chosen: number[] = [];
  for (const b of batches) {
    const views = viewsFor(b);
    const t = choose(
      views.filter((v) => v.batch !== b),
      weight,
    );
    chosen.push(t);
    const r = count(
      views.filter((v) => v.batch === b),
      t,
    );
    fixed += r.fixed;
    broken += r.broken;
  }
  return { fixed, broken, chosen };
}

function report(name: string, views: View[], heldBack: View[] | null) {
  const c = candidates(views);
  const pos = c.filter((v) => v.gold === "CRITICAL").map((v) => v.score);
  const neg = c.filter((v) => v.gold !== "CRITICAL").map((v) => v.score);
  console.log(
    `\n${name}: ${views.length} rows, ${c.length} raisable acting rows (${pos.length} gold CRITICAL), AUC ${auc(pos, neg).toFixed(3)}`,
  );
  const line = GRID.filter((_, i) => i % 5 === 0)
    .map((t) => {
      const { fixed, broken } = count(views, t);
      return `${t.toFixed(2)}:+${fixed}/-${broken}`;
    })
    .join(" ");
  console.log(`  in-sample by threshold: ${line}`);
  const batches = [...new Set(views.map((v) => v.batch))];
  for (const weight of [1, 3]) {
    const { fixed, broken, chosen } = nested(batches, () => views, weight);
    const ts = [...new Set(chosen)].sort().join(",");
    console.log(`  nested leave-part-out (gain = fixed - ${weight}×broken): fixed ${fixed}, broken ${broken}; thresholds ${ts}`);
    if (heldBack) {
      const t = choose(views, weight);
      const r = count(heldBack, t);
      console.log(`  held back (t ${t.toFixed(2)} chosen on all parts): fixed ${r.fixed}, broken ${r.broken}`);
    }
  }
}

const args = process.argv.slice(2);
const rows = collect(args[0] ?? "/tmp/emb31/prior.json", process.env.EMB31_CACHE ?? "/tmp/emb31/rows.json");
const showHeldBack = args.includes("--held-back");
const dev = rows.filter((r) => !HELD_BACK.test(r.batch));
const back = rows.filter((r) => HELD_BACK.test(r.batch));
const todayView = (r: Row): View => ({ gold: r.gold, risk: r.today, type: r.type, score: r.money, batch: r.batch });
const firstView = (r: Row): View => ({ gold: r.gold, risk: r.first!.risk, type: r.first!.type, score: r.money, batch: r.batch });
report("money, today's compiler", dev.map(todayView), showHeldBack ? back.map(todayView) : null);
report(
  "money, first-contact compiler (fresh rows)",
  dev.filter((r) => r.first).map(firstView),
  showHeldBack ? back.filter((r) => r.first).map(firstView) : null,
);
if (args.includes("--rare")) {
  const words = moneyWordsOf(args[0] ?? "/tmp/emb31/prior.json");
  reportRare("today", dev, words, todayView);
  reportRare(
    "first contact",
    dev.filter((r) => r.first),
    words,
    firstView,
  );
}
const prodView = (r: Row): View => ({ ...todayView(r), score: r.production });
report("production, today's compiler", dev.map(prodView), showHeldBack ? back.map(prodView) : null);
