// Thirtieth session (branch `esc30`): esc29's shape candidates confirmed or dropped on two study
// parts nobody had tuned on. Every fresh first-contact row of the development split trains; the
// study parts (their files and first-contact rows given from outside this tree, so the corpus,
// the known misses and the tables stay as they are) are scored by models that never saw them, each
// variant at the threshold its own leave-group-out votes on the training rows choose (the fewest
// clear rows asked at no less recall than the shipped features at 0.5, as in the shape grid).
// Per part: clear rows asked, ambiguous rows caught, and what asked first on each.
//   CV_GRID=study CV_STUDY_FILES=a.yaml,b.yaml CV_STUDY_FIRST_CONTACT=first-contact.json \
//     [CV_VARIANTS=base,…] [CV_CACHE=file] [CV_STUDY_OUT=ids.json] npm run train:compiler -- --cv --escalation
import { readFileSync, writeFileSync } from "node:fs";
import { parse } from "yaml";
import type { CorpusEntry } from "../test/support/task-corpus.js";
import { ESCALATION_THRESHOLD, STANDING_KINDS } from "../src/domain/task-compiler/model/escalation-evidence.js";
import { escalationRows, textOf, type EscalationRow, type FirstContactRow } from "./task-model-lib.js";
import { newtonFit, probability } from "./task-model-notes-cv.js";
import { CANDIDATES, groupVotes, rowsWithText, tally, type Row } from "./task-model-escalation-shape-cv.js";

const GROUPS = Number(process.env.CV_GROUPS ?? 5);
const L2 = Number(process.env.CV_L2 ?? 0.01);
const THRESHOLDS = Array.from({ length: 41 }, (_, k) => Math.round((0.3 + k * 0.01) * 100) / 100);
const STANDING_ORDER = [
  "field_contradiction",
  "constraint_contradiction",
  "scope_contradiction",
  "budget_contradiction",
  "missing_target",
  "empty_request",
];

/** What asked first on an escalated row: a standing question, or the model (its own, or agreeing with a detector). */
function askedBy(r: EscalationRow): string {
  const standing = STANDING_ORDER.find((k) => r.asked.includes(k));
  if (standing) return standing;
  return r.asked.length ? `agreed:${r.asked[0]}` : "model_own";
}

/** A study part's rows: leans from the naive Bayes of the development split alone (the part is not in it). */
function studyRows(corpus: CorpusEntry[], file: string, firstContact: FirstContactRow[]): Row[] {
  const entries = (parse(readFileSync(file, "utf8")) as CorpusEntry[] | null) ?? [];
  const ids = new Set(entries.map((e) => e.id));
  const own = firstContact.filter((r) => ids.has(r.id));
  const byId = new Map(entries.map((e) => [e.id, e]));
  const text = new Map(own.map((r) => [r.id, r.text]));
  return escalationRows([...corpus, ...entries], own).map((r) => ({ ...r, text: text.get(r.id) ?? textOf(byId.get(r.id)!) }));
}

export function scoreStudyParts(corpus: CorpusEntry[]): void {
  const files = (process.env.CV_STUDY_FILES ?? "").split(",").filter(Boolean);
  const firstContact = JSON.parse(readFileSync(process.env.CV_STUDY_FIRST_CONTACT!, "utf8")) as FirstContactRow[];
  const train = rowsWithText(corpus);
  const parts = files.map((f) => ({ name: f.replace(/^.*\//, ""), rows: studyRows(corpus, f, firstContact) }));
  const batches = [...new Set(train.map((r) => r.batch))];
  const batchGroup = new Map(batches.map((b, k) => [b, k % GROUPS]));
  const all = train.map((_, i) => i);
  const groupOf = (i: number) => batchGroup.get(train[i]!.batch)!;
  console.log(
    `training rows ${train.length} in ${batches.length} batches; study ${parts.map((p) => `${p.name} ${p.rows.length}`).join(", ")}`,
  );
  const floor = tally(train, all, groupVotes(train, all, groupOf, L2), ESCALATION_THRESHOLD);
  const out: Record<string, Record<string, string[]>> = {};
  const wanted = (process.env.CV_VARIANTS ?? "base,shapeWhereNothingAsked").split(",");
  for (const name of wanted) {
    const extra = CANDIDATES[name]!;
    const rows: EscalationRow[] = train.map((r) => ({ ...r, x: [...r.x, ...extra(r)] }));
    const p = groupVotes(rows, all, groupOf, L2);
    let chosen = { t: ESCALATION_THRESHOLD, ce: Infinity };
    for (const t of THRESHOLDS) {
      const v = tally(rows, all, p, t);
      if (v.ae >= floor.ae && v.ce < chosen.ce) chosen = { t, ce: v.ce };
    }
    const cols = Array.from({ length: rows[0]!.x.length }, (_, i) => i);
    const w = newtonFit(rows, cols, L2);
    for (const t of new Set([ESCALATION_THRESHOLD, chosen.t])) {
      for (const part of parts) {
        const count = { c: 0, ce: 0, a: 0, ae: 0 };
        const by = new Map<string, [number, number]>();
        const ids: string[] = [];
        for (const r of part.rows) {
          const x = [...r.x, ...extra(r)];
          const escalated = r.asked.some((k) => STANDING_KINDS.has(k)) || probability(w, x, cols) >= t;
          if (r.y) count.a++;
          else count.c++;
          if (!escalated) continue;
          if (r.y) count.ae++;
          else {
            count.ce++;
            ids.push(r.id);
          }
          const k = askedBy(r);
          const cell = by.get(k) ?? [0, 0];
          cell[r.y]++;
          by.set(k, cell);
        }
        (out[`${name} t=${t}`] ??= {})[part.name] = ids;
        const cells = [...by].sort((a, b) => b[1][0] - a[1][0]).map(([k, [c, a]]) => `${k} ${c}/${a}`);
        console.log(
          `${name} t=${t}${t === chosen.t ? " (chosen)" : ""} ${part.name}: clear ${count.ce}/${count.c}, recall ${count.ae}/${count.a}; clear/ambiguous by what asked: ${cells.join(", ")}`,
        );
      }
    }
  }
  if (process.env.CV_STUDY_OUT) writeFileSync(process.env.CV_STUDY_OUT, JSON.stringify(out, null, 1));
}
