// Canon's error contract, shaped like the Kernel ABI's ErrorV1 (family/code/message/retryable).
// Two kinds share that shape (docs/errors.md):
// - ErrorV1 documents: errors of the ABI's own families (INPUT, STATE, POLICY, SYSTEM). Their
//   JSON form validates against the ABI's ErrorV1 (test/contracts/error-families.test.ts).
// - API-layer errors: NOT_FOUND, IDEMPOTENCY, AUTH and RATE_LIMIT, families the ABI leaves to
//   the API's error envelope (common.schema.json, ErrorV1's $comment). They never appear in a
//   state document or a receipt.

/** The ABI ErrorV1 families Canon's errors use. */
export const ERRORV1_FAMILIES = ["INPUT", "STATE", "POLICY", "SYSTEM"] as const;
/** API-layer families, outside the ABI's ErrorV1. */
export const API_ERROR_FAMILIES = ["NOT_FOUND", "IDEMPOTENCY", "AUTH", "RATE_LIMIT"] as const;
export const ERROR_FAMILIES = [...ERRORV1_FAMILIES, ...API_ERROR_FAMILIES] as const;
export type ErrorFamily = (typeof ERROR_FAMILIES)[number];

/** Whether an error of this family is an ABI ErrorV1 document (otherwise an API-layer error). */
export const isErrorV1Family = (family: ErrorFamily): boolean => (ERRORV1_FAMILIES as readonly string[]).includes(family);

export interface ErrorV1 {
  family: ErrorFamily;
  code: `ERR_${string}`;
  message: string;
  retryable: boolean;
  details?: Record<string, unknown>;
}

/** A failure Canon reports to the caller; anything else is masked as ERR_INTERNAL. */
export class CanonError extends Error implements ErrorV1 {
  readonly family: ErrorFamily;
  readonly code: `ERR_${string}`;
  readonly retryable: boolean;
  readonly details?: Record<string, unknown>;

  constructor(error: ErrorV1) {
    super(error.message);
    this.name = new.target.name;
    this.family = error.family;
    this.code = error.code;
    this.retryable = error.retryable;
    this.details = error.details;
  }

  toJSON(): ErrorV1 {
    const { family, code, message, retryable, details } = this;
    return details === undefined ? { family, code, message, retryable } : { family, code, message, retryable, details };
  }
}

export class StateConflictError extends CanonError {
  constructor(
    readonly runId: string,
    readonly expectedVersion: number,
    readonly currentVersion: number,
  ) {
    super({
      family: "STATE",
      code: "ERR_STATE_CONFLICT",
      message: `run ${runId} is at version ${currentVersion}, not the expected ${expectedVersion}; re-read the state and retry`,
      retryable: true,
      details: { runId, expectedVersion, currentVersion },
    });
  }
}

export class NotFoundError extends CanonError {
  constructor(
    readonly resource: string,
    readonly id: string,
  ) {
    super({
      family: "NOT_FOUND",
      code: "ERR_NOT_FOUND",
      message: `${resource} ${id} does not exist`,
      retryable: false,
      details: { resource, id },
    });
  }
}

export interface InputProblem {
  /** JSON-pointer-like path of the offending value, e.g. `/operations/2/setPlan/plan`. */
  path: string;
  message: string;
}

export class InvalidInputError extends CanonError {
  constructor(
    message: string,
    readonly problems: InputProblem[] = [],
    code: `ERR_${string}` = "ERR_INVALID_INPUT",
  ) {
    super({ family: "INPUT", code, message, retryable: false, details: problems.length ? { problems } : undefined });
  }
}

export class InvalidStateError extends CanonError {
  constructor(readonly problems: InputProblem[]) {
    super({
      family: "STATE",
      code: "ERR_INVALID_STATE",
      message: `the resulting state would not conform to AgentStateV1: ${problems.map((p) => `${p.path || "/"} ${p.message}`).join("; ")}`,
      retryable: false,
      details: { problems },
    });
  }
}

export class IdempotencyKeyReusedError extends CanonError {
  constructor(readonly idempotencyKey: string) {
    super({
      family: "IDEMPOTENCY",
      code: "ERR_IDEMPOTENCY_KEY_REUSED",
      message: `idempotency key ${JSON.stringify(idempotencyKey)} was already used for a different request on this run`,
      retryable: false,
      details: { idempotencyKey },
    });
  }
}

/** Ends a watch whose consumer fell too far behind; it resumes with `afterSeq: lastDeliveredSeq`. */
export class SubscriberTooSlowError extends CanonError {
  constructor(
    readonly runId: string,
    readonly lastDeliveredVersion: number,
    readonly lastDeliveredSeq: number,
    readonly maxLag: number,
  ) {
    super({
      family: "SYSTEM",
      code: "ERR_SUBSCRIBER_TOO_SLOW",
      message: `the subscriber fell more than ${maxLag} ledger entries behind run ${runId}; resume with afterSeq ${lastDeliveredSeq}`,
      retryable: true,
      details: { runId, lastDeliveredVersion, lastDeliveredSeq, maxLag },
    });
  }
}

/** A write that the rules of the state forbid as asked (e.g. the hypothesis it resolves does not exist). */
export class PreconditionFailedError extends CanonError {
  constructor(message: string, path: string) {
    super({ family: "STATE", code: "ERR_PRECONDITION_FAILED", message, retryable: false, details: { path } });
  }
}

/** Rule 4: a hypothesis changes status, or evidence is recorded, only on recorded evidence. */
export class EvidenceRequiredError extends CanonError {
  constructor(message: string, path: string) {
    super({ family: "STATE", code: "ERR_EVIDENCE_REQUIRED", message, retryable: false, details: { path } });
  }
}

/** Rule 7: model output (or a model's write) needs a MODEL provenance record. */
export class ProvenanceRequiredError extends CanonError {
  constructor(message: string, reasons: string[]) {
    super({ family: "POLICY", code: "ERR_PROVENANCE_REQUIRED", message, retryable: false, details: { reasons } });
  }
}

/** Rule 5: completion changes only through a decision the completion rule accepts. */
export class CompletionRejectedError extends CanonError {
  constructor(problems: InputProblem[]) {
    super({
      family: "POLICY",
      code: "ERR_COMPLETION_REJECTED",
      message: `the completion decision was refused: ${problems.map((p) => `${p.path || "/"} ${p.message}`).join("; ")}`,
      retryable: false,
      details: { problems },
    });
  }
}

export class LockHeldError extends CanonError {
  constructor(
    readonly resource: string,
    readonly holder: string,
    readonly expiresAt: string,
    /** The held lock's own scope, when it overlaps `resource` rather than equals it (fs:src/auth/** for fs:src/auth/login.ts). */
    readonly lockedResource: string = resource,
  ) {
    super({
      family: "STATE",
      code: "ERR_LOCK_HELD",
      message:
        lockedResource === resource
          ? `${resource} is locked by ${holder} until ${expiresAt}`
          : `${resource} overlaps ${lockedResource}, locked by ${holder} until ${expiresAt}`,
      retryable: true,
      details: { resource, holder, expiresAt, lockedResource },
    });
  }
}

/** Receipts are immutable: one id names one document forever. */
export class ReceiptConflictError extends CanonError {
  constructor(readonly receiptId: string) {
    super({
      family: "STATE",
      code: "ERR_RECEIPT_CONFLICT",
      message: `receipt ${receiptId} is already recorded with different content; receipts are never edited`,
      retryable: false,
      details: { receiptId },
    });
  }
}

/** No valid token came with the request (missing, unknown, malformed or revoked). */
export class UnauthenticatedError extends CanonError {
  constructor(message = "a valid API token is required: send `Authorization: Bearer <token>`") {
    super({ family: "AUTH", code: "ERR_UNAUTHENTICATED", message, retryable: false });
  }
}

/** The token is valid but does not allow this: a missing scope, a run outside its restriction, another component's name. */
export class ForbiddenError extends CanonError {
  constructor(message: string, details?: Record<string, unknown>) {
    super({ family: "AUTH", code: "ERR_FORBIDDEN", message, retryable: false, details });
  }
}

/** The token spent its commit budget; `retryAfterMs` says when the next one is allowed. */
export class RateLimitedError extends CanonError {
  constructor(
    readonly retryAfterMs: number,
    /** Whose budget ran out: the token's (CANON_COMMIT_RATE) or the run's (CANON_RUN_COMMIT_RATE). */
    readonly limit: "token" | "run" = "token",
  ) {
    super({
      family: "RATE_LIMIT",
      code: "ERR_RATE_LIMITED",
      message: `too many writes ${limit === "token" ? "with this token" : "to this run"}; retry in ${retryAfterMs} ms`,
      retryable: true,
      details: { retryAfterMs, limit },
    });
  }
}

/** A request refused by the CSRF check: a simple (non-preflighted) request without `Authorization` or `x-graphql-yoga-csrf`. */
export const CSRF_REFUSED = { family: "AUTH", code: "ERR_CSRF_REFUSED", retryable: false } as const;

/** A request the GraphQL limits refuse before running it (depth, cost, aliases, directives, tokens, batching). */
export const QUERY_TOO_COMPLEX = { family: "INPUT", code: "ERR_QUERY_TOO_COMPLEX", retryable: false } as const;

export const internalError = (): ErrorV1 => ({
  family: "SYSTEM",
  code: "ERR_INTERNAL",
  message: "Canon hit an unexpected internal error",
  retryable: true,
});

// Task compiler errors (issue #4).

export class InputTooLargeError extends CanonError {
  constructor(
    readonly limitBytes: number,
    readonly actualBytes: number,
  ) {
    super({
      family: "INPUT",
      code: "ERR_INPUT_TOO_LARGE",
      message: `the request is ${actualBytes} bytes; requests are limited to ${limitBytes} bytes`,
      retryable: false,
      details: { limitBytes, actualBytes },
    });
  }
}

/** The task still has open questions; a run may start only once a person answered them. */
export class TaskNeedsClarificationError extends CanonError {
  constructor(
    readonly taskId: string,
    readonly revision: number,
    readonly questions: string[],
  ) {
    super({
      family: "POLICY",
      code: "ERR_TASK_NEEDS_CLARIFICATION",
      message: `task ${taskId} (revision ${revision}) needs clarification before a run can start: ${questions.join(" ")}`,
      retryable: false,
      details: { taskId, revision, questions },
    });
  }
}

export class TaskRevisionConflictError extends CanonError {
  constructor(
    readonly taskId: string,
    readonly expectedRevision: number,
    readonly currentRevision: number,
  ) {
    super({
      family: "STATE",
      code: "ERR_TASK_REVISION_CONFLICT",
      message: `task ${taskId} is at revision ${currentRevision}, not the expected ${expectedRevision}; re-read the task and retry`,
      retryable: true,
      details: { taskId, expectedRevision, currentRevision },
    });
  }
}
