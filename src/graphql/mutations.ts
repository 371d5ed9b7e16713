// The write API. Every mutation that touches an existing run names the version it read.
import { InvalidInputError, TaskNeedsClarificationError } from "../contracts/errors.js";
import { LIMITS } from "../domain/limits.js";
import type { LedgerEntryRecord, RunRecord } from "../db/records.js";
import type { CommitRequest, WriteResult } from "../store/run-store.js";
import { requires, requiresOnRun, requiresToStart, runRefusal } from "./auth-scopes.js";
import { builder, type GraphQLContext } from "./builder.js";
import { WRITE_ERRORS } from "./errors.js";
import { authorizedWriter } from "./writer.js";
import { ComponentIdentityInput, ProvenanceInput, toComponentIdentity, toProvenance } from "./identity-types.js";
import { StateOperationInput, toOperationCalls } from "./operations.js";
import { LedgerEntry, Run } from "./run.js";

const WriteSuccess = builder.objectRef<WriteResult>("WriteSuccess").implement({
  description: "The write is durable: `entry` is its ledger entry, `run` the run after it.",
  fields: (t) => ({
    run: t.field({ description: "The run after the write.", type: Run, resolve: (result): RunRecord => result.run }),
    entry: t.field({
      description: "The ledger entry the write made (or, for a replay, the one it made first).",
      type: LedgerEntry,
      resolve: (result): LedgerEntryRecord => result.entry,
    }),
    replayed: t.exposeBoolean("replayed", {
      description: "True when this answers a retry with the same idempotency key: nothing new was written.",
    }),
  }),
});

const PRODUCER_DOC =
  "Optional: a write is recorded under the token's component identity. If given, it must be that identity (else ERR_FORBIDDEN).";

const PROVENANCE_DOC =
  "Where the content came from: at least one record. Model output (a MODEL_COMPONENT or DECISION_BACKEND producer, or MODEL content) needs a MODEL record.";

const BudgetInput = builder.inputType("ResourceBudgetInput", {
  description: "Limits on what the run may spend; leave a field out for no limit.",
  fields: (t) => ({
    maxCostUnits: t.float({ description: "Most cost units." }),
    maxTokens: t.int({ description: "Most model tokens." }),
    maxWallMs: t.int({ description: "Most wall-clock time, in milliseconds." }),
    maxToolCalls: t.int({ description: "Most tool calls." }),
    maxAttempts: t.int({ description: "Most attempts." }),
    maxSpawns: t.int({ description: "Most sub-runs spawned." }),
  }),
});

const StartRunInput = builder.inputType("StartRunInput", {
  description: "A new run: from a compiled task, or from an objective (which makes an UNCOMPILED task).",
  fields: (t) => ({
    objective: t.string({
      description: "What the run is for, in the caller's words. Required without taskId; defaults to the task's objective.",
    }),
    workspaceRoot: t.string({ description: "The workspace's root directory.", required: true }),
    sessionId: t.id({ description: "Defaults to a new session id." }),
    taskId: t.id({
      description: "A task to run (e.g. from compileTask); it must not need clarification. Defaults to a new task made from the objective.",
    }),
    budgets: t.field({ description: "Limits on what the run may spend.", type: BudgetInput }),
    producer: t.field({ type: ComponentIdentityInput, description: PRODUCER_DOC }),
    provenance: t.field({ type: [ProvenanceInput], required: true, description: PROVENANCE_DOC }),
    idempotencyKey: t.string({ description: "Scoped to the producer's componentId: a retry returns the run the first attempt made." }),
  }),
});

const ForkRunInput = builder.inputType("ForkRunInput", {
  description: "Start a new run from a past version of an existing one.",
  fields: (t) => ({
    runId: t.id({ required: true, description: "The run to fork from; it is not changed." }),
    atVersion: t.int({ required: true, description: "The new run's version 0 is this version's state." }),
    sessionId: t.id({ description: "Defaults to the original run's session." }),
    producer: t.field({ type: ComponentIdentityInput, description: PRODUCER_DOC }),
    provenance: t.field({ type: [ProvenanceInput], required: true, description: PROVENANCE_DOC }),
    idempotencyKey: t.string({
      description: "Names this fork; a retry with the same key answers the first fork instead of making a second.",
    }),
  }),
});

const CommitStateInput = builder.inputType("CommitStateInput", {
  description: "A compare-and-swap write: operations applied at the version the writer read.",
  fields: (t) => ({
    runId: t.id({ description: "The run to write to.", required: true }),
    expectedVersion: t.int({ required: true, description: "The state version the operations were decided on." }),
    operations: t.field({ type: [StateOperationInput], required: true, description: "Applied in order, all or nothing." }),
    producer: t.field({ type: ComponentIdentityInput, description: PRODUCER_DOC }),
    provenance: t.field({ type: [ProvenanceInput], required: true, description: PROVENANCE_DOC }),
    idempotencyKey: t.string({ description: "A retry with the same key and request returns the original result." }),
  }),
});

const CommitStatesInput = builder.inputType("CommitStatesInput", {
  description: "A batch of commits, each checked and answered on its own.",
  fields: (t) => ({
    commits: t.field({
      type: [CommitStateInput],
      required: true,
      description: `The commits, each exactly what commitState takes; to many runs or several to one (applied in input order). 1 to ${LIMITS.commitsPerBatch} items.`,
    }),
  }),
});

const RecordNoopInput = builder.inputType("RecordNoopInput", {
  description: "A recorded decision to change nothing, compare-and-swap on the version read.",
  fields: (t) => ({
    runId: t.id({ description: "The run.", required: true }),
    expectedVersion: t.int({ description: "The version the decision was made on.", required: true }),
    reason: t.string({ required: true, description: "Why the component decided to change nothing." }),
    producer: t.field({ type: ComponentIdentityInput, description: PRODUCER_DOC }),
    provenance: t.field({ type: [ProvenanceInput], required: true, description: PROVENANCE_DOC }),
    idempotencyKey: t.string({ description: "Names this write; a retry with the same key is answered with the recorded entry." }),
  }),
});

const snakeBudgets = (b: typeof BudgetInput.$inferInput | null | undefined) =>
  b
    ? {
        max_cost_units: b.maxCostUnits ?? null,
        max_tokens: b.maxTokens ?? null,
        max_wall_ms: b.maxWallMs ?? null,
        max_tool_calls: b.maxToolCalls ?? null,
        max_attempts: b.maxAttempts ?? null,
        max_spawns: b.maxSpawns ?? null,
      }
    : undefined;

type WriteMetaArgs = {
  producer?: typeof ComponentIdentityInput.$inferInput | null;
  provenance: (typeof ProvenanceInput.$inferInput)[];
  idempotencyKey?: string | null;
};

/**
 * Who writes (the token's identity), where the content came from, and the retry key: the same on
 * every write. `runId` is the run written to (null for a new run), whose rate limit it spends.
 */
const writeMeta = (input: WriteMetaArgs, ctx: GraphQLContext, runId: string | null) => ({
  producer: authorizedWriter(ctx, input.producer ? toComponentIdentity(input.producer) : null, runId),
  provenance: input.provenance.map(toProvenance),
  idempotencyKey: input.idempotencyKey,
});

/** What commitState and each commitStates item ask of the store. */
const commitRequest = (input: typeof CommitStateInput.$inferInput, ctx: GraphQLContext): CommitRequest => ({
  runId: String(input.runId),
  expectedVersion: input.expectedVersion,
  operations: toOperationCalls(input.operations as Record<string, unknown>[]),
  ...writeMeta(input, ctx, String(input.runId)),
});

/** Every write answers `WriteSuccess` or one of the write errors, as a union named for it. */
const writeResult = (unionName: string, field: string) =>
  ({
    type: WriteSuccess,
    errors: {
      types: WRITE_ERRORS,
      directResult: true,
      union: { name: unionName, description: `What ${field} answers: WriteSuccess, or a typed error saying why nothing was written.` },
    },
  }) as const;

builder.mutationFields((t) => ({
  startRun: t.field({
    type: WriteSuccess,
    errors: {
      types: [...WRITE_ERRORS, TaskNeedsClarificationError],
      directResult: true,
      union: {
        name: "StartRunResult",
        description: "What startRun answers: WriteSuccess, or a typed error saying why nothing was done (every error implements Error).",
      },
    },
    ...requiresToStart((args: { input: { taskId?: string | number | null } }) => args.input.taskId),
    description: "Start a run at state version 0.",
    args: {
      input: t.arg({ description: "The task or objective, the workspace, and who starts it.", type: StartRunInput, required: true }),
    },
    resolve: (_root, { input }, ctx) =>
      ctx.store.startRun({
        objective: input.objective,
        workspaceRoot: input.workspaceRoot,
        sessionId: input.sessionId == null ? null : String(input.sessionId),
        taskId: input.taskId == null ? null : String(input.taskId),
        budgets: snakeBudgets(input.budgets),
        ...writeMeta(input, ctx, null),
      }),
  }),
  forkRun: t.field({
    ...writeResult("ForkRunResult", "forkRun"),
    ...requiresOnRun("run:create", (args: { input: { runId: string | number } }) => args.input.runId),
    description: "Start a new run from a past version of another run, to retry from an earlier belief.",
    args: { input: t.arg({ description: "The run and version to fork from.", type: ForkRunInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      ctx.store.forkRun({
        runId: String(input.runId),
        atVersion: input.atVersion,
        sessionId: input.sessionId == null ? null : String(input.sessionId),
        ...writeMeta(input, ctx, String(input.runId)),
      }),
  }),
  commitState: t.field({
    ...writeResult("CommitStateResult", "commitState"),
    ...requiresOnRun("run:commit", (args: { input: { runId: string | number } }) => args.input.runId),
    description: "Apply operations to the state read at `expectedVersion`; succeeds only if the run is still there.",
    args: { input: t.arg({ description: "The operations, the version read, and who writes.", type: CommitStateInput, required: true }) },
    resolve: (_root, { input }, ctx) => ctx.store.commitState(commitRequest(input, ctx)),
  }),
  commitStates: t.field({
    type: [WriteSuccess],
    errors: {
      types: [InvalidInputError],
      union: {
        name: "CommitStatesResult",
        description: "The batch's per-item results, or why the batch as a whole was refused (too many items).",
      },
      result: { name: "CommitStatesSuccess", description: "The batch was taken: every item has its own result." },
      dataField: { name: "results", description: "One result per input item, in input order." },
    },
    itemErrors: {
      types: WRITE_ERRORS,
      directResult: true,
      union: { name: "CommitStatesItemResult", description: "One item's result: the same answers commitState gives." },
    },
    // run:commit for the field; each item's run is checked against the token's restriction on its own.
    ...requires("run:commit"),
    description: `Many commits, to many runs, in one request: each item is checked on its own (its run's restriction, rate limit, compare-and-swap, rules, idempotency key) and answers in input order; one item's conflict or invalid input does not fail the others. Commits to distinct runs share one database statement. At most ${LIMITS.commitsPerBatch} items (else ERR_INVALID_INPUT for the batch).`,
    args: { input: t.arg({ description: "The commits, each as commitState takes it.", type: CommitStatesInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const count = input.commits.length;
      if (count === 0 || count > LIMITS.commitsPerBatch) {
        throw new InvalidInputError("the batch was refused; nothing was written", [
          { path: "/input/commits", message: `must hold 1 to ${LIMITS.commitsPerBatch} commits, got ${count}` },
        ]);
      }
      // Refusals found before the store (run restriction, producer, rate limit) are items' own results.
      const outcomes: (WriteResult | Error)[] = new Array(count);
      const accepted: { index: number; request: CommitRequest }[] = [];
      for (const [index, item] of input.commits.entries()) {
        const refusal = await runRefusal(ctx, String(item.runId), "Mutation.commitStates");
        if (refusal) outcomes[index] = refusal;
        else {
          try {
            accepted.push({ index, request: commitRequest(item, ctx) });
          } catch (error) {
            outcomes[index] = error as Error;
          }
        }
      }
      const written = await ctx.store.commitStates(accepted.map((a) => a.request));
      accepted.forEach(({ index }, at) => (outcomes[index] = written[at]!));
      // The errors plugin turns each returned error into that item's error result (itemErrors).
      return outcomes as WriteResult[];
    },
  }),
  recordNoop: t.field({
    ...writeResult("RecordNoopResult", "recordNoop"),
    ...requiresOnRun("run:commit", (args: { input: { runId: string | number } }) => args.input.runId),
    description: "Record that a component read `expectedVersion` and decided to change nothing.",
    args: { input: t.arg({ description: "The run, the version read, and why nothing changes.", type: RecordNoopInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      ctx.store.recordNoop({
        runId: String(input.runId),
        expectedVersion: input.expectedVersion,
        reason: input.reason,
        ...writeMeta(input, ctx, String(input.runId)),
      }),
  }),
}));
