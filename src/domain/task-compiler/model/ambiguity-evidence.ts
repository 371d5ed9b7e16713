// The learned "ambiguous or clear" evidence beside the detectors (docs/task-compiler.md, "Learned
// evidence"). A naive Bayes over the request's words, trained offline on the development split.
// It never escalates on its own: it may only tip a borderline detector decision, a definite
// reference that the referent detector found resolved only weakly (by an identifier or a
// description somewhere else in the request, not next to it), and the question it asks is the
// detector's, with the model's vote in it. The threshold was chosen by 5-fold cross-validation on
// the development split (npm run train:compiler -- --cv).
import { AMBIGUITY_TABLE_JSON } from "./ambiguity-model.generated.js";
import { loadModel, predict, type NaiveBayesModel, type NaiveBayesTable } from "./naive-bayes.js";

export const AMBIGUITY_MODEL_CONFIDENCE = 0.9;
/** The least average log-odds per known feature for a tip. */
export const AMBIGUITY_MODEL_PER_FEATURE = 0.15;

// Parsed and built on first use, so importing the compiler costs only the table's JSON text.
let model: NaiveBayesModel | null = null;
const current = (): NaiveBayesModel => (model ??= loadModel(JSON.parse(AMBIGUITY_TABLE_JSON) as NaiveBayesTable));
let confidence = AMBIGUITY_MODEL_CONFIDENCE;
let perFeature = AMBIGUITY_MODEL_PER_FEATURE;

/** For cross-validation only (scripts/task-model-cv.ts); null restores the shipped model and threshold. */
export function useAmbiguityModel(
  next: NaiveBayesModel | null,
  threshold = AMBIGUITY_MODEL_CONFIDENCE,
  leanAtLeast = AMBIGUITY_MODEL_PER_FEATURE,
): void {
  model = next;
  confidence = threshold;
  perFeature = leanAtLeast;
}

/** Whether the model tips a weakly resolved reference to unresolved, and why, in words. */
export function ambiguityVote(text: string): { tips: boolean; why: string } {
  const prediction = predict(current(), text);
  const p = prediction.ranked.find((r) => r.label === "AMBIGUOUS")!.p;
  const top = prediction.ranked[0]!.label === "AMBIGUOUS";
  // Naive Bayes is overconfident on long texts (every word adds log-odds), so the vote is also
  // read per known feature: how strongly the average word leans to AMBIGUOUS.
  const lean = top ? -prediction.perFeature.CLEAR! : prediction.perFeature.AMBIGUOUS!;
  const because = top ? ` (features: ${prediction.because.join(", ")})` : "";
  return {
    tips: p >= confidence && lean >= perFeature,
    why: `model: AMBIGUOUS ${p.toFixed(2)}, ${lean.toFixed(2)} per feature${because}`,
  };
}
