// The TaskIR compiler: any request in, one typed TaskIRV1 out. Pure and deterministic: the same
// request and answers give byte-identical canonical JSON, and ids derive from content. It never
// throws on a request: what it cannot compile comes back as a typed error.
import { InvalidInputError, type CanonError, type InputProblem } from "../../contracts/errors.js";
import { TASK_TYPES, type TaskIRV1 } from "../../contracts/task-ir.js";
import { canonicalJson, sha256Of } from "../content-hash.js";
import { compileText } from "./compile-text.js";
import { normalizeTaskIr, validateTaskIrDocument } from "./normalize-ir.js";
import type { AmbiguityRecord, Clarification } from "./records.js";
import { rejectRequest, type TaskRequest } from "./request.js";
import { COMPILER_NAME, COMPILER_VERSION, type CompiledTask, type Provenance } from "./types.js";

export type { AmbiguityRecord, Clarification, Escalation } from "./records.js";
export type { StructuredRequest, TaskRequest } from "./request.js";
export { TASK_REQUEST_MAX_BYTES } from "./request.js";
export { COMPLETION_CRITERIA, COMPLETION_POLICIES, completionPolicyById, completionPolicyFor } from "./policies.js";
export { COMPILER_NAME, COMPILER_VERSION, type CompiledTask, type TaskStatus } from "./types.js";

export type CompileOutcome = { ok: true; task: CompiledTask } | { ok: false; error: CanonError };

/** The id a request compiles to: the same request is the same task. */
export function taskIdOf(request: TaskRequest): string {
  return taskIdOfHash(sha256Of(canonicalJson(request)));
}

const taskIdOfHash = (sha256: string): string => `task-${sha256.slice(7, 39)}`;

export function compileTask(raw: TaskRequest, clarifications: readonly Clarification[] = []): CompileOutcome {
  const rejected = rejectRequest(raw);
  if (rejected) return { ok: false, error: rejected };
  const request = wellFormedRequest(raw);
  // The request's hash is its id and its provenance: canonicalised and hashed once.
  const sha256 = sha256Of(requestJson(request));
  const taskId = taskIdOfHash(sha256);
  const kind = "text" in request ? "text" : "request" in request ? "request" : "task_ir";
  const provenance: Provenance = {
    kind,
    request,
    sha256,
    compiler: { name: COMPILER_NAME, version: COMPILER_VERSION },
  };
  if ("taskIr" in request) {
    const invalid = validateTaskIrDocument(request.taskIr);
    if (invalid) return { ok: false, error: invalid };
    return { ok: true, task: normalizeTaskIr(request.taskIr as TaskIRV1, taskId, clarifications, provenance) };
  }
  return { ok: true, task: compileText({ request, taskId, clarifications, provenance }) };
}

/**
 * canonicalJson(request), the common request (an object holding only a text, well-formed by now)
 * written directly: RFC 8785 writes a string as JSON.stringify does, and an object of one key is
 * already in key order. The general serializer's string escaping was about 2% of a short request.
 */
function requestJson(request: TaskRequest): string {
  const text = (request as { text?: unknown }).text;
  if (typeof text === "string" && Object.keys(request).length === 1) return `{"text":${JSON.stringify(text)}}`;
  return canonicalJson(request);
}

/**
 * wellFormed(raw) for a request. Thirtieth session (speed): the common request, an object holding
 * only a well-formed text, is copied as one object; wellFormed's general copy made an entries
 * array, a pair per key and a mapped array on every request. Same keys, values and JSON.
 */
function wellFormedRequest(raw: TaskRequest): TaskRequest {
  const keys = Object.keys(raw);
  const text = (raw as { text?: unknown }).text;
  if (keys.length === 1 && keys[0] === "text" && typeof text === "string" && isWellFormed(text)) return { text };
  return wellFormed(raw);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Unpaired UTF-16 surrogates have no canonical JSON (RFC 8785 refuses them), so they become
 * U+FFFD before anything is hashed: the request is stored as compiled, never half-accepted.
 */
export function wellFormed<T>(value: T): T;
export function wellFormed(value: unknown): unknown {
  // Most texts are well-formed (V8 knows a one-byte string is without looking); the look-behind
  // expression runs only over one that is not.
  if (typeof value === "string") return isWellFormed(value) ? value : value.replace(LONE_SURROGATE, "\uFFFD");
  if (Array.isArray(value)) return value.map(wellFormed);
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [wellFormed(k), wellFormed(v)]));
  return value;
}

// String.prototype.isWellFormed (ES2024, in Node since 20.0): the ES2023 library does not declare it.
const isWellFormed = (text: string): boolean => (text as string & { isWellFormed(): boolean }).isWellFormed();

export interface AnswerInput {
  ambiguityId: string;
  /** The person's answer; for a question with options, one of them. */
  answer?: string | null;
  /** Accept the compiler's default instead of answering (offered on low-risk tasks only). */
  acceptDefault?: boolean | null;
}

/**
 * Checks answers against the task's open questions and turns them into clarifications, added
 * to those already given. Every problem is reported at once; nothing is half-applied.
 */
export function clarificationsFor(
  task: CompiledTask,
  previous: readonly Clarification[],
  answers: readonly AnswerInput[],
  answeredBy: string,
): { ok: true; clarifications: Clarification[] } | { ok: false; error: InvalidInputError } {
  const problems: InputProblem[] = [];
  const open = new Map(
    task.ambiguities.filter((a) => a.resolution === "ESCALATED" || a.resolution === "UNRESOLVED").map((a) => [a.ambiguity_id, a]),
  );
  const added: Clarification[] = [];
  if (!answeredBy.trim() || answeredBy.length > 200) problems.push({ path: "/answeredBy", message: "must be 1 to 200 characters" });
  if (!answers.length) problems.push({ path: "/answers", message: "must hold at least one answer" });
  answers.forEach((input, index) => {
    const path = `/answers/${index}`;
    const ambiguity = open.get(input.ambiguityId);
    if (!ambiguity) return problems.push({ path: `${path}/ambiguityId`, message: `is not an open question of task ${task.ir.task_id}` });
    if (answers.findIndex((a) => a.ambiguityId === input.ambiguityId) !== index)
      return problems.push({ path: `${path}/ambiguityId`, message: "is answered twice" });
    const problem = answerProblem(ambiguity, input);
    if (problem) return problems.push({ path, message: problem });
    const byDefault = Boolean(input.acceptDefault);
    added.push({
      ambiguity_id: ambiguity.ambiguity_id,
      resolution: byDefault ? "DEFAULTED" : "CLARIFIED",
      answer: byDefault ? ambiguity.default_option! : wellFormed(input.answer!.trim()),
      answered_by: wellFormed(answeredBy.trim()),
      ambiguity: { ...ambiguity, resolution: "UNRESOLVED", answer: null, answered_by: null },
    });
  });
  if (problems.length) return { ok: false, error: new InvalidInputError("the answers cannot be applied; nothing was changed", problems) };
  return { ok: true, clarifications: [...previous, ...added] };
}

function answerProblem(ambiguity: AmbiguityRecord, input: AnswerInput): string | null {
  const hasAnswer = typeof input.answer === "string" && input.answer.trim().length > 0;
  if (input.acceptDefault) {
    if (hasAnswer) return "give an answer or accept the default, not both";
    return ambiguity.defaultable ? null : "this question has no default a caller may accept; answer it";
  }
  if (!hasAnswer) return "answer must not be empty";
  if (input.answer!.length > 2000) return "answer is longer than 2000 characters";
  if (
    ambiguity.field === "task_type" &&
    ambiguity.kind === "undetermined_task_type" &&
    !TASK_TYPES.includes(input.answer!.trim() as never)
  ) {
    return `answer must be a task type: ${TASK_TYPES.filter((t) => t !== "UNCLASSIFIED").join(", ")}`;
  }
  if (ambiguity.options.length && !ambiguity.options.includes(input.answer!.trim()))
    return `answer must be one of ${ambiguity.options.join(", ")}`;
  return null;
}
