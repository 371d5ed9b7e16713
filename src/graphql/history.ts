// The ledger as a product: a run's state at any version, its history, diffs between versions,
// verification of its hash chain, and forks from a past version.
import { Kind, type GraphQLResolveInfo, type SelectionNode } from "graphql";
import { createPatch } from "rfc6902";
import type { AgentStateV1 } from "../contracts/agent-state.js";
import { InvalidInputError, NotFoundError } from "../contracts/errors.js";
import type { Divergence } from "../domain/ledger-verifier.js";
import type { LedgerEntryRecord } from "../db/records.js";
import { jsonSize, stateSize } from "../domain/json-size.js";
import type { HistoryQuery } from "../store/run-reads.js";
import { verifyRun, type VerificationReport } from "../store/verify-run.js";
import { AgentState } from "./agent-state.js";
import { requiresOnRun } from "./auth-scopes.js";
import { builder, type GraphQLContext } from "./builder.js";
import { LedgerEntry, Run, canonicalDocument, sizeOfRunState, spentState, type RunView } from "./run.js";
import { viewState } from "./state-view.js";

const MAX_PAGE = 500;

interface StateSnapshot {
  runId: string;
  version: number;
  entry: LedgerEntryRecord;
  state: AgentStateV1;
}

const StateSnapshotType = builder.objectRef<StateSnapshot>("StateSnapshot").implement({
  description: "A run's state exactly as it was at one version.",
  fields: (t) => ({
    runId: t.exposeID("runId", { description: "The run." }),
    version: t.exposeInt("version", { description: "The version." }),
    contentHash: t.string({ description: "sha256 of that version's canonical JSON.", resolve: (s) => s.entry.contentHash }),
    committedAt: t.field({ description: "When that version was committed.", type: "DateTime", resolve: (s) => s.entry.createdAt }),
    entry: t.field({ type: LedgerEntry, description: "The COMMIT that produced this version.", resolve: (s) => s.entry }),
    state: t.field({
      description: "That version, as typed fields.",
      type: AgentState,
      resolve: (s, _args, ctx, info) => spentState(ctx, info, s.entry.state!, s.entry.contentHash),
    }),
    document: t.field({
      description: "That version as one AgentStateV1 JSON document (RFC 8785 key order).",
      type: "JSONObject",
      resolve: (s, _args, ctx, info) => canonicalDocument(spentState(ctx, info, s.entry.state!, s.entry.contentHash)),
    }),
  }),
});

interface StateDiff {
  fromVersion: number;
  toVersion: number;
  patch: unknown[];
  changedSections: string[];
}

const StateDiffType = builder.objectRef<StateDiff>("StateDiff").implement({
  description: "How the state changed between two versions.",
  fields: (t) => ({
    fromVersion: t.exposeInt("fromVersion", { description: "The older version." }),
    toVersion: t.exposeInt("toVersion", { description: "The newer version." }),
    patch: t.field({
      type: "JSON",
      description: "An RFC 6902 JSON Patch that turns the `from` document into the `to` document.",
      resolve: (d) => d.patch,
    }),
    changedSections: t.exposeStringList("changedSections", { description: "Top-level AgentStateV1 fields the patch touches." }),
  }),
});

const DivergenceType = builder.objectRef<Divergence>("LedgerDivergence").implement({
  description: "Where a ledger stops verifying: the first entry whose check failed.",
  fields: (t) => ({
    seq: t.exposeInt("seq", { description: "The first entry that failed." }),
    version: t.exposeInt("version", { description: "That entry's state version." }),
    check: t.exposeString("check", { description: "What failed, e.g. `entry hash` or `replayed state hash`." }),
    expected: t.exposeString("expected", { description: "What the check expected." }),
    actual: t.exposeString("actual", { description: "What was found." }),
  }),
});

const VerificationReportType = builder.objectRef<VerificationReport>("VerificationReport").implement({
  description: "The result of re-checking a run's ledger: hash chain, stored states, and replay.",
  fields: (t) => ({
    runId: t.exposeID("runId", { description: "The run checked." }),
    ok: t.exposeBoolean("ok", { description: "Whether every check passed." }),
    checkedEntries: t.exposeInt("checkedEntries", { description: "How many ledger entries were checked." }),
    firstDivergence: t.field({
      description: "The first entry that failed a check; null when the ledger verifies.",
      type: DivergenceType,
      nullable: true,
      resolve: (r) => r.firstDivergence,
    }),
  }),
});

function checkVersion(version: number, path: string) {
  if (!Number.isSafeInteger(version) || version < 0)
    throw new InvalidInputError(`${path.slice(1)} must be a non-negative integer`, [{ path, message: "must be >= 0" }]);
}

async function snapshot(
  run: RunView,
  version: number,
  path: string,
  ctx: GraphQLContext,
  info: GraphQLResolveInfo,
): Promise<StateSnapshot> {
  checkVersion(version, path);
  if (version > run.stateVersion) throw new NotFoundError("state version", `${run.id}@${version}`);
  // Sized like the run's current state before reading, then spent at its real size.
  ctx.reads.check(ctx, info, await sizeOfRunState(run, ctx));
  const entry = await ctx.reads.read(ctx, info, () => ctx.store.commitOfVersion(run.id, version));
  if (!entry?.state) throw new NotFoundError("state version", `${run.id}@${version}`);
  ctx.reads.charge(ctx, info, stateSize(entry.state, entry.contentHash) + jsonSize(entry.operations));
  return { runId: run.id, version, entry, state: viewState(ctx, entry.state) };
}

/** How many `state` and `document` fields a selection asks for, through fragments too (a loop, no recursion). */
function stateFieldsSelected(info: GraphQLResolveInfo): number {
  let count = 0;
  const seenFragments = new Set<string>();
  const pending: SelectionNode[] = info.fieldNodes.flatMap((node) => node.selectionSet?.selections ?? []);
  while (pending.length) {
    const node = pending.pop()!;
    if (node.kind === Kind.FIELD) {
      if (node.name.value === "state" || node.name.value === "document") count++;
      else pending.push(...(node.selectionSet?.selections ?? []));
    } else if (node.kind === Kind.INLINE_FRAGMENT) {
      pending.push(...node.selectionSet.selections);
    } else if (!seenFragments.has(node.name.value)) {
      seenFragments.add(node.name.value);
      pending.push(...(info.fragments[node.name.value]?.selectionSet.selections ?? []));
    }
  }
  return count;
}

/** Entries per store read: about one maximal state, so no single read holds the event loop long. */
const READ_CHUNK_BYTES = 4 * 1024 * 1024;
/** ...and never more than this many, in case older states are much larger than the current one. */
const READ_CHUNK_ENTRIES = 50;

/**
 * A history page, read in chunks and spent from the request's budget as it goes. Its size is
 * estimated from the run's current state first: a page that cannot fit is refused before
 * anything is read, with how many entries would.
 */
async function historyPage(run: RunView, query: HistoryQuery, ctx: GraphQLContext, info: GraphQLResolveInfo) {
  const perEntry = Math.max(1, await sizeOfRunState(run, ctx));
  // Each entry is read once, and returned once more for every `state` or `document` asked of it.
  const perEntryCost = perEntry * (1 + stateFieldsSelected(info));
  const fits = Math.floor(ctx.reads.remaining(ctx, info) / perEntryCost);
  if (query.first > fits) {
    const advice = `about ${fits} entries of this run fit: ask for at most \`first: ${Math.max(1, fits)}\` and page on with \`after\``;
    ctx.reads.check(ctx, info, query.first * perEntryCost, advice, ["first", "after"]);
  }
  const entries: LedgerEntryRecord[] = [];
  let afterSeq = query.afterSeq ?? null;
  let hasNextPage = false;
  while (entries.length < query.first) {
    const first = Math.min(query.first - entries.length, READ_CHUNK_ENTRIES, Math.max(1, Math.floor(READ_CHUNK_BYTES / perEntry)));
    const chunk = await ctx.reads.read(ctx, info, () => ctx.store.history(run.id, { ...query, afterSeq, first }));
    const bytes = chunk.entries.reduce((sum, e) => sum + (e.state ? stateSize(e.state, e.contentHash) : 0) + jsonSize(e.operations), 0);
    ctx.reads.charge(ctx, info, bytes, "ask for fewer entries with `first` and page on with `after`", ["first", "after"]);
    entries.push(...chunk.entries);
    hasNextPage = chunk.hasNextPage;
    if (!hasNextPage || chunk.entries.length === 0) break;
    afterSeq = chunk.entries.at(-1)!.seq;
  }
  return { entries, hasNextPage };
}

builder.objectFields(Run, (t) => ({
  stateAt: t.field({
    type: StateSnapshotType,
    description: "The state exactly as it was at `version`.",
    args: { version: t.arg.int({ description: "The version to read.", required: true }) },
    errors: {
      types: [NotFoundError, InvalidInputError],
      directResult: true,
      union: {
        name: "StateAtResult",
        description: "What stateAt answers: the snapshot, or a typed error saying why nothing was done (every error implements Error).",
      },
    },
    resolve: (run, { version }, ctx, info) => snapshot(run, version, "/version", ctx, info),
  }),
  history: t.connection(
    {
      type: LedgerEntry,
      description: "The run's ledger, oldest first: every COMMIT and NOOP, optionally within a range of versions.",
      args: {
        fromVersion: t.arg.int({ description: "Only entries at or after this version." }),
        toVersion: t.arg.int({ description: "Only entries at or before this version." }),
      },
      resolve: async (run, args, ctx, info) => {
        if (args.last != null || args.before != null)
          throw new InvalidInputError("history pages forward only: use first/after", [{ path: "/last", message: "not supported" }]);
        const first = args.first ?? 50;
        if (first < 0 || first > MAX_PAGE)
          throw new InvalidInputError(`first must be between 0 and ${MAX_PAGE}`, [{ path: "/first", message: "out of range" }]);
        for (const [name, value] of [
          ["fromVersion", args.fromVersion],
          ["toVersion", args.toVersion],
        ] as const)
          if (value != null) checkVersion(value, `/${name}`);
        const afterSeq = args.after == null ? null : Number(args.after);
        if (afterSeq !== null && !Number.isSafeInteger(afterSeq))
          throw new InvalidInputError("unknown cursor", [{ path: "/after", message: "unknown cursor" }]);
        const page =
          first === 0
            ? { entries: [], hasNextPage: false }
            : await historyPage(run, { afterSeq, fromVersion: args.fromVersion, toVersion: args.toVersion, first }, ctx, info);
        return {
          edges: page.entries.map((entry) => ({ cursor: String(entry.seq), node: entry })),
          pageInfo: {
            hasNextPage: page.hasNextPage,
            hasPreviousPage: afterSeq !== null,
            startCursor: page.entries[0] ? String(page.entries[0].seq) : null,
            endCursor: page.entries.at(-1) ? String(page.entries.at(-1)!.seq) : null,
          },
        };
      },
    },
    { description: "A page of a run's ledger entries." },
    { description: "One ledger entry of the page, with its cursor." },
  ),
  diff: t.field({
    type: StateDiffType,
    description: "An RFC 6902 JSON Patch from the state at `fromVersion` to the state at `toVersion`.",
    args: {
      fromVersion: t.arg.int({ description: "The older version.", required: true }),
      toVersion: t.arg.int({ description: "The newer version.", required: true }),
    },
    errors: {
      types: [NotFoundError, InvalidInputError],
      directResult: true,
      union: {
        name: "StateDiffResult",
        description: "What diff answers: the diff, or a typed error saying why nothing was done (every error implements Error).",
      },
    },
    resolve: async (run, { fromVersion, toVersion }, ctx, info) => {
      const [from, to] = await Promise.all([
        snapshot(run, fromVersion, "/fromVersion", ctx, info),
        snapshot(run, toVersion, "/toVersion", ctx, info),
      ]);
      const patch = ctx.reads.output(ctx, info, createPatch(canonicalDocument(from.state), canonicalDocument(to.state)));
      const changedSections = [...new Set(patch.map((op) => op.path.split("/")[1] ?? ""))].filter(Boolean).sort();
      return { fromVersion, toVersion, patch, changedSections };
    },
  }),
}));

builder.queryFields((t) => ({
  verifyRun: t.field({
    type: VerificationReportType,
    description: "Recompute the run's hash chain and states from its ledger; reports the first divergence.",
    ...requiresOnRun("run:read", (args: { runId: string | number }) => args.runId),
    args: { runId: t.arg.id({ description: "The run to verify.", required: true }) },
    errors: {
      types: [NotFoundError],
      directResult: true,
      union: {
        name: "VerifyRunResult",
        description:
          "What verifyRun answers: the verification report, or a typed error saying why nothing was done (every error implements Error).",
      },
    },
    resolve: (_root, { runId }, ctx) => verifyRun(ctx.store, String(runId)),
  }),
}));
