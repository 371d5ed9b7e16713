// Seventh session (branch `model8`): candidate task-type models against the shipped naive Bayes,
// chosen by leave-batch-out cross-validation on the first-contact rows only (CV_GRID=type-models
// npm run train:compiler -- --cv). Each first-contact batch is scored by models trained on the
// development split without that batch; the rules' type and lead are those recorded at first
// contact (the commit that had not seen the batch). Printed per batch, so a gain is judged against
// the batch-to-batch spread.
import { loadModel, predict } from "../src/domain/task-compiler/model/naive-bayes.js";
import { features } from "../src/domain/task-compiler/model/features.js";
import type { CorpusEntry } from "../test/support/task-corpus.js";
import {
  TYPE_MODEL_SETTINGS,
  buildAmbiguityTable,
  buildEscalationTable,
  buildTypeTable,
  escalationRows,
  trainTypeModels,
  loadFirstContact,
  textOf,
  TYPE_CLASSES,
  typeRows,
} from "./task-model-lib.js";
import { fitLogistic, logisticVote } from "../src/domain/task-compiler/model/logistic.js";
import { TYPE_MODEL_LR_WEIGHT, TYPE_MODEL_RESOLVES, useTypeModel } from "../src/domain/task-compiler/model/type-evidence.js";
import { useAmbiguityModel } from "../src/domain/task-compiler/model/ambiguity-evidence.js";
import { useEscalationModel } from "../src/domain/task-compiler/model/escalation-evidence.js";
import { evaluate } from "../test/support/task-corpus-metrics.js";
import { pct } from "./task-model-cv.js";
import {
  agree,
  cnbTrainer,
  K,
  nbLrTrainer,
  nbTrainer,
  nbVariantTrainer,
  shippedLrTrainer,
  signFlip,
  softmaxTrainer,
  type Trainer,
} from "./task-model-type-trainers.js";
import {
  centroidTrainer,
  describe,
  embedOptions,
  embJointTrainer,
  embLrTrainer,
  mixScorers,
  nbSynonymTrainer,
} from "./task-model-embeddings.js";

const MARGINS = [0, 2, 4, 6, 9, 14, 99];
const CONFIDENCES = [0, 0.5, 0.7, 0.8, 0.9, 0.95, 0.99];

export function crossValidateTypeModels(corpus: CorpusEntry[]): void {
  const byId = new Map(corpus.map((e) => [e.id, e]));
  const all = loadFirstContact();
  const rows = all.filter((r) => byId.has(r.id) && r.rulesType !== undefined && !byId.get(r.id)!.request?.taskType);
  const only = process.env.CV_WRITTEN ?? "fresh";
  const batches = [...new Set(rows.filter((r) => only === "all" || r.written === only).map((r) => r.batch))].sort();
  const candidates: [string, Trainer][] = [
    [`naive Bayes alpha=${TYPE_MODEL_SETTINGS.alpha} (shipped)`, nbTrainer(TYPE_MODEL_SETTINGS.alpha)],
  ];
  const spec = process.env.CV_MODELS ?? "softmax";
  for (const part of spec.split(";")) {
    const [kind, ...args] = part.split(",");
    const num = args.map(Number);
    if (kind === "softmax") {
      const [l2 = 1e-4, rounds = 150, step = 0.5] = num;
      candidates.push([`softmax LR l2=${l2} rounds=${rounds} step=${step}`, softmaxTrainer(l2, rounds, step)]);
    } else if (kind === "nblr") {
      const [l2 = 1e-4, rounds = 100, step = 0.5, beta = 0.25, alpha = 1] = num;
      candidates.push([
        `NB-LR l2=${l2} rounds=${rounds} step=${step} beta=${beta} alpha=${alpha}`,
        nbLrTrainer(l2, rounds, step, beta, alpha),
      ]);
    } else if (kind === "mix") {
      const [l2 = 1e-4, rounds = 150, step = 0.5, w = 0.5] = num;
      candidates.push([
        `NB x softmax LR (w=${w}) l2=${l2} rounds=${rounds}`,
        mixScorers(nbTrainer(0.1), softmaxTrainer(l2, rounds, step), w),
      ]);
    } else if (kind === "mixshipped") {
      // The shipped form (ninth session): the regression as scripts/task-model-lib.ts tables it
      // (weights shifted, rounded to hundredths, small ones dropped), read back as the compiler reads it.
      const [w = TYPE_MODEL_LR_WEIGHT] = num;
      candidates.push([`NB x shipped-form softmax LR (w=${w})`, mixScorers(nbTrainer(TYPE_MODEL_SETTINGS.alpha), shippedLrTrainer, w)]);
    } else if (kind === "mixnblr") {
      const [l2 = 1e-4, rounds = 100, step = 0.5, beta = 0.25, w = 0.5] = num;
      candidates.push([`NB x NB-LR (w=${w}) l2=${l2} beta=${beta}`, mixScorers(nbTrainer(0.1), nbLrTrainer(l2, rounds, step, beta, 1), w)]);
    } else if (kind === "agree") {
      const [l2 = 1e-4, rounds = 100, step = 0.5, beta = 0.25, alpha = 1] = num;
      candidates.push([
        `naive Bayes where NB-LR (l2=${l2} beta=${beta}) agrees`,
        agree(nbTrainer(0.1), nbLrTrainer(l2, rounds, step, beta, alpha)),
      ]);
    } else if (kind === "agreesoftmax") {
      const [l2 = 1e-5, rounds = 300, step = 0.5] = num;
      candidates.push([`naive Bayes where softmax LR (l2=${l2}) agrees`, agree(nbTrainer(0.1), softmaxTrainer(l2, rounds, step))]);
    } else if (kind === "nbv") {
      candidates.push([`naive Bayes alpha=${args[0]} features ${args[1]}`, nbVariantTrainer(Number(args[0]), args[1]!)]);
    } else if (kind === "cnb") {
      candidates.push([`complement naive Bayes alpha=${num[0]}`, cnbTrainer(num[0]!)]);
    } else if (kind === "nb") {
      candidates.push([`naive Bayes alpha=${num[0]}`, nbTrainer(num[0]!)]);
    } else if (kind !== undefined && (kind.startsWith("emb") || kind.startsWith("centroid") || kind === "nbsyn")) {
      // Ninth session (branch `emb`): pretrained word embeddings (scripts/task-model-embeddings.ts).
      const nums = args.filter((a) => !a.includes("=")).map(Number);
      const o = embedOptions(args.filter((a) => a.includes("=")));
      if (kind === "emblr") {
        const [l2 = 1e-3, rounds = 300, step = 0.5] = nums;
        candidates.push([`embedding mean -> softmax LR l2=${l2} rounds=${rounds} (${describe(o)})`, embLrTrainer(l2, rounds, step, o)]);
      } else if (kind === "embmix") {
        const [w = 0.3, l2 = 1e-3, rounds = 300, step = 0.5] = nums;
        candidates.push([
          `NB x embedding LR (w=${w}) l2=${l2} rounds=${rounds} (${describe(o)})`,
          mixScorers(nbTrainer(TYPE_MODEL_SETTINGS.alpha), embLrTrainer(l2, rounds, step, o), w),
        ]);
      } else if (kind === "embjoint") {
        const [l2 = 1e-4, rounds = 200, step = 0.5] = nums;
        candidates.push([
          `sparse features + embedding dims, one softmax LR l2=${l2} rounds=${rounds} (${describe(o)})`,
          embJointTrainer(l2, rounds, step, features, o),
        ]);
      } else if (kind === "embjointmix") {
        const [w = 0.5, l2 = 1e-4, rounds = 200, step = 0.5] = nums;
        candidates.push([
          `NB x joint LR (w=${w}) l2=${l2} rounds=${rounds} (${describe(o)})`,
          mixScorers(nbTrainer(TYPE_MODEL_SETTINGS.alpha), embJointTrainer(l2, rounds, step, features, o), w),
        ]);
      } else if (kind === "centroid") {
        const [t = 20] = nums;
        candidates.push([`nearest class centroid by cosine, T=${t} (${describe(o)})`, centroidTrainer(t, o)]);
      } else if (kind === "centroidmix") {
        const [w = 0.3, t = 20] = nums;
        candidates.push([
          `NB x centroid (w=${w}) T=${t} (${describe(o)})`,
          mixScorers(nbTrainer(TYPE_MODEL_SETTINGS.alpha), centroidTrainer(t, o), w),
        ]);
      } else if (kind === "nbsyn") {
        const [alpha = TYPE_MODEL_SETTINGS.alpha, tau = 0.6] = nums;
        candidates.push([
          `naive Bayes, unseen words -> nearest training word (cos>=${tau}) (cut=${o.cut})`,
          nbSynonymTrainer(alpha, tau, o.cut),
        ]);
      }
    }
  }
  let reference: number[] | null = null;
  for (const [name, trainer] of candidates) {
    const started = Date.now();
    // Per batch: [model alone right, per (M, P) combination right, rows].
    const perBatch = new Map<string, { alone: number; combo: number[]; n: number }>();
    for (const batch of batches) {
      const ids = new Set(all.filter((r) => r.batch === batch).map((r) => r.id));
      const family = new Set(all.filter((r) => r.written === "family").map((r) => r.id));
      const fresh = new Set(all.filter((r) => r.written === "fresh").map((r) => r.id));
      const kept = corpus.filter((e) => !ids.has(e.id) && !(process.env.CV_TRAIN === "nofamily" && family.has(e.id)));
      const doubled = process.env.CV_TRAIN === "fresh2" ? kept.filter((e) => fresh.has(e.id)) : [];
      const score = trainer(typeRows([...kept, ...doubled]));
      const part = rows.filter((r) => r.batch === batch);
      const tally = { alone: 0, combo: new Array<number>(MARGINS.length * CONFIDENCES.length).fill(0), n: part.length };
      for (const r of part) {
        const gold = byId.get(r.id)!.expect.type;
        const p = score(r.text ?? textOf(byId.get(r.id)!));
        let top = 0;
        for (let c = 1; c < K; c++) if (p[c]! > p[top]!) top = c;
        const label = TYPE_CLASSES[top]!;
        if (label === gold) tally.alone++;
        const lead = r.rulesType === "UNCLASSIFIED" ? -1 : r.rulesLead!;
        MARGINS.forEach((M, mi) =>
          CONFIDENCES.forEach((P, pi) => {
            if ((lead <= M && p[top]! >= P ? label : r.rulesType) === gold) tally.combo[mi * CONFIDENCES.length + pi]!++;
          }),
        );
      }
      perBatch.set(batch, tally);
    }
    const n = batches.reduce((s, b) => s + perBatch.get(b)!.n, 0);
    const alone = batches.reduce((s, b) => s + perBatch.get(b)!.alone, 0);
    const combo = (i: number) => batches.reduce((s, b) => s + perBatch.get(b)!.combo[i]!, 0);
    const shipped = MARGINS.indexOf(9) * CONFIDENCES.length + CONFIDENCES.indexOf(0.9);
    let best = 0;
    for (let i = 1; i < MARGINS.length * CONFIDENCES.length; i++) if (combo(i) > combo(best)) best = i;
    const cell = (i: number) => `lead<=${MARGINS[Math.floor(i / CONFIDENCES.length)]} p>=${CONFIDENCES[i % CONFIDENCES.length]}`;
    console.log(`${name} [${only}, ${((Date.now() - started) / 1000).toFixed(0)} s]`);
    console.log(`  model alone ${pct(alone, n)}; per batch ${batches.map((b) => perBatch.get(b)!.alone).join(" ")}`);
    console.log(
      `  shipped cell (lead<=9 p>=0.9) ${pct(combo(shipped), n)}; per batch ${batches.map((b) => perBatch.get(b)!.combo[shipped]).join(" ")}`,
    );
    const spread = (get: (b: string) => number) => {
      const r = batches.map((b) => (100 * get(b)) / perBatch.get(b)!.n).sort((x, y) => x - y);
      const m = r.length >> 1;
      const median = r.length % 2 ? r[m]! : (r[m - 1]! + r[m]!) / 2;
      return `min ${r[0]!.toFixed(1)} / median ${median.toFixed(1)} / max ${r[r.length - 1]!.toFixed(1)}`;
    };
    console.log(
      `  per-batch %: model alone ${spread((b) => perBatch.get(b)!.alone)}; shipped cell ${spread((b) => perBatch.get(b)!.combo[shipped]!)}`,
    );
    console.log(
      `  best cell ${cell(best)} ${pct(combo(best), n)}; per batch ${batches.map((b) => perBatch.get(b)!.combo[best]).join(" ")}`,
    );
    if (process.env.CV_CELLS)
      MARGINS.forEach((M, mi) =>
        console.log(`  lead<=${M}: ${CONFIDENCES.map((P, pi) => `p>=${P} ${combo(mi * CONFIDENCES.length + pi)}`).join(", ")}`),
      );
    // Nested: the cell chosen on the other batches, scored on the batch left out.
    let nested = 0;
    const picks: string[] = [];
    for (const outer of batches) {
      let pick = 0;
      const inner = (i: number) => batches.reduce((s, b) => s + (b === outer ? 0 : perBatch.get(b)!.combo[i]!), 0);
      for (let i = 1; i < MARGINS.length * CONFIDENCES.length; i++) if (inner(i) > inner(pick)) pick = i;
      nested += perBatch.get(outer)!.combo[pick]!;
      picks.push(cell(pick));
    }
    console.log(`  nested cell choice ${pct(nested, n)} (${[...new Set(picks)].join("; ")})`);
    // Paired against the shipped model and cell, per batch: the nested count minus the shipped one.
    const nestedPer = batches.map((outer) => {
      let pick = 0;
      const inner = (i: number) => batches.reduce((s, b) => s + (b === outer ? 0 : perBatch.get(b)!.combo[i]!), 0);
      for (let i = 1; i < MARGINS.length * CONFIDENCES.length; i++) if (inner(i) > inner(pick)) pick = i;
      return perBatch.get(outer)!.combo[pick]!;
    });
    if (!reference) reference = batches.map((b) => perBatch.get(b)!.combo[shipped]!);
    const diffs = nestedPer.map((v, i) => v - reference![i]!);
    console.log(`  paired with the shipped model and cell: nested ${signFlip(diffs)}`);
    const cellDiffs = batches.map((b, i) => perBatch.get(b)!.combo[shipped]! - reference![i]!);
    console.log(`  paired with the shipped model and cell: this model at the shipped cell ${signFlip(cellDiffs)}`);
    console.log(`  batches ${batches.map((b) => `${b.split("/")[1]}:${perBatch.get(b)!.n}`).join(" ")}`);
  }
}

/**
 * The whole compiler on each fresh first-contact batch, leave-batch-out (all three models trained
 * on the development split without the batch), at the shipped type cell and at a candidate one
 * (CV_GRID=type-cells-pipeline; seventh session). Today's rules have been written with these
 * batches in view, so this favours the rules; it shows what a type cell costs or gains on risk,
 * mode and escalation, which the first-contact rows do not record.
 */
export function crossValidateTypeCellsPipeline(corpus: CorpusEntry[]): void {
  const firstContact = loadFirstContact();
  // Twentieth session: CV_BATCHES (a pattern) keeps some batches, CV_GROUPS leaves them out in that
  // many interleaved groups (one training per group), and a cell's third number is the
  // regression's floor (type-evidence.ts, TYPE_MODEL_LR_FLOOR); every cell is scored with the
  // same trained models.
  const only = new RegExp(process.env.CV_BATCHES ?? "");
  const batches = [...new Set(firstContact.filter((r) => r.written === "fresh" && only.test(r.batch)).map((r) => r.batch))].sort();
  const groups = Number(process.env.CV_GROUPS ?? batches.length);
  const cells = (process.env.CV_CELLS_PIPELINE ?? "9,0.9;14,0.95").split(";").map((c) => c.split(",").map(Number));
  const sums = cells.map(() => ({ total: 0, type: 0, risk: 0, mode: 0, ae: 0, a: 0, ce: 0, c: 0 }));
  const per: string[][] = cells.map(() => []);
  for (let g = 0; g < groups; g++) {
    const group = batches.filter((_, i) => i % groups === g);
    const left = new Set(firstContact.filter((r) => group.includes(r.batch)).map((r) => r.id));
    const train = corpus.filter((e) => !left.has(e.id));
    const models = trainTypeModels(train);
    useAmbiguityModel(loadModel(buildAmbiguityTable(train)));
    useEscalationModel(buildEscalationTable(escalationRows(train)));
    cells.forEach(([margin, confidence, lrFloor], k) => {
      useTypeModel(models, { margin: margin!, confidence: confidence!, resolve: TYPE_MODEL_RESOLVES, lrFloor: lrFloor ?? 0 });
      for (const batch of group) {
        const ids = new Set(firstContact.filter((r) => r.batch === batch).map((r) => r.id));
        const m = evaluate(corpus.filter((e) => ids.has(e.id)));
        const sum = sums[k]!;
        sum.total += m.total;
        sum.type += m.right.task_type;
        sum.risk += m.right.risk;
        sum.mode += m.right.mode;
        sum.ae += m.ambiguous.escalated;
        sum.a += m.ambiguous.total;
        sum.ce += m.clear.escalated;
        sum.c += m.clear.total;
        per[k]!.push(`${batch.split("/")[1]} ${m.right.task_type}/${m.right.risk}/${m.ambiguous.escalated}/${m.clear.escalated}`);
      }
    });
  }
  useTypeModel(null);
  useAmbiguityModel(null);
  useEscalationModel(null);
  cells.forEach((cell, k) => {
    const sum = sums[k]!;
    console.log(
      `whole compiler, leave-batch-out on the fresh batches, type cell lead<=${cell[0]} p>=${cell[1]} regression>=${cell[2] ?? 0}: type ${pct(sum.type, sum.total)}, risk ${pct(sum.risk, sum.total)}, mode ${pct(sum.mode, sum.total)}, recall ${pct(sum.ae, sum.a)}, clear escalated ${pct(sum.ce, sum.c)}`,
    );
    console.log(`  per batch type/risk/ambiguous escalated/clear escalated: ${per[k]!.join("; ")}`);
  });
}

/**
 * A learned combiner of the rules' type and the model's (CV_GRID=type-combiner; seventh session):
 * where the rules' first-contact type and the naive Bayes (trained without the batch) disagree, a
 * logistic regression over the rules' lead, the model's confidence and the probability the model
 * gives the rules' type says whether to take the model's type; trained on the other batches'
 * disagreements (leave-batch-out), against the shipped cell.
 */
export function crossValidateTypeCombiner(corpus: CorpusEntry[]): void {
  const byId = new Map(corpus.map((e) => [e.id, e]));
  const all = loadFirstContact();
  const rows = all.filter((r) => byId.has(r.id) && r.rulesType !== undefined && !byId.get(r.id)!.request?.taskType);
  const batches = [...new Set(rows.map((r) => r.batch))].sort();
  const scored = batches.flatMap((batch) => {
    const ids = new Set(all.filter((r) => r.batch === batch).map((r) => r.id));
    const model = loadModel(buildTypeTable(corpus.filter((e) => !ids.has(e.id))));
    return rows
      .filter((r) => r.batch === batch)
      .map((r) => {
        const pred = predict(model, r.text ?? textOf(byId.get(r.id)!));
        const top = pred.ranked[0]!;
        const rulesP = pred.ranked.find((x) => x.label === r.rulesType)?.p ?? 0;
        const lead = r.rulesType === "UNCLASSIFIED" ? -1 : r.rulesLead!;
        const gold = byId.get(r.id)!.expect.type;
        const x = [
          Math.min(Math.max(lead, 0), 20) / 10,
          r.rulesType === "UNCLASSIFIED" ? 1 : 0,
          Math.log(Math.max(1e-6, 1 - top.p)) / -5,
          Math.log(Math.max(1e-6, rulesP)) / -5,
          top.label === "UNCLASSIFIED" ? 1 : 0,
          Math.log1p(pred.known) / 4,
        ];
        return { batch, gold, rules: r.rulesType!, model: top.label, p: top.p, lead, x };
      });
  });
  const names = ["lead", "rules_unclassified", "model_sure", "model_rejects_rules", "model_unclassified", "known"];
  const shipped = (r: (typeof scored)[number]) => (r.lead <= 9 && r.p >= 0.9 ? r.model : r.rules);
  const right = (choose: (r: (typeof scored)[number], i: number) => string, idx: number[]) =>
    idx.filter((i) => choose(scored[i]!, i) === scored[i]!.gold).length;
  const idxOf = (b: string) => scored.flatMap((r, i) => (r.batch === b ? [i] : []));
  const allIdx = scored.map((_, i) => i);
  for (const l2 of [0.001, 0.01, 0.1]) {
    const pTake: number[] = new Array(scored.length).fill(0);
    for (const batch of batches) {
      const training = scored
        .filter((r) => r.batch !== batch && r.rules !== r.model && (r.gold === r.rules || r.gold === r.model))
        .map((r) => ({ x: r.x, y: (r.gold === r.model ? 1 : 0) as 0 | 1 }));
      const table = fitLogistic(names, training, { l2, rounds: 3000, step: 0.5 });
      for (const i of idxOf(batch)) pTake[i] = logisticVote(table, scored[i]!.x).p;
    }
    const cells = [0.3, 0.4, 0.5, 0.6, 0.7].map((t) => {
      const choose = (r: (typeof scored)[number], i: number) => (r.rules !== r.model && pTake[i]! >= t ? r.model : r.rules);
      const per = batches.map((b) => right(choose, idxOf(b)) - right(shipped, idxOf(b)));
      return `t=${t} ${pct(right(choose, allIdx), scored.length)} paired ${signFlip(per)}`;
    });
    console.log(`combiner l2=${l2}:\n  ${cells.join("\n  ")}`);
  }
  console.log(`shipped cell ${pct(right(shipped, allIdx), scored.length)}`);
  // Nested: L2 and threshold chosen on the other batches (their combiners trained without the
  // outer batch too), then the combiner trained on all other batches and scored on the outer one.
  const disagreements = (except: Set<string>) =>
    scored
      .filter((r) => !except.has(r.batch) && r.rules !== r.model && (r.gold === r.rules || r.gold === r.model))
      .map((r) => ({ x: r.x, y: (r.gold === r.model ? 1 : 0) as 0 | 1 }));
  const L2S = [0.001, 0.01, 0.1];
  const TS = [0.3, 0.4, 0.5, 0.6, 0.7];
  const nestedPer: number[] = [];
  const picks: string[] = [];
  for (const outer of batches) {
    let best = { right: -1, l2: 0, t: 0 };
    for (const l2 of L2S) {
      const pTake = new Map<number, number>();
      for (const inner of batches) {
        if (inner === outer) continue;
        const table = fitLogistic(names, disagreements(new Set([outer, inner])), { l2, rounds: 3000, step: 0.5 });
        for (const i of idxOf(inner)) pTake.set(i, logisticVote(table, scored[i]!.x).p);
      }
      for (const t of TS) {
        const n = right((r, i) => (r.rules !== r.model && pTake.get(i)! >= t ? r.model : r.rules), [...pTake.keys()]);
        if (n > best.right) best = { right: n, l2, t };
      }
    }
    const table = fitLogistic(names, disagreements(new Set([outer])), { l2: best.l2, rounds: 3000, step: 0.5 });
    const idx = idxOf(outer);
    nestedPer.push(
      right((r, i) => (r.rules !== r.model && logisticVote(table, scored[i]!.x).p >= best.t ? r.model : r.rules), idx) -
        right(shipped, idx),
    );
    picks.push(`l2=${best.l2} t=${best.t}`);
  }
  const total = nestedPer.reduce((a, b) => a + b, 0) + right(shipped, allIdx);
  console.log(`nested combiner ${pct(total, scored.length)}, paired ${signFlip(nestedPer)}; chosen ${[...new Set(picks)].join("; ")}`);
}
