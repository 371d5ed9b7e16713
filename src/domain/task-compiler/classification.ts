// What the task-type classifier decides (classify.ts) and how a decision is explained in
// x-canon.explanations. Split from classify.ts in the eighteenth session: the compiler's later
// steps and the learned type vote read a classification without needing the classifier.
import type { TaskType } from "../../contracts/task-ir.js";
import type { Span } from "./segment.js";

export interface Evidence {
  type: TaskType;
  weight: number;
  why: string;
}
/** One sentence for x-canon.explanations: the chosen type's evidence and the runner-up's score. */
export function explainClassification(result: Classification): string {
  const ranked = (Object.entries(result.scores) as [TaskType, number][]).sort((a, b) => b[1] - a[1]);
  const chosen = result.type === "UNCLASSIFIED" ? result.candidates : [result.type];
  const reasons = result.evidence
    .filter((e) => chosen.includes(e.type))
    .slice(0, 4)
    .map((e) => (e.weight ? `+${e.weight} ${e.why}` : e.why));
  const scores = ranked
    .slice(0, 3)
    .map(([type, score]) => `${type} ${score}`)
    .join(", ");
  if (result.noWork) return `no task type: ${result.noWork}, so its words (${scores || "none"}) name no work`;
  if (!ranked.length) return "no task type is supported by the text (no predicate, question, cue or label)";
  if (result.type === "UNCLASSIFIED") return `evidence ties between ${result.candidates.join(" and ")} (${scores}): ${reasons.join("; ")}`;
  return `${result.type} by weighed evidence (${scores}): ${reasons.join("; ")}`;
}

export interface Classification {
  type: TaskType;
  /** The strongest cue of the chosen type (or of the tie), for provenance. */
  span: Span | null;
  scores: Partial<Record<TaskType, number>>;
  /** The tied types when the result is UNCLASSIFIED because of a tie. */
  candidates: TaskType[];
  /** What each type's score came from (type, weight, why), for x-canon.explanations. */
  evidence: Evidence[];
  /**
   * Why no kind of work is to be guessed where the text names none (a remark that asks for nothing,
   * "do the same as last time"): the learned vote does not guess one either.
   */
  noWork?: string;
}
