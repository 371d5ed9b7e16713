// Watch a run's ledger from a version, the way etcd's watchable store does: a new watcher is
// "unsynced" and catches up by reading the ledger in batches; once it has read everything it
// waits in the live group, where notices wake it. The cursor (the last delivered ledger seq)
// decides every delivery, so each entry is delivered exactly once and in order, whether it
// came from a catch-up read or from a live notice. A consumer that does not keep up is ended
// with ERR_SUBSCRIBER_TOO_SLOW instead of being buffered for without bound (see `maxLag`).
import { Repeater } from "@repeaterjs/repeater";
import { InvalidInputError, NotFoundError, SubscriberTooSlowError } from "../contracts/errors.js";
import { RunArchivedError } from "../contracts/watch-errors.js";
import { ARCHIVED_STATUS, isArchiveEntry } from "../domain/run-archive.js";
import type { ChangeFeed, LedgerNotice } from "./change-feed.js";
import type { LedgerEntryRecord } from "./records.js";
import type { RunStore } from "./run-store.js";
import { SharedReads } from "./shared-reads.js";

const CATCH_UP_BATCH = 100;
export const DEFAULT_MAX_LAG = 1_000;

/** The reads a watch needs. */
export type LedgerReads = Pick<RunStore, "getRun" | "seqOfVersion" | "readLedger" | "requireEntry">;

/**
 * Where a watch starts: after the COMMIT that made a version, or after a ledger position. The
 * position is exact (etcd's revision): resuming from the last delivered seq repeats nothing,
 * while resuming from a version repeats the NOOPs recorded at that version.
 */
export type WatchStart = { afterVersion: number } | { afterSeq: number };

export interface WatchOptions {
  /**
   * How many ledger entries a consumer may fall behind the run before its watch ends with
   * ERR_SUBSCRIBER_TOO_SLOW. Entries that were already written when the watch began, or that
   * the feed announced late (a resync), count only once the watch has read past them: reading
   * history takes one batch of memory however long it takes.
   */
  maxLag: number;
  /** Whether watchers of a run share their ledger reads (default true; see SharedReads). */
  sharedReads?: boolean;
}

export class RunWatcher {
  private readonly open = new Set<() => void>();
  /** Catch-up pages shared by the watchers of a run. Entries carry states, so few are kept. */
  readonly pages: SharedReads<LedgerEntryRecord>;

  constructor(
    private readonly store: LedgerReads,
    private readonly feed: ChangeFeed,
    private readonly options: WatchOptions = { maxLag: DEFAULT_MAX_LAG },
  ) {
    this.pages = new SharedReads((runId, afterSeq, limit) => store.readLedger(runId, afterSeq, limit), { perRun: 8, runs: 128, shared: options.sharedReads });
  }

  /**
   * Every ledger entry after `start`, oldest first, then live. If the run has not reached that
   * version or position yet, the stream waits for it.
   */
  async watch(runId: string, start: WatchStart): Promise<AsyncIterableIterator<LedgerEntryRecord>> {
    const [field, value] = "afterSeq" in start ? ["afterSeq", start.afterSeq] : ["afterVersion", start.afterVersion];
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new InvalidInputError(`${field} must be a non-negative integer`, [{ path: `/${field}`, message: "must be >= 0" }]);
    }
    const afterVersion = "afterVersion" in start ? start.afterVersion : -1;
    if (!(await this.store.getRun(runId))) throw new NotFoundError("run", runId);
    const { maxLag } = this.options;
    return new Repeater<LedgerEntryRecord>(async (push, stop) => {
      const live = new Map<number, LedgerEntryRecord>();
      let headSeq = -1;
      let cursor = -1;
      // Entries up to here were written before the watch began, or announced late: not lag.
      let historyEnd = Infinity;
      let lastVersion = afterVersion;
      let wake: () => void = () => {};
      const onNotice = (notice: LedgerNotice) => {
        headSeq = Math.max(headSeq, notice.seq);
        if (notice.resync) historyEnd = Math.max(historyEnd, notice.seq);
        // Bounded: past maxLag the watch ends anyway, and whatever is not kept is read from the ledger.
        if (notice.entry && live.size < maxLag) live.set(notice.seq, notice.entry);
        // The entry being pushed, if any, still reaches the consumer before the error does.
        if (cursor >= historyEnd && headSeq - cursor > maxLag) stop(new SubscriberTooSlowError(runId, lastVersion, cursor, maxLag));
        wake();
      };
      // Join the live group before reading anything, so no write can fall between the two.
      const unsubscribe = this.feed.subscribe(runId, onNotice);
      const end = () => stop();
      this.open.add(end);
      let stopped = false;
      void stop.then(() => {
        stopped = true;
        wake();
      });
      try {
        const run = await this.store.getRun(runId);
        if (!run) throw new NotFoundError("run", runId);
        headSeq = Math.max(headSeq, run.ledgerSeq);
        let reached: boolean;
        if ("afterSeq" in start) {
          reached = true;
          cursor = start.afterSeq;
          if (start.afterSeq <= run.ledgerSeq) lastVersion = (await this.store.requireEntry(runId, start.afterSeq)).stateVersion;
        } else {
          const startSeq = await this.store.seqOfVersion(runId, afterVersion);
          // Not there yet: start from the current head and skip until that version's commit.
          reached = startSeq !== null;
          cursor = startSeq ?? run.ledgerSeq;
        }
        historyEnd = headSeq;
        // An archived run's stream ends after its archive entry; a watch from beyond it ends at once.
        if (run.status === ARCHIVED_STATUS && cursor >= run.ledgerSeq) throw new RunArchivedError(runId, run.ledgerSeq);
        const deliver = async (entry: LedgerEntryRecord) => {
          cursor = entry.seq;
          // The version waited for will never come.
          if (!reached && isArchiveEntry(entry)) return void stop(new RunArchivedError(runId, entry.seq));
          if (!reached) {
            if (entry.kind !== "COMMIT" || entry.stateVersion < afterVersion) return;
            reached = true;
            if (entry.stateVersion === afterVersion) return;
          }
          lastVersion = entry.stateVersion;
          await push(entry);
          if (isArchiveEntry(entry)) stop(new RunArchivedError(runId, entry.seq));
        };
        while (!stopped) {
          for (const seq of live.keys()) if (seq <= cursor) live.delete(seq);
          const next = live.get(cursor + 1);
          if (next) {
            live.delete(next.seq);
            await deliver(next);
          } else if (headSeq > cursor) {
            const target = headSeq;
            const batch = await this.pages.page(runId, cursor, CATCH_UP_BATCH);
            // A notice for an entry we cannot read (yet) must not make us spin on it.
            if (batch.length === 0 && headSeq === target) headSeq = cursor;
            for (const entry of batch) if (!stopped) await deliver(entry);
          } else {
            await new Promise<void>((resolve) => (wake = resolve));
          }
        }
      } catch (error) {
        stop(error);
      } finally {
        unsubscribe();
        this.open.delete(end);
      }
    });
  }

  /** Ends every open watch (the streams complete); used at shutdown. */
  closeAll(): void {
    for (const end of [...this.open]) end();
  }

  /** Resolves when every watch has ended, or after `timeoutMs`. */
  async idle(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.open.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  get openWatches(): number {
    return this.open.size;
  }
}
