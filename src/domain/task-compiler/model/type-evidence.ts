// The learned task-type evidence beside the rules (docs/task-compiler.md, "Learned evidence"). A
// naive Bayes over the request's words, trained offline on the development split, votes on every
// request and the vote is always explained; it decides only where the rules' evidence is weak
// (their top type leads the runner-up by at most TYPE_MODEL_MARGIN, or no type leads) and the
// model is sure (probability at least TYPE_MODEL_CONFIDENCE). Both thresholds were chosen on the
// first-contact rows (the rules' type before any rule was written from the batch, the model
// trained without the batch: npm run train:compiler -- --cv --escalation); the fourth session's
// (2 and 0.99) had been chosen on the development split, where the rules are fitted.
import type { TaskType } from "../../../contracts/task-ir.js";
import type { Classification } from "../classify.js";
import { loadModel, predict, type NaiveBayesModel, type NaiveBayesTable, type Prediction } from "./naive-bayes.js";
import { TYPE_TABLE_JSON } from "./type-model.generated.js";

export const TYPE_MODEL_MARGIN = 9;
export const TYPE_MODEL_CONFIDENCE = 0.9;
/**
 * Where the rules find no type evidence at all, the model may decide ("decide"), offer its type as
 * a provisional guess while the question is still asked ("ask"), or stay out ("never").
 */
export const TYPE_MODEL_RESOLVES: "decide" | "ask" | "never" = "ask";

// Parsed and built on first use, so importing the compiler costs only the table's JSON text.
let model: NaiveBayesModel | null = null;
const current = (): NaiveBayesModel => (model ??= loadModel(JSON.parse(TYPE_TABLE_JSON) as NaiveBayesTable));
let margin = TYPE_MODEL_MARGIN;
let confidence = TYPE_MODEL_CONFIDENCE;
let resolve: "decide" | "ask" | "never" = TYPE_MODEL_RESOLVES;

/**
 * For cross-validation only (scripts/task-model-cv.ts): score with a model trained on other folds
 * and other thresholds (confidence above 1 switches the model's decisions off); null restores the
 * shipped model and thresholds.
 */
export function useTypeModel(
  next: NaiveBayesModel | null,
  options = { margin: TYPE_MODEL_MARGIN, confidence: TYPE_MODEL_CONFIDENCE, resolve: TYPE_MODEL_RESOLVES },
): void {
  model = next;
  ({ margin, confidence, resolve } = options);
}

export interface LearnedType {
  /** The type the combination settles on. */
  type: TaskType;
  /** Whether the model's vote decided it (the rules' evidence was weak). */
  decided: boolean;
  /** Whether the type is the model's guess where the rules found no evidence: it is still asked about. */
  guessed: boolean;
  prediction: Prediction;
  /** For x-canon.explanations: "model: FEATURE 0.71 (features: add, support, endpoint)". */
  why: string;
}

/** The rules' lead: their top score minus the runner-up's (0 when nothing or a tie speaks). */
export function ruleMargin(classification: Classification): number {
  const scores = Object.values(classification.scores).sort((a, b) => b - a);
  return (scores[0] ?? 0) - (scores[1] ?? 0);
}

export function learnedType(text: string, classification: Classification): LearnedType {
  const prediction = predict(current(), text);
  const top = prediction.ranked[0]!;
  const lead = ruleMargin(classification);
  const silent = classification.type === "UNCLASSIFIED" && !classification.candidates.length;
  const weak = classification.type === "UNCLASSIFIED" || lead <= margin;
  const sure = top.p >= confidence && top.label !== classification.type;
  const vote = `model: ${top.label} ${top.p.toFixed(2)} (features: ${prediction.because.join(", ") || "none known"})`;
  if (silent && sure && resolve !== "decide") {
    const guessed = resolve === "ask" && top.label !== "UNCLASSIFIED";
    const why = guessed
      ? `${vote}: the rules find no type evidence, so the model's type is only a guess, asked about`
      : `${vote}; the rules find no type evidence, so the model does not decide`;
    return { type: guessed ? (top.label as TaskType) : "UNCLASSIFIED", decided: false, guessed, prediction, why };
  }
  // The caller's own labels are explicit: the model does not choose between them.
  const labelled = classification.evidence.some((e) => e.why.startsWith("label "));
  const decided = weak && sure && !labelled;
  const why = decided
    ? `${vote} decides, the rules' evidence being weak (${classification.type === "UNCLASSIFIED" ? "no type leads" : `${classification.type} leads by ${lead}`})`
    : top.label === classification.type
      ? `${vote} agrees`
      : `${vote}; ${labelled ? "the caller's labels speak" : `the rules' evidence ${weak ? `is weak but the model is below ${confidence}` : `leads by ${lead}`}`}, so it stands`;
  return { type: decided ? (top.label as TaskType) : classification.type, decided, guessed: false, prediction, why };
}
