// The API's errors as typed classes. The client reuses the very classes the server throws
// (src/contracts), so `error instanceof StateConflictError` means the same on both sides; this
// module only rebuilds them from what arrives on the wire: a result union's error object, or
// a top-level GraphQL error's `extensions` (ErrorV1 plus `details`).
import {
  CanonError,
  CompletionRejectedError,
  EvidenceRequiredError,
  ForbiddenError,
  IdempotencyKeyReusedError,
  InputTooLargeError,
  InvalidInputError,
  InvalidStateError,
  LockHeldError,
  NotFoundError,
  PreconditionFailedError,
  ProvenanceRequiredError,
  RateLimitedError,
  ReceiptConflictError,
  StateConflictError,
  SubscriberTooSlowError,
  TaskNeedsClarificationError,
  TaskRevisionConflictError,
  UnauthenticatedError,
  type ErrorFamily,
  type ErrorV1,
  type InputProblem,
} from "../contracts/errors.js";
import { RunArchivedError, RunDeletedError, RunsSubscriberTooSlowError, type RunPosition } from "../contracts/watch-errors.js";

/**
 * The client's own failure: the request may or may not have reached the server (a refused or
 * dropped connection, a timeout, a response that is not GraphQL). Retryable: a retry of a write
 * with the same idempotency key is answered, not applied twice.
 */
export class NetworkError extends CanonError {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super({ family: "SYSTEM", code: "ERR_NETWORK", message, retryable: true, details: status === undefined ? undefined : { status } });
  }
}

/** A result union's error object, as ErrorFields selects it (operations.graphql). */
export interface WireErrorObject {
  __typename: string;
  family: string;
  code: string;
  message: string;
  retryable: boolean;
  [field: string]: unknown;
}

const COMMON_FIELDS = new Set(["__typename", "family", "code", "message", "retryable"]);
const ALIASES: Record<string, string> = { errorRunId: "runId", errorTaskId: "taskId" };

/** A result union's error object → the typed error class of its code. */
export function errorFromResult(object: WireErrorObject): CanonError {
  const details: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(object)) {
    if (!COMMON_FIELDS.has(field) && value !== undefined) details[ALIASES[field] ?? field] = value;
  }
  return toCanonError({
    family: object.family as ErrorFamily,
    code: object.code as `ERR_${string}`,
    message: object.message,
    retryable: object.retryable,
    details,
  });
}

/** A top-level GraphQL error (`errors[]` of a response or a subscription) → its typed error. */
export function errorFromGraphQL(error: { message?: string; extensions?: Record<string, unknown> } | undefined): CanonError {
  const extensions = error?.extensions ?? {};
  const code =
    typeof extensions.code === "string" && extensions.code.startsWith("ERR_") ? (extensions.code as `ERR_${string}`) : "ERR_INTERNAL";
  return toCanonError({
    family: (typeof extensions.family === "string" ? extensions.family : "SYSTEM") as ErrorFamily,
    code,
    message: error?.message ?? "unknown error",
    retryable: typeof extensions.retryable === "boolean" ? extensions.retryable : code === "ERR_INTERNAL",
    details: (extensions.details as Record<string, unknown> | undefined) ?? {},
  });
}

const num = (value: unknown): number => (typeof value === "number" ? value : Number(value ?? NaN));
const str = (value: unknown): string => (value == null ? "" : String(value));
const problems = (value: unknown): InputProblem[] => (Array.isArray(value) ? (value as InputProblem[]) : []);

/** ErrorV1 → the class the server threw for that code; codes without one stay a plain CanonError. */
export function toCanonError(error: ErrorV1): CanonError {
  const d = error.details ?? {};
  const typed = ((): CanonError => {
    switch (error.code) {
      case "ERR_STATE_CONFLICT":
        return new StateConflictError(str(d.runId), num(d.expectedVersion), num(d.currentVersion));
      case "ERR_NOT_FOUND":
        return new NotFoundError(str(d.resource), str(d.id));
      case "ERR_INVALID_INPUT":
        return new InvalidInputError(error.message, problems(d.problems));
      case "ERR_INVALID_STATE":
        return new InvalidStateError(problems(d.problems));
      case "ERR_IDEMPOTENCY_KEY_REUSED":
        return new IdempotencyKeyReusedError(str(d.idempotencyKey));
      case "ERR_PRECONDITION_FAILED":
        return new PreconditionFailedError(error.message, str(d.path));
      case "ERR_EVIDENCE_REQUIRED":
        return new EvidenceRequiredError(error.message, str(d.path));
      case "ERR_PROVENANCE_REQUIRED":
        return new ProvenanceRequiredError(error.message, (d.reasons as string[] | undefined) ?? []);
      case "ERR_COMPLETION_REJECTED":
        return new CompletionRejectedError(problems(d.problems));
      case "ERR_LOCK_HELD":
        return new LockHeldError(str(d.resource), str(d.holder), str(d.expiresAt));
      case "ERR_RECEIPT_CONFLICT":
        return new ReceiptConflictError(str(d.receiptId));
      case "ERR_INPUT_TOO_LARGE":
        return new InputTooLargeError(num(d.limitBytes), num(d.actualBytes));
      case "ERR_TASK_NEEDS_CLARIFICATION":
        return new TaskNeedsClarificationError(str(d.taskId), num(d.revision), (d.questions as string[] | undefined) ?? []);
      case "ERR_TASK_REVISION_CONFLICT":
        return new TaskRevisionConflictError(str(d.taskId), num(d.expectedRevision), num(d.currentRevision));
      case "ERR_UNAUTHENTICATED":
        return new UnauthenticatedError(error.message);
      case "ERR_FORBIDDEN":
        return new ForbiddenError(error.message, Object.keys(d).length ? d : undefined);
      case "ERR_RATE_LIMITED":
        return new RateLimitedError(num(d.retryAfterMs));
      case "ERR_RUN_ARCHIVED":
        return new RunArchivedError(str(d.runId), d.archivedAtSeq == null ? null : num(d.archivedAtSeq));
      case "ERR_RUN_DELETED":
        return new RunDeletedError(str(d.runId), num(d.lastSeq));
      case "ERR_SUBSCRIBER_TOO_SLOW":
        return Array.isArray(d.positions)
          ? new RunsSubscriberTooSlowError(d.positions as RunPosition[], num(d.maxLag))
          : new SubscriberTooSlowError(str(d.runId), num(d.lastDeliveredVersion), num(d.lastDeliveredSeq), num(d.maxLag));
      default:
        return new CanonError({ ...error, details: Object.keys(d).length ? d : undefined });
    }
  })();
  // The server's own words (its message may carry more than the class would write).
  typed.message = error.message;
  return typed;
}

export {
  CanonError,
  CompletionRejectedError,
  EvidenceRequiredError,
  ForbiddenError,
  IdempotencyKeyReusedError,
  InputTooLargeError,
  InvalidInputError,
  InvalidStateError,
  LockHeldError,
  NotFoundError,
  PreconditionFailedError,
  ProvenanceRequiredError,
  RateLimitedError,
  ReceiptConflictError,
  RunArchivedError,
  RunDeletedError,
  RunsSubscriberTooSlowError,
  StateConflictError,
  SubscriberTooSlowError,
  TaskNeedsClarificationError,
  TaskRevisionConflictError,
  UnauthenticatedError,
};
export type { ErrorFamily, ErrorV1, InputProblem };
