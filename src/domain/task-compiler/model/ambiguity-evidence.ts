// The learned "ambiguous or clear" evidence over the request's words (docs/task-compiler.md,
// "Learned evidence"): a naive Bayes trained offline on the development split. It never escalates
// on its own. Since the fifth session its lean is one of the escalation model's features
// (escalation-evidence.ts), which weighs it with the detectors' questions; before that it tipped
// weakly resolved references by a threshold of its own.
import { predict, type NaiveBayesModel, type Prediction } from "./naive-bayes.js";
import { shippedModels } from "./shipped-models.js";

// The shipped model unless cross-validation has set another (useAmbiguityModel).
let model: NaiveBayesModel | null = null;
const current = (): NaiveBayesModel => (model ??= shippedModels().ambiguity);

/** For cross-validation only (scripts/task-model-cv.ts); null restores the shipped model. */
export function useAmbiguityModel(next: NaiveBayesModel | null): void {
  model = next;
}

/**
 * The model's lean to AMBIGUOUS: log-odds per known feature and in total (negative: CLEAR).
 * Naive Bayes is overconfident on long texts (every word adds log-odds), so both are given.
 */
export function ambiguityLean(text: string, using: NaiveBayesModel = current()): { lean: number; logit: number } {
  return leanOf(predict(using, text));
}

/** A prediction of the ambiguity model read as a lean (as `ambiguityLean`, for training's scores too). */
export function leanOf(prediction: Pick<Prediction, "ranked" | "perFeature" | "known">): { lean: number; logit: number } {
  const top = prediction.ranked[0]!.label === "AMBIGUOUS";
  const lean = top ? -prediction.perFeature.CLEAR! : prediction.perFeature.AMBIGUOUS!;
  return { lean, logit: lean * Math.max(1, prediction.known) };
}
