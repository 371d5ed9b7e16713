// client.watch and client.watchRuns: resumable, exactly-once streams (resumable-stream.ts)
// over runStateChanged and runsChanged, each with its own cursor.
import { ForbiddenError, RunArchivedError, RunDeletedError, RunsSubscriberTooSlowError, type CanonError } from "./errors.js";
import { RunHeadDocument, RunStateChangedDocument, RunsChangedDocument, RunsDocument } from "./generated/graphql.js";
import { resumableStream, type ReconnectOptions, type ResumableStream, type ErrorDecision } from "./resumable-stream.js";
import type { Transport } from "./transport.js";
import type { LedgerEntry, RunChange, RunPosition, RunsChangedFilter } from "./types.js";

/** How a watch of one run ended on its own: the run was archived (after its archive entry) or deleted. */
export type WatchEnd = { reason: "archived"; error: RunArchivedError } | { reason: "deleted"; error: RunDeletedError };

export type Watch = ResumableStream<LedgerEntry, WatchEnd> & {
  /** The last ledger position delivered (undefined before the first entry). */
  readonly lastSeq: number | undefined;
};

export type WatchFrom = { afterVersion: number; afterSeq?: undefined } | { afterSeq: number; afterVersion?: undefined };

export interface WatchOptions {
  /** Also deliver each entry's state (`document`). Default false. */
  withState?: boolean;
  reconnect?: ReconnectOptions;
}

/** Ends for good: anything that is not a dropped connection, a restart or a slow subscriber. */
const resumable = (error: CanonError) => error.retryable;

export function watchRun(transport: Transport, runId: string, from: WatchFrom, options: WatchOptions = {}): Watch {
  let lastSeq: number | undefined = from.afterSeq;
  const start = from.afterSeq !== undefined ? { afterSeq: from.afterSeq } : { afterVersion: from.afterVersion };
  const stream = resumableStream({
    transport,
    document: RunStateChangedDocument,
    reconnect: options.reconnect,
    // From the last entry delivered, exactly (afterVersion would repeat the NOOPs at that version).
    variables: () => ({ runId, withState: options.withState ?? false, ...(lastSeq === undefined ? start : { afterSeq: lastSeq }) }),
    accept: ({ runStateChanged: entry }) => {
      if (lastSeq !== undefined && entry.seq <= lastSeq) return [];
      lastSeq = entry.seq;
      return [entry as LedgerEntry];
    },
    decide: (error): ErrorDecision<WatchEnd> => {
      if (error instanceof RunArchivedError) return { end: { reason: "archived", error } };
      if (error instanceof RunDeletedError) return { end: { reason: "deleted", error } };
      return resumable(error) ? { resume: true } : { fail: error };
    },
  });
  return Object.defineProperty(stream, "lastSeq", { get: () => lastSeq, enumerable: true }) as Watch;
}

export type RunsWatch = ResumableStream<RunChange, never> & {
  /** The last position delivered (or listed at the start) of every run: pass it as `after` to resume later. */
  positions(): RunPosition[];
  /**
   * Resolves once the runs were listed: every entry committed after it to a listed run, and every
   * entry of a run created after it, will be delivered, however late the subscription reaches the
   * server (it names each listed run at its position and asks runsChanged to start the others from
   * their first entry).
   */
  ready: Promise<void>;
};

export interface WatchRunsOptions {
  /** Positions a previous watch reached: those runs resume right after them. */
  after?: RunPosition[];
  /** Also deliver the state after each entry (`document`; one read per event on the server). Default false. */
  withState?: boolean;
  reconnect?: ReconnectOptions;
}

const PAGE = 100;
const LIST_CONCURRENCY = 8;

/**
 * Lists the runs the filter covers with their ledger heads, so that every run is named in `after`:
 * known runs at their position, runs listed at the first start at their head, runs that appeared
 * since at -1 (their first entry). positions() then covers every run the watch has seen.
 */
async function listHeads(transport: Transport, filter: RunsChangedFilter): Promise<RunPosition[]> {
  if (filter.runIds?.length) {
    const ids = filter.runIds.map(String);
    const heads: RunPosition[] = [];
    // A few reads at a time; a run that does not exist (yet), or that the token may not read, has no head.
    for (let i = 0; i < ids.length; i += LIST_CONCURRENCY) {
      await Promise.all(
        ids.slice(i, i + LIST_CONCURRENCY).map(async (id) => {
          try {
            const { run } = await transport.request(RunHeadDocument, { id });
            if (run.__typename === "Run") heads.push({ runId: run.runId, seq: run.ledgerSeq });
          } catch (error) {
            if (!(error instanceof ForbiddenError)) throw error;
          }
        }),
      );
    }
    return heads;
  }
  const heads: RunPosition[] = [];
  let after: string | null = null;
  for (;;) {
    const {
      runs,
    }: { runs: { edges: { node: { runId: string; ledgerSeq: number } }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } } =
      await transport.request(RunsDocument, { first: PAGE, after, taskId: filter.taskId == null ? null : String(filter.taskId) });
    for (const { node } of runs.edges) heads.push({ runId: node.runId, seq: node.ledgerSeq });
    if (!runs.pageInfo.hasNextPage || !runs.pageInfo.endCursor) return heads;
    after = runs.pageInfo.endCursor;
  }
}

export function watchRuns(transport: Transport, filter: RunsChangedFilter = {}, options: WatchRunsOptions = {}): RunsWatch {
  const positions = new Map<string, number>((options.after ?? []).map((p) => [p.runId, p.seq]));
  let listed = false;
  let isReady = () => {};
  const ready = new Promise<void>((resolve) => (isReady = resolve));
  const stream = resumableStream({
    transport,
    document: RunsChangedDocument,
    reconnect: options.reconnect,
    variables: async () => {
      // First start: unknown runs start at their heads now. Later: they appeared meanwhile, so from their first entry.
      const unknownAt = listed ? () => -1 : (head: number) => head;
      for (const head of await listHeads(transport, filter)) {
        if (!positions.has(head.runId)) positions.set(head.runId, unknownAt(head.seq));
      }
      listed = true;
      isReady(); // from here on, every listed run is named at its position
      // A run created after the listing is named nowhere: the server starts it from its first entry.
      const after = [...positions].map(([runId, seq]) => ({ runId, seq }));
      return { filter, withState: options.withState ?? false, after, unnamedFrom: "FIRST_ENTRY" as const };
    },
    accept: ({ runsChanged: { entry, ...change } }): RunChange[] => {
      const known = positions.get(change.runId);
      if (known !== undefined && change.seq <= known) return [];
      positions.set(change.runId, change.seq);
      return [options.withState ? { ...change, document: (entry?.document ?? null) as RunChange["document"] } : change];
    },
    decide: (error): ErrorDecision<never> => {
      // The error names runs the stream still owed entries of; runs we had have our own, newer-or-equal position.
      if (error instanceof RunsSubscriberTooSlowError) {
        for (const p of error.positions) if (!positions.has(p.runId)) positions.set(p.runId, p.seq);
      }
      return resumable(error) ? { resume: true } : { fail: error };
    },
  });
  // A watch that ends before its first listing is ready too: nothing more will come.
  void stream.closed.then(isReady);
  return Object.assign(stream, { ready, positions: () => [...positions].map(([runId, seq]) => ({ runId, seq })) });
}
