// Candidate word-level ambiguity votes as extra escalation features, measured leave-batch-out on
// the first-contact rows (CV_GRID=lean npm run train:compiler -- --cv --escalation). Split from
// scripts/task-model-type-cv.ts in the nineteenth session so that each file reads in one sitting.
import { loadModel } from "../src/domain/task-compiler/model/naive-bayes.js";
import { features } from "../src/domain/task-compiler/model/features.js";
import { ESCALATION_FEATURES } from "../src/domain/task-compiler/model/escalation-features.js";
import { fitLogistic } from "../src/domain/task-compiler/model/logistic.js";
import { ambiguityLean } from "../src/domain/task-compiler/model/ambiguity-evidence.js";
import { STANDING_KINDS } from "../src/domain/task-compiler/model/escalation-evidence.js";
import type { CorpusEntry } from "../test/support/task-corpus.js";
import {
  AMBIGUITY_CLASSES,
  ESCALATION_MODEL_SETTINGS,
  buildTable,
  escalationRows,
  fitSoftmax,
  indexTexts,
  loadFirstContact,
  textOf,
} from "./task-model-lib.js";
import { escalationRates, leaveBatchOutVotes } from "./task-model-cv.js";

/**
 * Candidate word-level ambiguity votes as an extra escalation feature (CV_GRID=lean --escalation):
 * for each fresh first-contact row, the AMBIGUOUS log-odds of a word model trained on the
 * development split without the row's batch, added to the shipped twenty; scored leave-batch-out
 * like them, per batch.
 */
export function crossValidateEscalationLean(corpus: CorpusEntry[]): void {
  const byId = new Map(corpus.map((e) => [e.id, e]));
  const firstContact = new Map(loadFirstContact().map((r) => [r.id, r]));
  const base = escalationRows(corpus);
  const batches = [...new Set(base.map((r) => r.batch))];
  const textFor = (id: string) => firstContact.get(id)!.text ?? textOf(byId.get(id)!);
  const clip = (x: number, limit: number) => Math.max(-limit, Math.min(limit, x));
  const lrLogit = (l2: number, rounds: number) => {
    const out = new Map<string, number>();
    for (const batch of batches) {
      const ids = new Set(base.filter((r) => r.batch === batch).map((r) => r.id));
      const rows = corpus.filter((e) => !ids.has(e.id)).map((e) => ({ text: textOf(e), y: e.expect.ambiguous ? 1 : 0 }));
      const { index, xs } = indexTexts(rows.map((r) => r.text));
      const { W, b } = fitSoftmax(
        xs,
        rows.map((r) => r.y),
        index.size,
        { l2, rounds, step: 0.5 },
        2,
      );
      for (const r of base.filter((r) => r.batch === batch)) {
        let z = b[1]! - b[0]!;
        for (const f of features(textFor(r.id))) {
          const i = index.get(f);
          if (i !== undefined) z += W[i * 2 + 1]! - W[i * 2]!;
        }
        out.set(r.id, z);
      }
    }
    return out;
  };
  const variants: [string, (id: string) => number[]][] = [["shipped features", () => []]];
  const xOf = new Map(base.map((r) => [r.id, r.x]));
  const at = (id: string, name: string) => xOf.get(id)![ESCALATION_FEATURES.indexOf(name as never)]!;
  if (process.env.CV_INTERACTIONS) {
    const named = (id: string) => Math.max(at(id, "shape:identifier"), at(id, "shape:path"));
    variants.push(["+ reference asked x names something", (id) => [at(id, "asks:reference") * named(id)]]);
    variants.push(["+ measure asked x number", (id) => [at(id, "asks:measure") * at(id, "shape:number")]]);
    variants.push(["+ nothing asked x short", (id) => [(at(id, "asks:count") === 0 ? 1 : 0) * at(id, "shape:short")]]);
    variants.push(["+ asked count x log words", (id) => [at(id, "asks:count") * at(id, "shape:log_words")]]);
    variants.push(["+ lean x nothing asked", (id) => [(at(id, "asks:count") === 0 ? 1 : 0) * at(id, "words:ambiguity_lean")]]);
    variants.push([
      "+ all five",
      (id) => [
        at(id, "asks:reference") * named(id),
        at(id, "asks:measure") * at(id, "shape:number"),
        (at(id, "asks:count") === 0 ? 1 : 0) * at(id, "shape:short"),
        at(id, "asks:count") * at(id, "shape:log_words"),
        (at(id, "asks:count") === 0 ? 1 : 0) * at(id, "words:ambiguity_lean"),
      ],
    ]);
  }
  for (const [l2, rounds] of (process.env.CV_LEAN ?? "1e-4,200")
    .split(";")
    .filter(Boolean)
    .map((s) => s.split(",").map(Number))) {
    const logits = lrLogit(l2!, rounds!);
    variants.push([`+ word LR logit l2=${l2} rounds=${rounds}`, (id) => [clip(logits.get(id)!, 10) / 5]]);
  }
  // The naive Bayes ambiguity lean with another smoothing, in place of the shipped one (alpha 0.5,
  // chosen in the fourth session on the development split, never on first-contact rows).
  const replaced = new Map<string, Map<string, number[]>>();
  for (const alpha of (process.env.CV_LEAN_ALPHA ?? "").split(",").filter(Boolean).map(Number)) {
    const lean = new Map<string, number[]>();
    for (const batch of batches) {
      const ids = new Set(base.filter((r) => r.batch === batch).map((r) => r.id));
      const model = loadModel(
        buildTable(
          corpus.filter((e) => !ids.has(e.id)).map((e) => ({ text: textOf(e), label: e.expect.ambiguous ? "AMBIGUOUS" : "CLEAR" })),
          AMBIGUITY_CLASSES,
          { alpha, minDocs: 1 },
        ),
      );
      for (const r of base.filter((r) => r.batch === batch)) {
        const v = ambiguityLean(textFor(r.id), model);
        lean.set(r.id, [clip(v.lean, 1), clip(v.logit, 20) / 10]);
      }
    }
    replaced.set(`ambiguity lean alpha=${alpha}`, lean);
  }
  const runs: [string, (id: string) => number[], Map<string, number[]> | null][] = [
    ...variants.map(([n, e]) => [n, e, null] as [string, (id: string) => number[], null]),
    ...[...replaced].map(([n, lean]) => [n, () => [], lean] as [string, (id: string) => number[], Map<string, number[]>]),
  ];
  for (const [name, extra, lean] of runs) {
    const rows = base.map((r) => {
      const x = [...r.x, ...extra(r.id)];
      if (lean) x.splice(6, 2, ...lean.get(r.id)!);
      return { ...r, x };
    });
    const names = [...ESCALATION_FEATURES, ...extra(base[0]!.id).map((_, i) => `extra:${i}`)];
    for (const l2 of [0.003, 0.01]) {
      const p = leaveBatchOutVotes(rows, (training) => fitLogistic(names, training, { ...ESCALATION_MODEL_SETTINGS, l2 }));
      const standing = (i: number) => rows[i]!.asked.some((k) => STANDING_KINDS.has(k));
      const cells = [0.35, 0.4, 0.45, 0.5].map((t) => {
        const r = escalationRates(rows, (i) => p[i]! >= t || standing(i));
        return `t=${t} ${r.text}, gap ${(100 * r.gap).toFixed(1)}`;
      });
      console.log(`${name}, l2=${l2}: ${cells.join(" | ")}`);
      const idx = (b: string) => rows.flatMap((r, i) => (r.batch === b ? [i] : []));
      const per = batches.map((b) => escalationRates(rows, (i) => p[i]! >= 0.4 || standing(i), idx(b)));
      console.log(`  t=0.4 per batch: recall ${per.map((x) => x.ae).join(" ")}; clear escalated ${per.map((x) => x.ce).join(" ")}`);
    }
  }
}
