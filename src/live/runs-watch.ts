// runsChanged: one stream of ledger entries across the runs of a scope (a task, a list of runs,
// or every run), as light summaries. It starts at the scope's heads when it subscribes
// (everything committed after that is delivered; runs created later from their first entry),
// or, for runs named in `after`, right after the position given. A cursor per run decides every
// delivery, as in RunWatcher: per run, entries arrive in order and exactly once, whichever notice,
// re-check or catch-up read brought them. Notices only say "run R reached seq S"; the entries
// are read through SharedReads, so N subscriptions on one instance cost one read per page. The
// instance listens to the feed once for all of them, and re-checks the heads once for all of them
// when the feed may have lost notices. A deleted run's last event is its deletion (kind DELETE),
// one position past its last entry. What a subscription delivers goes to its RunsStream, which
// graphql-ws redirects to the subscriber's socket (runs-stream.ts).
import { InvalidInputError } from "../contracts/errors.js";
import { RunsSubscriberTooSlowError, type RunPosition } from "../contracts/watch-errors.js";
import type { RunStatus } from "../domain/run-status.js";
import type { ChangeFeed, LedgerNotice } from "./change-feed.js";
import type { RunChangeReader, RunChangeRecord, RunHead, RunScope } from "./run-changes.js";
import { DEFAULT_MAX_LAG, type WatchOptions } from "./run-watch.js";
import { OpenWatches } from "./open-watches.js";
import { RunsStream } from "./runs-stream.js";
import { SharedReads } from "./shared-reads.js";

const BATCH = 100;
const MAX_RUN_IDS = 1_000;
const MAX_POSITIONS = 10_000;
/**
 * How far back a re-check looks past the previous one. A run's `updated_at` is its writing
 * statement's start, which can precede that statement's commit; this covers any such gap.
 */
const RECHECK_OVERLAP_MS = 30_000;

export interface RunsChangedRequest {
  scope: RunScope;
  /** Only entries after which the run has this status (the others still advance the cursor). */
  status: RunStatus | null;
  /** Runs to resume from a position instead of their head (catch-up, then live). */
  after: RunPosition[];
  /** Whether the subscriber may see a run's events (a token's run/task restriction); the others still advance the cursor. */
  admits?: (run: { id: string; taskId: string }) => boolean;
  /**
   * Ends the stream early, e.g. when its token is revoked: called with the stream's `end` when
   * it starts, and what it returns is called when the stream ends, however it ends.
   */
  until?: (end: (error: unknown) => void) => () => void;
}

interface Progress {
  /** The last seq delivered (or skipped by the status filter); the head at subscription time to begin with. */
  cursor: number;
  /** The highest seq announced. */
  head: number;
  /** Entries up to here were written before the subscription or announced by a re-check: not lag. */
  historyEnd: number;
  moved: boolean;
}

/** A subscription as the instance-wide listener and re-check see it. */
interface Subscriber {
  notice(notice: LedgerNotice): void;
  /** Heads of runs written since the previous re-check (all runs: each subscriber keeps its own scope's). */
  recheck(heads: RunHead[]): void;
  fail(error: unknown): void;
}

const EVERY_RUN: RunScope = { taskId: null, runIds: null };

export class RunsWatcher {
  /** Open subscriptions: shutdown ends them (closeAll) and waits for them (idle). */
  readonly open = new OpenWatches();
  readonly pages: SharedReads<RunChangeRecord>;
  private readonly subscribers = new Set<Subscriber>();
  private stopListening: (() => void) | undefined;
  /**
   * Every write before this (less RECHECK_OVERLAP_MS) has reached every subscriber, by a notice,
   * its start-up read of heads or a re-check; undefined until a subscriber has read its heads.
   */
  private checkedAt: Date | undefined;
  private rechecking = false;
  private recheckWanted = false;

  constructor(
    private readonly reader: RunChangeReader,
    private readonly feed: ChangeFeed,
    private readonly options: WatchOptions = { maxLag: DEFAULT_MAX_LAG },
  ) {
    this.pages = new SharedReads((runId, afterSeq, limit) => reader.changes(runId, afterSeq, limit), {
      perRun: 32,
      runs: 1_024,
      shared: options.sharedReads,
    });
  }

  /** Starts following the scope at once; the caller reads the stream, or redirects it to a socket. */
  async watch(request: RunsChangedRequest): Promise<RunsStream> {
    validate(request);
    const { scope, status, after } = request;
    const { maxLag } = this.options;
    let stopped = false;
    let wake = () => {};
    const stream = new RunsStream(() => {
      stopped = true;
      wake();
    });
    void (async () => {
      const progress = new Map<string, Progress>();
      /** Runs with entries not delivered yet, served in turn. */
      const pending = new Set<string>();
      /** Runs heard of that are not in `progress` yet: new runs, or runs outside the scope. */
      const unknown = new Map<string, number>();
      const outside = new Set<string>();
      const announce = (runId: string, seq: number, history: boolean) => {
        const run = progress.get(runId);
        if (!run) {
          if (!outside.has(runId)) unknown.set(runId, Math.max(seq, unknown.get(runId) ?? -1));
          return;
        }
        if (history) run.historyEnd = Math.max(run.historyEnd, seq);
        if (seq <= run.head) return;
        run.head = seq;
        pending.add(runId);
      };
      const lag = () => {
        let behind = stream.backlog;
        for (const runId of pending) {
          const run = progress.get(runId)!;
          behind += Math.max(0, run.head - Math.max(run.cursor, run.historyEnd));
        }
        return behind;
      };
      const positions = (): RunPosition[] =>
        [...progress].filter(([runId, run]) => run.moved || pending.has(runId)).map(([runId, run]) => ({ runId, seq: run.cursor }));
      const inScope = scopeCovers(scope);
      const subscriber: Subscriber = {
        notice: (notice) => {
          announce(notice.runId, notice.seq, false);
          if (pending.has(notice.runId) && lag() > maxLag) stream.end(new RunsSubscriberTooSlowError(positions(), maxLag));
          wake();
        },
        recheck: (heads) => {
          for (const head of heads) if (inScope(head)) announce(head.runId, head.seq, true);
          wake();
        },
        fail: (error) => stream.end(error),
      };
      // Listen before reading the heads, so no write can fall between the two.
      const leave = this.join(subscriber);
      const closed = this.open.add(() => stream.end());
      const released = request.until?.((error) => stream.end(error));
      try {
        const start = await this.reader.heads(scope, null);
        this.checkedAt ??= start.now;
        for (const head of start.heads) progress.set(head.runId, { cursor: head.seq, head: head.seq, historyEnd: head.seq, moved: false });
        for (const [index, position] of after.entries()) {
          const run = progress.get(position.runId) ?? (await this.deletedRunProgress(scope, position));
          if (!run)
            throw new InvalidInputError(`run ${position.runId} is not in this subscription's scope`, [
              { path: `/after/${index}/runId`, message: "unknown run" },
            ]);
          progress.set(position.runId, run);
          if (position.seq < run.cursor) {
            run.cursor = position.seq;
            pending.add(position.runId);
          }
        }
        while (!stopped) {
          if (unknown.size > 0) {
            await this.admit(scope, unknown, progress, pending, outside);
          } else if (pending.size > 0) {
            const runId = pending.values().next().value!;
            pending.delete(runId);
            const run = progress.get(runId)!;
            const target = run.head;
            let batch = await this.pages.page(runId, run.cursor, BATCH);
            if (batch.length === 0) {
              // Nothing to read after the cursor: the run may have been deleted, and then its
              // deletion is its last event. Otherwise a notice for an entry we cannot read (yet)
              // must not make us spin on it.
              const deletion = await this.reader.deletion(runId);
              if (deletion) this.pages.forget(runId);
              if (deletion && deletion.seq > run.cursor) batch = [deletion];
              else if (run.head === target) run.head = run.cursor;
            }
            for (const change of batch) {
              if (stopped || change.seq <= run.cursor) continue;
              run.cursor = change.seq;
              run.moved = true;
              run.head = Math.max(run.head, change.seq);
              const visible = request.admits?.({ id: change.runId, taskId: change.taskId }) ?? true;
              if (visible && (status === null || change.status === status)) await stream.deliver(change);
            }
            // Back of the queue: one busy run cannot starve the others.
            if (run.head > run.cursor) pending.add(runId);
          } else {
            await new Promise<void>((resolve) => (wake = resolve));
          }
        }
      } catch (error) {
        stream.end(error);
      } finally {
        leave();
        closed();
        released?.();
      }
    })();
    return stream;
  }

  /** Adds a subscriber; the instance listens to the feed while it has any. Returns its removal. */
  private join(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    this.stopListening ??= this.feed.subscribeAll({
      notice: (notice) => {
        for (const each of this.subscribers) each.notice(notice);
      },
      resync: () => void this.recheck(),
    });
    return () => {
      this.subscribers.delete(subscriber);
      if (this.subscribers.size > 0) return;
      this.stopListening?.();
      this.stopListening = undefined;
      this.checkedAt = undefined;
    };
  }

  /**
   * The feed may have lost notices: one read of the heads written since the previous re-check
   * (and of the runs deleted since) for every subscriber, instead of one per subscriber. A
   * re-check asked for while one runs is made after it.
   */
  private async recheck(): Promise<void> {
    if (this.rechecking) return void (this.recheckWanted = true);
    this.rechecking = true;
    try {
      do {
        this.recheckWanted = false;
        if (!this.checkedAt) return;
        const { heads, now } = await this.reader.heads(EVERY_RUN, new Date(this.checkedAt.getTime() - RECHECK_OVERLAP_MS));
        if (this.checkedAt) this.checkedAt = now;
        for (const subscriber of this.subscribers) subscriber.recheck(heads);
      } while (this.recheckWanted);
    } catch (error) {
      // As when a subscription's own read fails: its stream ends with the error, and it resumes.
      for (const subscriber of [...this.subscribers]) subscriber.fail(error);
    } finally {
      this.rechecking = false;
    }
  }

  /**
   * Runs first heard of after the subscription read its heads. Those in scope were created
   * after that read (the scope never changes for a run), so they start from their first entry.
   */
  private async admit(
    scope: RunScope,
    unknown: Map<string, number>,
    progress: Map<string, Progress>,
    pending: Set<string>,
    outside: Set<string>,
  ): Promise<void> {
    const heard = [...unknown];
    unknown.clear();
    for (const [runId, seq] of heard) {
      const known = progress.get(runId);
      if (known) {
        if (seq > known.head) {
          known.head = seq;
          pending.add(runId);
        }
        continue;
      }
      if (outside.has(runId)) continue;
      const inScope = scope.runIds
        ? scope.runIds.includes(runId)
        : scope.taskId
          ? (await this.reader.taskOf(runId)) === scope.taskId
          : true;
      if (!inScope) {
        outside.add(runId);
        continue;
      }
      progress.set(runId, { cursor: -1, head: seq, historyEnd: -1, moved: false });
      pending.add(runId);
    }
  }

  /**
   * A run named in `after` that has no row: if it was deleted and belongs to the scope, it is
   * followed from the position given up to its deletion event, so that a dashboard resuming
   * after the deletion learns of it rather than failing.
   */
  private async deletedRunProgress(scope: RunScope, position: RunPosition): Promise<Progress | undefined> {
    const deletion = await this.reader.deletion(position.runId);
    if (!deletion) return undefined;
    // Entries kept from before the deletion are not served to anyone resuming it.
    this.pages.forget(position.runId);
    if (!scopeCovers(scope)(deletion)) return undefined;
    return { cursor: deletion.seq, head: deletion.seq, historyEnd: deletion.seq, moved: false };
  }
}

/** Whether `scope` covers a run, known by its id and task. */
function scopeCovers(scope: RunScope): (run: { runId: string; taskId: string | null }) => boolean {
  const runIds = scope.runIds && new Set(scope.runIds);
  return (run) => (runIds ? runIds.has(run.runId) : scope.taskId === null || run.taskId === scope.taskId);
}

function validate({ scope, after }: RunsChangedRequest): void {
  if (scope.runIds && (scope.runIds.length === 0 || scope.runIds.length > MAX_RUN_IDS)) {
    throw new InvalidInputError(`runIds takes 1 to ${MAX_RUN_IDS} runs`, [{ path: "/filter/runIds", message: `1 to ${MAX_RUN_IDS} ids` }]);
  }
  if (after.length > MAX_POSITIONS) {
    throw new InvalidInputError(`after takes at most ${MAX_POSITIONS} positions`, [{ path: "/after", message: "too many" }]);
  }
  for (const [index, position] of after.entries()) {
    if (!Number.isSafeInteger(position.seq) || position.seq < -1) {
      throw new InvalidInputError("a position's seq must be an integer >= -1", [{ path: `/after/${index}/seq`, message: "must be >= -1" }]);
    }
  }
}
