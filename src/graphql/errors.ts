// Expected failures are typed results (the errors plugin turns a thrown CanonError into its
// object type). All share the `Error` interface, shaped like the Kernel ABI's ErrorV1.
import {
  CanonError,
  CompletionRejectedError,
  ERROR_FAMILIES,
  EvidenceRequiredError,
  ForbiddenError,
  RateLimitedError,
  UnauthenticatedError,
  IdempotencyKeyReusedError,
  InputTooLargeError,
  InvalidInputError,
  InvalidStateError,
  LockHeldError,
  NotFoundError,
  PreconditionFailedError,
  ProvenanceRequiredError,
  ReceiptConflictError,
  StateConflictError,
  TaskNeedsClarificationError,
  TaskRevisionConflictError,
  type InputProblem,
} from "../contracts/errors.js";
import { RunArchivedError } from "../contracts/watch-errors.js";
import { builder } from "./builder.js";

export const ErrorFamily = builder.enumType("ErrorFamily", { values: ERROR_FAMILIES });

export const ErrorInterface = builder.interfaceRef<CanonError>("Error").implement({
  description: "A failure reported to the caller: nothing was written by the request that got it.",
  fields: (t) => ({
    family: t.field({ type: ErrorFamily, resolve: (error) => error.family }),
    code: t.exposeString("code", { description: "Stable machine-readable code, e.g. ERR_STATE_CONFLICT." }),
    message: t.exposeString("message"),
    retryable: t.exposeBoolean("retryable", { description: "Whether the same request may succeed if retried (after re-reading state)." }),
  }),
});

const InputProblemType = builder.objectRef<InputProblem>("InputProblem").implement({
  fields: (t) => ({
    path: t.exposeString("path", { description: "Where in the request, as a JSON pointer." }),
    message: t.exposeString("message"),
  }),
});

builder.objectType(StateConflictError, {
  name: "StateConflictError",
  description: "The run moved on since the writer read it. Re-read, re-decide, retry with the new version.",
  interfaces: [ErrorInterface],
  fields: (t) => ({
    runId: t.exposeString("runId"),
    expectedVersion: t.exposeInt("expectedVersion"),
    currentVersion: t.exposeInt("currentVersion"),
  }),
});

builder.objectType(NotFoundError, {
  name: "NotFoundError",
  interfaces: [ErrorInterface],
  fields: (t) => ({ resource: t.exposeString("resource"), id: t.exposeString("id") }),
});

builder.objectType(InvalidInputError, {
  name: "InvalidInputError",
  description: "The request was malformed; every problem found is listed.",
  interfaces: [ErrorInterface],
  fields: (t) => ({ problems: t.field({ type: [InputProblemType], resolve: (error) => error.problems }) }),
});

builder.objectType(InvalidStateError, {
  name: "InvalidStateError",
  description: "The operations were well-formed but the resulting state would not conform to AgentStateV1.",
  interfaces: [ErrorInterface],
  fields: (t) => ({ problems: t.field({ type: [InputProblemType], resolve: (error) => error.problems }) }),
});

builder.objectType(IdempotencyKeyReusedError, {
  name: "IdempotencyKeyReusedError",
  interfaces: [ErrorInterface],
  fields: (t) => ({ idempotencyKey: t.exposeString("idempotencyKey") }),
});

builder.objectType(PreconditionFailedError, {
  name: "PreconditionFailedError",
  description: "The operation does not fit the state (e.g. it resolves a hypothesis that does not exist).",
  interfaces: [ErrorInterface],
  fields: (t) => ({ path: t.string({ resolve: (e) => String(e.details?.path ?? "") }) }),
});

builder.objectType(EvidenceRequiredError, {
  name: "EvidenceRequiredError",
  description: "A hypothesis changes status, and evidence is recorded, only on evidence this run recorded.",
  interfaces: [ErrorInterface],
  fields: (t) => ({ path: t.string({ resolve: (e) => String(e.details?.path ?? "") }) }),
});

builder.objectType(ProvenanceRequiredError, {
  name: "ProvenanceRequiredError",
  description: "Model output needs a MODEL provenance record on the write.",
  interfaces: [ErrorInterface],
  fields: (t) => ({ reasons: t.stringList({ resolve: (e) => (e.details?.reasons as string[]) ?? [] }) }),
});

builder.objectType(CompletionRejectedError, {
  name: "CompletionRejectedError",
  description: "The completion decision does not satisfy the completion rule; completion is unchanged.",
  interfaces: [ErrorInterface],
  fields: (t) => ({ problems: t.field({ type: [InputProblemType], resolve: (e) => (e.details?.problems as InputProblem[]) ?? [] }) }),
});

builder.objectType(LockHeldError, {
  name: "LockHeldError",
  interfaces: [ErrorInterface],
  fields: (t) => ({
    resource: t.exposeString("resource"),
    holder: t.exposeString("holder"),
    expiresAt: t.exposeString("expiresAt"),
    lockedResource: t.exposeString("lockedResource", {
      description: "The held lock's scope: the resource asked for, or a scope overlapping it (fs:src/auth/** holds fs:src/auth/login.ts).",
    }),
  }),
});

builder.objectType(ReceiptConflictError, {
  name: "ReceiptConflictError",
  interfaces: [ErrorInterface],
  fields: (t) => ({ receiptId: t.exposeString("receiptId") }),
});

builder.objectType(InputTooLargeError, {
  name: "InputTooLargeError",
  description: "The request is over the size limit; nothing was compiled or stored.",
  interfaces: [ErrorInterface],
  fields: (t) => ({ limitBytes: t.exposeInt("limitBytes"), actualBytes: t.exposeInt("actualBytes") }),
});

builder.objectType(TaskNeedsClarificationError, {
  name: "TaskNeedsClarificationError",
  description: "The task has open questions; answer them with clarifyTask before starting a run.",
  interfaces: [ErrorInterface],
  fields: (t) => ({
    taskId: t.exposeString("taskId"),
    revision: t.exposeInt("revision"),
    questions: t.exposeStringList("questions"),
  }),
});

builder.objectType(TaskRevisionConflictError, {
  name: "TaskRevisionConflictError",
  description: "The task moved on since the caller read it. Re-read its questions and retry with the new revision.",
  interfaces: [ErrorInterface],
  fields: (t) => ({
    taskId: t.exposeString("taskId"),
    expectedRevision: t.exposeInt("expectedRevision"),
    currentRevision: t.exposeInt("currentRevision"),
  }),
});

builder.objectType(UnauthenticatedError, {
  name: "UnauthenticatedError",
  description: "No valid API token came with the request.",
  interfaces: [ErrorInterface],
  fields: () => ({}),
});

builder.objectType(ForbiddenError, {
  name: "ForbiddenError",
  description: "The token is valid but does not allow this (a scope, a run restriction, or another component's name).",
  interfaces: [ErrorInterface],
  fields: () => ({}),
});

builder.objectType(RateLimitedError, {
  name: "RateLimitedError",
  description: "The token made too many writes; retry after `retryAfterMs`.",
  interfaces: [ErrorInterface],
  fields: (t) => ({ retryAfterMs: t.exposeInt("retryAfterMs") }),
});

/** The errors any write can end in. */
export const WRITE_ERRORS = [
  StateConflictError,
  NotFoundError,
  InvalidInputError,
  InvalidStateError,
  IdempotencyKeyReusedError,
  PreconditionFailedError,
  EvidenceRequiredError,
  ProvenanceRequiredError,
  CompletionRejectedError,
  LockHeldError,
  ReceiptConflictError,
  RunArchivedError,
  ForbiddenError,
  RateLimitedError,
];
