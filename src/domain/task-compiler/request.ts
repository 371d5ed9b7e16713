// What a caller may hand the compiler, and the checks that run before any extraction: the
// size limit and the shape of a structured request. Problems are collected, never thrown one
// at a time, so the caller sees every one of them.
import type { ResourceBudget } from "../../contracts/agent-state.js";
import { InputTooLargeError, InvalidInputError, type CanonError, type InputProblem } from "../../contracts/errors.js";
import { INTERACTION_MODES, PRIVACY_CLASSES, RISK_CLASSES, TASK_TYPES } from "../../contracts/task-ir.js";
import type { InteractionMode, PrivacyClass, RiskClass, TaskType } from "../../contracts/task-ir.js";

/** Largest request the compiler reads, in UTF-8 bytes of its canonical JSON. */
export const TASK_REQUEST_MAX_BYTES = 64 * 1024;

export interface StructuredRequest {
  title?: string | null;
  body?: string | null;
  labels?: string[] | null;
  paths?: string[] | null;
  taskType?: TaskType | null;
  riskClass?: RiskClass | null;
  interactionMode?: InteractionMode | null;
  privacyClass?: PrivacyClass | null;
  budgets?: ResourceBudget | null;
  latencyBudgetMs?: number | null;
  freshness?: string | null;
}

export type TaskRequest = { text: string } | { request: StructuredRequest } | { taskIr: unknown };

const STRUCTURED_FIELDS: Record<keyof StructuredRequest, "string" | "strings" | readonly string[] | "budget" | "integer"> = {
  title: "string",
  body: "string",
  labels: "strings",
  paths: "strings",
  taskType: TASK_TYPES,
  riskClass: RISK_CLASSES,
  interactionMode: INTERACTION_MODES,
  privacyClass: PRIVACY_CLASSES,
  budgets: "budget",
  latencyBudgetMs: "integer",
  freshness: "string",
};
const BUDGET_FIELDS = ["max_cost_units", "max_tokens", "max_wall_ms", "max_tool_calls", "max_attempts", "max_spawns"];

export function requestBytes(request: unknown): number {
  try {
    return Buffer.byteLength(JSON.stringify(request) ?? "", "utf8");
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/**
 * A plain `{ text }` request whose text could not reach the limit however JSON escapes it (at most
 * 6 bytes per UTF-16 unit, as in "\u0001"): serialising it only to measure it was about 2% of a
 * short request.
 */
function surelyWithinLimit(request: unknown): boolean {
  if (request === null || typeof request !== "object" || Object.getPrototypeOf(request) !== Object.prototype) return false;
  const keys = Object.keys(request);
  const text = (request as { text?: unknown }).text;
  return keys.length === 1 && keys[0] === "text" && typeof text === "string" && 6 * text.length + 16 <= TASK_REQUEST_MAX_BYTES;
}

/** The first reason the request cannot be compiled at all, or null. */
export function rejectRequest(request: TaskRequest): CanonError | null {
  const bytes = surelyWithinLimit(request) ? 0 : requestBytes(request);
  if (bytes > TASK_REQUEST_MAX_BYTES) return new InputTooLargeError(TASK_REQUEST_MAX_BYTES, Number.isFinite(bytes) ? bytes : -1);
  const problems = shapeProblems(request);
  return problems.length ? new InvalidInputError("the request cannot be compiled; nothing was stored", problems) : null;
}

function shapeProblems(request: TaskRequest): InputProblem[] {
  if (request === null || typeof request !== "object") return [{ path: "", message: "must be an object" }];
  const kinds = (["text", "request", "taskIr"] as const).filter((key) => (request as Record<string, unknown>)[key] != null);
  if (kinds.length !== 1) return [{ path: "", message: "must hold exactly one of text, request, taskIr" }];
  if ("text" in request && request.text != null) {
    return typeof request.text === "string" ? [] : [{ path: "/text", message: "must be a string" }];
  }
  if ("request" in request && request.request != null) return structuredProblems(request.request);
  return [];
}

function structuredProblems(request: unknown): InputProblem[] {
  if (request === null || typeof request !== "object" || Array.isArray(request))
    return [{ path: "/request", message: "must be an object" }];
  const problems: InputProblem[] = [];
  for (const [key, value] of Object.entries(request)) {
    const path = `/request/${key}`;
    const kind = STRUCTURED_FIELDS[key as keyof StructuredRequest];
    if (kind === undefined) problems.push({ path, message: `has unknown field "${key}"` });
    else if (value == null) continue;
    else if (kind === "string" && typeof value !== "string") problems.push({ path, message: "must be a string" });
    else if (kind === "strings" && !(Array.isArray(value) && value.every((v) => typeof v === "string"))) {
      problems.push({ path, message: "must be a list of strings" });
    } else if (kind === "integer" && !(Number.isSafeInteger(value) && (value as number) >= 0)) {
      problems.push({ path, message: "must be a non-negative integer" });
    } else if (kind === "budget") problems.push(...budgetProblems(value, path));
    else if (Array.isArray(kind) && !kind.includes(value as string)) problems.push({ path, message: `must be one of ${kind.join(", ")}` });
  }
  const { title, body } = request as StructuredRequest;
  if (!(typeof title === "string" && title.trim()) && !(typeof body === "string" && body.trim())) {
    problems.push({ path: "/request/title", message: "a title or a body is required" });
  }
  return problems;
}

function budgetProblems(value: unknown, path: string): InputProblem[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [{ path, message: "must be an object" }];
  const problems: InputProblem[] = [];
  for (const [key, amount] of Object.entries(value)) {
    if (!BUDGET_FIELDS.includes(key)) problems.push({ path: `${path}/${key}`, message: `has unknown field "${key}"` });
    else if (amount != null && !(typeof amount === "number" && Number.isFinite(amount) && amount >= 0)) {
      problems.push({ path: `${path}/${key}`, message: "must be a non-negative number" });
    } else if (amount != null && key !== "max_cost_units" && !Number.isInteger(amount)) {
      problems.push({ path: `${path}/${key}`, message: "must be an integer" });
    }
  }
  return problems;
}

/**
 * The text the extractors read. A structured request's title and body are joined with a blank
 * line, and spans point into that joined text (recorded as `x-source.text`).
 */
export function requestText(request: TaskRequest): string {
  if ("text" in request) return request.text;
  if ("request" in request) {
    const { title, body } = request.request;
    return [title?.trim(), body?.trim()].filter((part): part is string => Boolean(part)).join("\n\n");
  }
  return "";
}
