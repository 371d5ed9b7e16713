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
import { sharedEnum } from "./shared-enums.js";

export const ErrorFamily = sharedEnum("ErrorFamily", ERROR_FAMILIES);

export const ErrorInterface = builder.interfaceRef<CanonError>("Error").implement({
  description: "A failure reported to the caller: nothing was written by the request that got it.",
  fields: (t) => ({
    family: t.field({
      description: "The error's family (ABI ErrorV1 families where the ABI has them).",
      type: ErrorFamily,
      resolve: (error) => error.family,
    }),
    code: t.exposeString("code", { description: "Stable machine-readable code, e.g. ERR_STATE_CONFLICT." }),
    message: t.exposeString("message", { description: "What went wrong, for people." }),
    retryable: t.exposeBoolean("retryable", { description: "Whether the same request may succeed if retried (after re-reading state)." }),
  }),
});

const InputProblemType = builder.objectRef<InputProblem>("InputProblem").implement({
  description: "One problem with the request.",
  fields: (t) => ({
    path: t.exposeString("path", { description: "Where in the request, as a JSON pointer." }),
    message: t.exposeString("message", { description: "What is wrong there." }),
  }),
});

builder.objectType(StateConflictError, {
  name: "StateConflictError",
  description: "The run moved on since the writer read it. Re-read, re-decide, retry with the new version.",
  interfaces: [ErrorInterface],
  fields: (t) => ({
    runId: t.exposeString("runId", { description: "The run." }),
    expectedVersion: t.exposeInt("expectedVersion", { description: "The version the writer read." }),
    currentVersion: t.exposeInt("currentVersion", {
      description: "The version the run is at now: re-read it, decide again, and retry with it.",
    }),
  }),
});

builder.objectType(NotFoundError, {
  name: "NotFoundError",
  description: "No such run, task or receipt (or none the token may read).",
  interfaces: [ErrorInterface],
  fields: (t) => ({
    resource: t.exposeString("resource", { description: "What kind of thing was looked for." }),
    id: t.exposeString("id", { description: "The id that was not found." }),
  }),
});

builder.objectType(InvalidInputError, {
  name: "InvalidInputError",
  description: "The request was malformed; every problem found is listed.",
  interfaces: [ErrorInterface],
  fields: (t) => ({
    problems: t.field({
      type: [InputProblemType],
      description: "Every problem found, each with where it is.",
      resolve: (error) => error.problems,
    }),
  }),
});

builder.objectType(InvalidStateError, {
  name: "InvalidStateError",
  description: "The operations were well-formed but the resulting state would not conform to AgentStateV1.",
  interfaces: [ErrorInterface],
  fields: (t) => ({
    problems: t.field({
      type: [InputProblemType],
      description: "Every problem found, each with where it is.",
      resolve: (error) => error.problems,
    }),
  }),
});

builder.objectType(IdempotencyKeyReusedError, {
  name: "IdempotencyKeyReusedError",
  description: "The idempotency key was already used with a different request on this run; nothing was written.",
  interfaces: [ErrorInterface],
  fields: (t) => ({ idempotencyKey: t.exposeString("idempotencyKey", { description: "The key that was reused." }) }),
});

builder.objectType(PreconditionFailedError, {
  name: "PreconditionFailedError",
  description: "The operation does not fit the state (e.g. it resolves a hypothesis that does not exist).",
  interfaces: [ErrorInterface],
  fields: (t) => ({
    path: t.string({ description: "Which argument, as a JSON pointer into the request.", resolve: (e) => String(e.details?.path ?? "") }),
  }),
});

builder.objectType(EvidenceRequiredError, {
  name: "EvidenceRequiredError",
  description: "A hypothesis changes status, and evidence is recorded, only on evidence this run recorded.",
  interfaces: [ErrorInterface],
  fields: (t) => ({
    path: t.string({ description: "Which argument, as a JSON pointer into the request.", resolve: (e) => String(e.details?.path ?? "") }),
  }),
});

builder.objectType(ProvenanceRequiredError, {
  name: "ProvenanceRequiredError",
  description: "Model output needs a MODEL provenance record on the write.",
  interfaces: [ErrorInterface],
  fields: (t) => ({
    reasons: t.stringList({
      description: "What in the write was model output without MODEL provenance.",
      resolve: (e) => (e.details?.reasons as string[]) ?? [],
    }),
  }),
});

builder.objectType(CompletionRejectedError, {
  name: "CompletionRejectedError",
  description: "The completion decision does not satisfy the completion rule; completion is unchanged.",
  interfaces: [ErrorInterface],
  fields: (t) => ({
    problems: t.field({
      type: [InputProblemType],
      description: "Why the decision was refused, criterion by criterion.",
      resolve: (e) => (e.details?.problems as InputProblem[]) ?? [],
    }),
  }),
});

builder.objectType(LockHeldError, {
  name: "LockHeldError",
  description: "Another component holds a live lock on the resource; retry after it expires or is released.",
  interfaces: [ErrorInterface],
  fields: (t) => ({
    resource: t.exposeString("resource", { description: "The locked resource." }),
    holder: t.exposeString("holder", { description: "component_id of the holder." }),
    expiresAt: t.exposeString("expiresAt", { description: "When the lock expires unless renewed." }),
    lockedResource: t.exposeString("lockedResource", {
      description: "The held lock's scope: the resource asked for, or a scope overlapping it (fs:src/auth/** holds fs:src/auth/login.ts).",
    }),
  }),
});

builder.objectType(ReceiptConflictError, {
  name: "ReceiptConflictError",
  description: "A receipt id already names a document with different content; receipts are append-only.",
  interfaces: [ErrorInterface],
  fields: (t) => ({ receiptId: t.exposeString("receiptId", { description: "The receipt id already in use." }) }),
});

builder.objectType(InputTooLargeError, {
  name: "InputTooLargeError",
  description: "The request is over the size limit; nothing was compiled or stored.",
  interfaces: [ErrorInterface],
  fields: (t) => ({
    limitBytes: t.exposeInt("limitBytes", { description: "The largest size accepted." }),
    actualBytes: t.exposeInt("actualBytes", { description: "The size that was sent." }),
  }),
});

builder.objectType(TaskNeedsClarificationError, {
  name: "TaskNeedsClarificationError",
  description: "The task has open questions; answer them with clarifyTask before starting a run.",
  interfaces: [ErrorInterface],
  fields: (t) => ({
    taskId: t.exposeString("taskId", { description: "The task." }),
    revision: t.exposeInt("revision", { description: "The task's revision." }),
    questions: t.exposeStringList("questions", { description: "The open questions." }),
  }),
});

builder.objectType(TaskRevisionConflictError, {
  name: "TaskRevisionConflictError",
  description: "The task moved on since the caller read it. Re-read its questions and retry with the new revision.",
  interfaces: [ErrorInterface],
  fields: (t) => ({
    taskId: t.exposeString("taskId", { description: "The task." }),
    expectedRevision: t.exposeInt("expectedRevision", { description: "The revision the caller read." }),
    currentRevision: t.exposeInt("currentRevision", { description: "The revision the task is at now." }),
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
  fields: (t) => ({ retryAfterMs: t.exposeInt("retryAfterMs", { description: "How long to wait before retrying." }) }),
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
