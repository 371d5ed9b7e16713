// An existing TaskIR document is validated (every problem listed, typed) and normalized:
// whitespace collapsed, scopes de-duplicated, Canon's content-derived id and provenance added.
// Its own UNRESOLVED or ESCALATED ambiguities escalate like compiled ones.
import { InvalidInputError } from "../../contracts/errors.js";
import type { TaskIRV1 } from "../../contracts/task-ir.js";
import { problemsOf, validateTaskIr } from "../../contracts/validation.js";
import { jsonBoundsProblems } from "../json-bounds.js";
import { abiAmbiguity, escalationOf, type AmbiguityRecord, type Clarification } from "./records.js";
import { normalizeText } from "./segment.js";
import type { CompiledTask, Provenance } from "./types.js";

export function validateTaskIrDocument(document: unknown): InvalidInputError | null {
  if (!validateTaskIr(document)) {
    return new InvalidInputError(
      "the TaskIR document does not conform to TaskIRV1; nothing was stored",
      problemsOf(validateTaskIr, "/taskIr"),
    );
  }
  const bounds = jsonBoundsProblems(document, "/taskIr");
  return bounds.length ? new InvalidInputError("the TaskIR document is out of bounds; nothing was stored", bounds) : null;
}

export function normalizeTaskIr(
  document: TaskIRV1,
  taskId: string,
  clarifications: readonly Clarification[],
  provenance: Provenance,
): CompiledTask {
  const answers = new Map(clarifications.map((c) => [c.ambiguity_id, c]));
  const records: AmbiguityRecord[] = (document.ambiguities ?? []).map((a) => {
    const answer = answers.get(a.ambiguity_id);
    const open = a.resolution === "UNRESOLVED" || a.resolution === "ESCALATED";
    return {
      ambiguity_id: a.ambiguity_id,
      kind: "declared",
      question: normalizeText(a.text),
      text: normalizeText(a.text),
      span: null,
      field: null,
      options: [],
      default_option: null,
      defaultable: false,
      resolution: answer ? answer.resolution : open ? "ESCALATED" : a.resolution,
      answer: answer?.answer ?? null,
      answered_by: answer?.answered_by ?? null,
      effect: { kind: "text", asCriterion: false },
    };
  });
  const escalation = escalationOf(records);
  const { extensions, ...rest } = document;
  const ir: TaskIRV1 = {
    ...rest,
    task_id: taskId,
    objective: normalizeText(document.objective) || document.objective,
    acceptance_criteria: document.acceptance_criteria.map((c) => ({ ...c, text: normalizeText(c.text) })),
    constraints: document.constraints.map((c) => ({ ...c, text: normalizeText(c.text) })),
    ambiguities: records.map(abiAmbiguity),
    allowed_scope: [...new Set(document.allowed_scope.map((s) => s.trim()))],
    forbidden_scope: [...new Set(document.forbidden_scope.map((s) => s.trim()))],
    extensions: {
      ...(extensions ?? {}),
      "x-canon.source": {
        kind: provenance.kind,
        request: provenance.request,
        sha256: provenance.sha256,
        original_task_id: document.task_id,
      },
      "x-canon.compiler": provenance.compiler,
      "x-canon.ambiguities": records,
      "x-canon.escalation": escalation,
    },
  };
  return { ir, status: escalation ? "NEEDS_CLARIFICATION" : "COMPILED", ambiguities: records, escalation };
}
