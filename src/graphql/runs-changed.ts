// runsChanged: one stream of ledger events across many runs, for dashboards. An event is a
// summary read without the state; `entry`, `run` and `state` are resolved (read) only when a
// client selects them.
import type { RunChangeRecord } from "../live/run-changes.js";
import { AgentState } from "./agent-state.js";
import { admitsRun } from "../domain/principal.js";
import { requires } from "./auth-scopes.js";
import { builder } from "./builder.js";
import { EVENTS_IGNORE_ARGUMENTS } from "./field-extensions.js";
import { ComponentIdentityType } from "./identity-types.js";
import { LedgerEntry, Run, RunStatus } from "./run.js";
import { viewState } from "./state-view.js";

const RunsChangedFilter = builder.inputType("RunsChangedFilter", {
  description: "Which runs' events to send. Fields combine with AND; an empty filter means every run.",
  fields: (t) => ({
    taskId: t.id({ description: "Only runs of this task (including runs started later)." }),
    runIds: t.idList({ description: "Only these runs (1 to 1,000), including ones created later with these ids." }),
    status: t.field({ type: RunStatus, description: "Only events after which the run has this status." }),
  }),
});

const RunPositionInput = builder.inputType("RunPositionInput", {
  description: "The last ledger position a client already has of a run.",
  fields: (t) => ({
    runId: t.id({ description: "The run.", required: true }),
    seq: t.int({ required: true, description: "The last seq the client has (-1: none, start from the run's first entry)." }),
  }),
});

const UnnamedRunsStart = builder.enumType("UnnamedRunsStart", {
  description: "Where runsChanged starts the runs its `after` does not name.",
  values: {
    HEAD: { description: "At their head when the subscription begins: only later entries (runs created later: from their first entry)." },
    FIRST_ENTRY: {
      description:
        "From their first entry. A client that lists the runs, then names each in `after` at its listed head, gets every entry of a run created between its listing and the subscription.",
    },
  } as const,
});

const RunChangeKind = builder.enumType("RunChangeKind", {
  description: "What a runsChanged event reports: a ledger entry, or the run's deletion.",
  values: {
    COMMIT: { description: "A ledger entry that changed the state." },
    NOOP: { description: "A ledger entry that recorded an explicit no-op (an archive is one)." },
    DELETE: { description: "The run was deleted (deleteRun): its last event, one seq past its last entry; entry, state and run are null." },
  } as const,
});

export const RunChange = builder.objectRef<RunChangeRecord>("RunChange").implement({
  description: "One ledger entry of one run, as a summary. Per run, events come in seq order and each exactly once per subscription.",
  fields: (t) => ({
    runId: t.exposeID("runId", { description: "The run that changed." }),
    taskId: t.exposeID("taskId", { description: "The run's task." }),
    seq: t.exposeInt("seq", { description: "The entry's position in its run's ledger: resume a run after it with `after`." }),
    version: t.exposeInt("stateVersion", { description: "The run's state version after this entry." }),
    kind: t.field({
      description: "COMMIT, NOOP, or DELETE for the run's deletion (its last event).",
      type: RunChangeKind,
      resolve: (change) => change.kind,
    }),
    status: t.field({
      type: RunStatus,
      description: "The run's status when the event was read: the status after this entry, unless later entries had landed by then.",
      resolve: (change) => change.status,
    }),
    archived: t.exposeBoolean("archived", { description: "This entry archived the run; it is the run's last." }),
    contentHash: t.exposeString("contentHash", { description: "The entry's hash; for a deletion, the hash of the run's last entry." }),
    producer: t.field({
      type: ComponentIdentityType,
      description: "Who wrote the entry; for a deletion, who deleted the run.",
      resolve: (change) => change.producer,
    }),
    committedAt: t.field({
      type: "DateTime",
      description: "When the entry was written; for a deletion, when the run was deleted.",
      resolve: (change) => change.createdAt,
    }),
    // Read when selected, which can be after the run was deleted: then there is nothing to read.
    entry: t.field({
      type: LedgerEntry,
      nullable: true,
      description: "The full ledger entry (one read per event); null for a deletion, or once the run is deleted.",
      resolve: (change, _args, ctx) => (change.kind === "DELETE" ? null : ctx.store.getEntry(change.runId, change.seq)),
    }),
    state: t.field({
      type: AgentState,
      nullable: true,
      description: "The state after this entry (one read per event); null for a deletion, or once the run is deleted.",
      resolve: async (change, _args, ctx) => {
        const state = change.kind === "DELETE" ? null : await ctx.store.stateOfVersion(change.runId, change.stateVersion);
        return state && viewState(ctx, state);
      },
    }),
    run: t.field({
      type: Run,
      nullable: true,
      description: "The run as it is now (one read per event); null once it is deleted.",
      resolve: (change, _args, ctx) => (change.kind === "DELETE" ? null : ctx.store.getRunHead(change.runId)),
    }),
  }),
});

builder.subscriptionFields((t) => ({
  runsChanged: t.field({
    ...requires("run:read"),
    // Its arguments choose which changes arrive, not how one renders: dashboards with different
    // filters or positions share one execution per change.
    extensions: EVENTS_IGNORE_ARGUMENTS,
    type: RunChange,
    description:
      "Ledger events of many runs in one stream. Starts at each run's current head (runs created later: from their first entry; with unnamedFrom FIRST_ENTRY, every run not named in `after` from its first entry); runs named in `after` resume right after the seq given. Per run: in order, each entry exactly once; a deleted run's last event has kind DELETE (also when resuming it with `after`). A subscriber that falls too far behind is ended with ERR_SUBSCRIBER_TOO_SLOW, whose details.positions resume it.",
    args: {
      filter: t.arg({ description: "Which runs to follow; empty for every run the token may read.", type: RunsChangedFilter }),
      after: t.arg({ type: [RunPositionInput], description: "Positions to resume runs from (at most 10,000)." }),
      unnamedFrom: t.arg({
        type: UnnamedRunsStart,
        defaultValue: "HEAD",
        description: "Where runs not named in `after` start: at their head (the default) or from their first entry.",
      }),
    },
    // A token restricted to some runs or tasks sees only their events.
    subscribe: (_root, { filter, after, unnamedFrom }, ctx) =>
      ctx.runsWatcher.watch({
        scope: { taskId: filter?.taskId == null ? null : String(filter.taskId), runIds: filter?.runIds?.map(String) ?? null },
        status: filter?.status ?? null,
        after: (after ?? []).map((position) => ({ runId: String(position.runId), seq: position.seq })),
        unnamedFrom: unnamedFrom ?? "HEAD",
        admits: (run) => !ctx.principal || admitsRun(ctx.principal, run),
        // Revoking the token ends the subscription (token-sessions.ts).
        until: (end) => (ctx.principal ? ctx.sessions.onRevoked(ctx.principal.tokenId, end) : () => {}),
      }),
    resolve: (change: RunChangeRecord) => change,
  }),
}));
