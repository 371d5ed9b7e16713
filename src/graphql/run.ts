// Runs and their ledger entries, and the queries that read them.
import type { AgentStateV1 } from "../contracts/agent-state.js";
import { InvalidInputError, NotFoundError } from "../contracts/errors.js";
import { provenanceList } from "../contracts/common.js";
import { RunDeletedError } from "../contracts/watch-errors.js";
import type { GraphQLResolveInfo } from "graphql";
import { canonicalJson } from "../domain/content-hash.js";
import { knownStateSize, rememberStateSize, stateSize } from "../domain/json-size.js";
import { RUN_STATUSES } from "../domain/run-status.js";
import type { LedgerEntryRecord } from "../db/records.js";
import type { RunHead } from "../store/run-reads.js";
import { AgentState } from "./agent-state.js";
import { requires, requiresOnRun, visibleRun } from "./auth-scopes.js";
import { builder, type GraphQLContext } from "./builder.js";
import { CompletionView } from "./completion.js";
import { ComponentIdentityType, ProvenanceType } from "./identity-types.js";
import { sharedEnum } from "./shared-enums.js";
import { viewOperations, viewState, type SensitivityLabels } from "./state-view.js";

export const RunStatus = sharedEnum("RunStatus", RUN_STATUSES);
export const LedgerKind = builder.enumType("LedgerKind", {
  description: "What a ledger entry did to the state.",
  values: {
    COMMIT: { description: "The state changed; state_version went up by one." },
    NOOP: { description: "A recorded decision to change nothing; state_version stayed." },
  },
});

/** The state after an entry, spent from the request's budget (a NOOP's is read from its COMMIT). */
async function stateOfEntry(entry: LedgerEntryRecord, ctx: GraphQLContext, info: GraphQLResolveInfo): Promise<AgentStateV1> {
  let state = entry.state;
  if (!state) {
    state = await ctx.reads.read(ctx, info, () => ctx.store.stateOfVersion(entry.runId, entry.stateVersion));
    if (state) ctx.reads.charge(ctx, info, stateSize(state, entry.contentHash));
  }
  if (!state) throw new NotFoundError("state version", `${entry.runId}@${entry.stateVersion}`);
  return spentState(ctx, info, state, entry.contentHash);
}

/**
 * A run as the API serves it: lookups and listings leave the state out (it can be megabytes)
 * and it is read when a field asks for it; a write's result carries the state it wrote.
 */
export type RunView = RunHead & { state?: AgentStateV1 };

const loadedStates = new WeakMap<RunView, Promise<AgentStateV1>>();

/** The run's state, read once per run object when a field needs it, and spent from the budget. */
export function stateOfRun(run: RunView, ctx: GraphQLContext, info: GraphQLResolveInfo): Promise<AgentStateV1> {
  if (run.state) return Promise.resolve(run.state);
  let loading = loadedStates.get(run);
  if (!loading) {
    loading = (async () => {
      ctx.reads.check(ctx, info, await sizeOfRunState(run, ctx));
      const state = await ctx.reads.read(ctx, info, () => ctx.store.runState(run.id, run.stateVersion));
      if (!state) throw new NotFoundError("state version", `${run.id}@${run.stateVersion}`);
      ctx.reads.charge(ctx, info, stateSize(state, run.contentHash));
      return state;
    })();
    loadedStates.set(run, loading);
  }
  return loading;
}

/**
 * The labels of the run's state at the version the request sees: from the state when it is at
 * hand or being read, else on their own (a few bytes, not the whole state).
 */
export async function labelsOfRun(run: RunView, ctx: GraphQLContext, info: GraphQLResolveInfo): Promise<SensitivityLabels> {
  if (run.state) return run.state.sensitivity_labels ?? [];
  const loading = loadedStates.get(run);
  const labels = loading ? null : await ctx.store.runLabels(run.id, run.stateVersion);
  return labels ?? (await stateOfRun(run, ctx, info)).sensitivity_labels ?? [];
}

/** What the run's state weighs, without reading it when that is known or the database can tell. */
export async function sizeOfRunState(run: RunView, ctx: GraphQLContext): Promise<number> {
  if (run.state) return stateSize(run.state, run.contentHash);
  const known = knownStateSize(run.contentHash);
  if (known !== undefined) return known;
  const measured = (await ctx.store.runStateSize(run.id)) ?? 0;
  rememberStateSize(run.contentHash, measured);
  return measured;
}

/** The state as this reader may see it, once its size is spent from the request's budget. */
export function spentState(ctx: GraphQLContext, info: GraphQLResolveInfo, state: AgentStateV1, contentHash: string): AgentStateV1 {
  const view = viewState(ctx, state);
  // A redacted view is a different document; the stored size bounds it (redaction only shortens).
  ctx.reads.charge(ctx, info, stateSize(state, contentHash));
  return view;
}

/** The same version always serialises to the same bytes, whichever path read it. */
export const canonicalDocument = (state: AgentStateV1): object => JSON.parse(canonicalJson(state)) as object;

export const LedgerEntry = builder.objectRef<LedgerEntryRecord>("LedgerEntry").implement({
  description: "One durable write to a run: a COMMIT that made a new version, or an explicit NOOP.",
  fields: (t) => ({
    runId: t.exposeID("runId", { description: "The run." }),
    seq: t.exposeInt("seq", { description: "Position in the run's ledger; every write, COMMIT or NOOP, takes the next one." }),
    version: t.exposeInt("stateVersion", { description: "The run's state version after this entry." }),
    kind: t.field({ description: "COMMIT or NOOP.", type: LedgerKind, resolve: (e) => e.kind }),
    operations: t.field({
      description: "The operations of the write, as sent (redacted for readers below a label).",
      type: "JSON",
      resolve: async (e, _args, ctx, info) => ctx.reads.output(ctx, info, await viewOperations(ctx, e)),
    }),
    producer: t.field({
      description: "Who wrote it: the writing token's component.",
      type: ComponentIdentityType,
      resolve: (e) => e.producer,
    }),
    provenance: t.field({
      description: "Where the written content came from.",
      type: [ProvenanceType],
      resolve: (e) => provenanceList(e.provenance),
    }),
    reason: t.string({ nullable: true, description: "Why a NOOP changed nothing.", resolve: (e) => e.reason }),
    contentHash: t.exposeString("contentHash", { description: "sha256 of the state's RFC 8785 canonical JSON after this entry." }),
    parentHash: t.exposeString("parentHash", { description: "The previous entry's entryHash (a fork's first entry: its origin entry's)." }),
    entryHash: t.exposeString("entryHash", { description: "sha256 over parentHash and this entry's content: the run's hash chain." }),
    committedAt: t.field({
      description: "When the entry was committed (the database's clock).",
      type: "DateTime",
      resolve: (e) => e.createdAt,
    }),
    state: t.field({
      type: AgentState,
      description: "The state after this entry.",
      resolve: (entry, _args, ctx, info) => stateOfEntry(entry, ctx, info),
    }),
    document: t.field({
      type: "JSONObject",
      description: "The state after this entry, as one AgentStateV1 JSON document (RFC 8785 key order).",
      resolve: async (entry, _args, ctx, info) => canonicalDocument(await stateOfEntry(entry, ctx, info)),
    }),
  }),
});

export const Run = builder.node(builder.objectRef<RunView>("Run"), {
  description: "One agent run and its canonical state.",
  // However a run is reached (run, node, runs, a write's result), a token restricted to other
  // runs or tasks cannot read it.
  authScopes: (run) => ({ runRecord: run }),
  id: { resolve: (run) => run.id },
  loadOne: async (id, ctx: GraphQLContext) => visibleRun(ctx, await ctx.store.getRunHead(id)),
  fields: (t) => ({
    runId: t.exposeID("id", { description: "The run's own id (the global `id` is for `node`)." }),
    taskId: t.exposeID("taskId", { description: "The task the run works on." }),
    sessionId: t.exposeID("sessionId", { description: "The session the run belongs to." }),
    stateVersion: t.exposeInt("stateVersion", {
      description: "The current state version: read it, then commit with expectedVersion set to it.",
    }),
    ledgerSeq: t.exposeInt("ledgerSeq", {
      description: "Position of the run's newest ledger entry: list runs, then apply runsChanged events with a higher seq.",
    }),
    status: t.field({ description: "The run's lifecycle status.", type: RunStatus, resolve: (run) => run.status }),
    contentHash: t.exposeString("contentHash", { description: "sha256 of the current state's RFC 8785 canonical JSON." }),
    createdAt: t.field({ description: "When the run started.", type: "DateTime", resolve: (run) => run.createdAt }),
    updatedAt: t.field({ description: "When the run was last written.", type: "DateTime", resolve: (run) => run.updatedAt }),
    state: t.field({
      description: "The current state, as typed fields (redacted for readers below a label).",
      type: AgentState,
      resolve: async (run, _args, ctx, info) => spentState(ctx, info, await stateOfRun(run, ctx, info), run.contentHash),
    }),
    completion: t.field({
      type: CompletionView,
      description: "NOT_COMPLETE until a completion decision is recorded; never inferred.",
      resolve: (run, _args, ctx, info) => stateOfRun(run, ctx, info),
    }),
    document: t.field({
      type: "JSONObject",
      description: "The state as one AgentStateV1 JSON document (RFC 8785 key order), for components that want the raw contract.",
      resolve: async (run, _args, ctx, info) => canonicalDocument(spentState(ctx, info, await stateOfRun(run, ctx, info), run.contentHash)),
    }),
  }),
});

const MAX_PAGE = 100;

builder.queryFields((t) => ({
  run: t.field({
    type: Run,
    description: "One run by its run id; a deleted run answers RunDeletedError.",
    ...requiresOnRun("run:read", (args: { id: string | number }) => args.id),
    args: { id: t.arg.id({ description: "The run's id.", required: true }) },
    errors: {
      types: [NotFoundError, RunDeletedError],
      directResult: true,
      union: { description: "What run(id) answers: the run, NotFoundError, or RunDeletedError for a deleted run." },
    },
    resolve: async (_root, { id }, ctx) => {
      const run = await ctx.store.getRunHead(String(id));
      if (!run) throw await ctx.store.missingRunError(String(id));
      return run;
    },
  }),
  runs: t.connection(
    {
      type: Run,
      description: "Runs, newest first (only those the token's restriction admits).",
      ...requires("run:read"),
      args: {
        status: t.arg({ description: "Only runs with this status.", type: RunStatus }),
        taskId: t.arg.id({ description: "Only runs of this task." }),
      },
      resolve: async (_root, args, ctx) => {
        if (args.last != null || args.before != null) {
          throw new InvalidInputError("runs pages forward only: use first/after", [{ path: "/last", message: "not supported" }]);
        }
        const first = args.first ?? 20;
        if (first < 0 || first > MAX_PAGE) {
          throw new InvalidInputError(`first must be between 0 and ${MAX_PAGE}`, [{ path: "/first", message: "out of range" }]);
        }
        const restriction = { runIds: ctx.principal?.runIds ?? [], taskIds: ctx.principal?.taskIds ?? [] };
        const filter = { status: args.status, taskId: args.taskId ? String(args.taskId) : null, ...restriction };
        const page = await ctx.store.listRuns(filter, first, args.after);
        return {
          edges: page.runs.map((run) => ({ cursor: run.id, node: run })),
          pageInfo: {
            hasNextPage: page.hasNextPage,
            hasPreviousPage: Boolean(args.after),
            startCursor: page.runs[0]?.id ?? null,
            endCursor: page.runs.at(-1)?.id ?? null,
          },
        };
      },
    },
    { description: "A page of runs, newest first." },
    { description: "One run of the page, with its cursor." },
  ),
}));
