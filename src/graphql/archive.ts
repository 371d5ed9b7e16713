// archiveRun and deleteRun, and their errors. Kept apart from mutations.ts so the run-store write
// path and the other mutations stay as they are; an archived run's commits fail with
// ERR_RUN_ARCHIVED, and a deleted run's watches end with ERR_RUN_DELETED.
import {
  IdempotencyKeyReusedError,
  InvalidInputError,
  NotFoundError,
  PreconditionFailedError,
  StateConflictError,
} from "../contracts/errors.js";
import { RunArchivedError, RunDeletedError } from "../contracts/watch-errors.js";
import type { RunDeletionRecord } from "../store/run-deletion.js";
import type { WriteResult } from "../store/run-store.js";
import { requiresOnRun } from "./auth-scopes.js";
import { builder } from "./builder.js";
import { ErrorInterface } from "./errors.js";
import { ComponentIdentityInput, ComponentIdentityType, ProvenanceInput, toComponentIdentity, toProvenance } from "./identity-types.js";
import { LedgerEntry, Run } from "./run.js";
import { authorizedWriter } from "./writer.js";

builder.objectType(RunArchivedError, {
  name: "RunArchivedError",
  description: "The run is archived: it takes no more writes, and its watches have ended.",
  interfaces: [ErrorInterface],
  fields: (t) => ({
    runId: t.exposeString("runId", { description: "The archived run." }),
    archivedAtSeq: t.exposeInt("archivedAtSeq", { nullable: true, description: "The archive entry's ledger position, when known." }),
  }),
});

const ArchiveRunSuccess = builder.objectRef<WriteResult>("ArchiveRunSuccess").implement({
  description: "The run is archived: `entry` is the archive's ledger entry (a NOOP with the archiveRun operation).",
  fields: (t) => ({
    run: t.field({ description: "The run, now ARCHIVED.", type: Run, resolve: (result) => result.run }),
    entry: t.field({
      description: "The archive's ledger entry (a NOOP whose one operation is archiveRun).",
      type: LedgerEntry,
      resolve: (result) => result.entry,
    }),
    replayed: t.exposeBoolean("replayed", { description: "True when this answers a retry with the same idempotency key." }),
  }),
});

const ArchiveRunInput = builder.inputType("ArchiveRunInput", {
  description: "Archive a run at the version read: it takes no more writes afterwards.",
  fields: (t) => ({
    runId: t.id({ description: "The run to archive.", required: true }),
    expectedVersion: t.int({ required: true, description: "The version the decision to archive was made on." }),
    reason: t.string({ required: true, description: "Why the run is archived; recorded in the ledger." }),
    producer: t.field({
      type: ComponentIdentityInput,
      description: "Defaults to the token's component; if given it must be that component.",
    }),
    provenance: t.field({ type: [ProvenanceInput], required: true, description: "At least one record." }),
    idempotencyKey: t.string({ description: "Names this archive request; a retry with the same key is answered with the recorded entry." }),
  }),
});

builder.mutationFields((t) => ({
  archiveRun: t.field({
    ...requiresOnRun("run:admin", (args: { input: { runId: string | number } }) => args.input.runId),
    type: ArchiveRunSuccess,
    errors: {
      types: [StateConflictError, NotFoundError, InvalidInputError, RunArchivedError, IdempotencyKeyReusedError],
      directResult: true,
      union: {
        name: "ArchiveRunResult",
        description:
          "What archiveRun answers: ArchiveRunSuccess, or a typed error saying why nothing was done (every error implements Error).",
      },
    },
    description:
      "End a run: records an archive entry in its ledger (compare-and-swap on `expectedVersion`), sets its status to ARCHIVED, refuses every later write with ERR_RUN_ARCHIVED, and ends its runStateChanged streams with ERR_RUN_ARCHIVED after the archive entry.",
    args: { input: t.arg({ description: "What to archive, at which version.", type: ArchiveRunInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      ctx.store.archiveRun({
        runId: String(input.runId),
        expectedVersion: input.expectedVersion,
        reason: input.reason,
        producer: authorizedWriter(ctx, input.producer ? toComponentIdentity(input.producer) : null, String(input.runId)),
        provenance: input.provenance.map(toProvenance),
        idempotencyKey: input.idempotencyKey,
      }),
  }),
}));

builder.objectType(RunDeletedError, {
  name: "RunDeletedError",
  description: "The run was deleted (deleteRun): its ledger is gone, and its watches have ended.",
  interfaces: [ErrorInterface],
  fields: (t) => ({
    runId: t.exposeString("runId", { description: "The deleted run." }),
    lastSeq: t.exposeInt("lastSeq", { description: "The last ledger position the run had." }),
  }),
});

const RunDeletion = builder.objectRef<RunDeletionRecord>("RunDeletion").implement({
  description: "The tombstone a deleted run leaves: that it existed, its last ledger head, who deleted it and why.",
  fields: (t) => ({
    runId: t.exposeString("runId", { description: "The deleted run." }),
    taskId: t.exposeString("taskId", { description: "The deleted run's task.", nullable: true }),
    lastSeq: t.exposeInt("lastSeq", { description: "The last ledger position the run had." }),
    lastVersion: t.exposeInt("lastVersion", { description: "The last state version the run had." }),
    headHash: t.exposeString("headHash", {
      description: "entryHash of the run's last ledger entry, as `canon export` would have shown it.",
    }),
    deletedBy: t.field({ description: "Who deleted it.", type: ComponentIdentityType, resolve: (deletion) => deletion.deletedBy }),
    reason: t.exposeString("reason", { description: "Why it was deleted." }),
    deletedAt: t.string({ description: "When it was deleted.", resolve: (deletion) => deletion.deletedAt.toISOString() }),
  }),
});

const DeleteRunInput = builder.inputType("DeleteRunInput", {
  description: "Delete an archived run for good, compare-and-swap on the version read.",
  fields: (t) => ({
    runId: t.id({ description: "The archived run to delete.", required: true }),
    expectedVersion: t.int({ required: true, description: "The run's version, as read when deciding to delete it." }),
    reason: t.string({ required: true, description: "Why the run is deleted; kept in its tombstone." }),
  }),
});

builder.mutationFields((t) => ({
  deleteRun: t.field({
    ...requiresOnRun("run:admin", (args: { input: { runId: string | number } }) => args.input.runId),
    type: RunDeletion,
    errors: {
      types: [StateConflictError, NotFoundError, InvalidInputError, PreconditionFailedError, RunDeletedError],
      directResult: true,
      union: {
        name: "DeleteRunResult",
        description: "What deleteRun answers: the deletion, or a typed error saying why nothing was done (every error implements Error).",
      },
    },
    description:
      "Delete an archived run for good: its ledger, receipts and model events go in one transaction (compare-and-swap on `expectedVersion`), a tombstone stays, and its runStateChanged streams end with ERR_RUN_DELETED. A run that is not archived is refused with ERR_PRECONDITION_FAILED; export it first (`canon export`) to keep its history.",
    args: { input: t.arg({ description: "What to delete, at which version.", type: DeleteRunInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      ctx.store.deleteRun({
        runId: String(input.runId),
        expectedVersion: input.expectedVersion,
        reason: input.reason,
        producer: authorizedWriter(ctx, null, String(input.runId)),
      }),
  }),
}));
