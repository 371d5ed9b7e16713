// runStateChanged: watch a run's ledger from a version or position. A watch is a member of the
// run's group (run-group.ts): it starts unsynced and is caught up by the run's one catch-up loop,
// then joins the synced group, which hands it each new entry as it commits. The cursor (the last
// delivered ledger seq) decides every delivery, so each entry is delivered exactly once and in
// order, whichever of the two brought it. A consumer that does not keep up is ended with
// ERR_SUBSCRIBER_TOO_SLOW instead of being buffered for without bound (see `maxLag`).
import { InvalidInputError, SubscriberTooSlowError } from "../contracts/errors.js";
import { RunArchivedError, RunDeletedError } from "../contracts/watch-errors.js";
import { ARCHIVED_STATUS, isArchiveEntry } from "../domain/run-archive.js";
import type { ChangeFeed } from "./change-feed.js";
import { OpenWatches } from "./open-watches.js";
import type { LedgerEntryRecord } from "../db/records.js";
import { RunGroups, type GroupMember, type RunGroup } from "./run-group.js";
import type { RunStore } from "../store/run-store.js";
import { SinkStream } from "./sink-stream.js";

export const DEFAULT_MAX_LAG = 1_000;

/** The reads a watch needs. */
export type LedgerReads = Pick<RunStore, "getRun" | "seqOfVersion" | "readLedger" | "requireEntry" | "missingRunError">;

/**
 * Where a watch starts: after the COMMIT that made a version, or after a ledger position. The
 * position is exact (etcd's revision): resuming from the last delivered seq repeats nothing,
 * while resuming from a version repeats the NOOPs recorded at that version.
 */
export type WatchStart = { afterVersion: number } | { afterSeq: number };

export interface WatchOptions {
  /**
   * How many entries a watch may hold for a consumer that has not taken them before it ends
   * with ERR_SUBSCRIBER_TOO_SLOW. Entries that were already written when the watch began, or
   * that the feed announced late (a resync), are not held against it: it reads them at its
   * consumer's pace instead, one batch at a time.
   */
  maxLag: number;
}

export class RunWatcher {
  /** Open watches: shutdown ends them (closeAll) and waits for them (idle). */
  readonly open = new OpenWatches();
  /** The runs' groups; `groups.reads` counts their ledger reads. */
  readonly groups: RunGroups<LedgerEntryRecord>;

  constructor(
    private readonly store: LedgerReads,
    feed: ChangeFeed,
    private readonly options: WatchOptions = { maxLag: DEFAULT_MAX_LAG },
  ) {
    this.groups = new RunGroups(feed, {
      read: (runId, afterSeq, limit) => store.readLedger(runId, afterSeq, limit),
      carried: (notice) => notice.entry,
      missing: async (runId) => {
        const why = await store.missingRunError(runId);
        return why instanceof RunDeletedError ? { end: why } : null;
      },
    });
  }

  /**
   * Every ledger entry after `start`, oldest first, then live. If the run has not reached that
   * version or position yet, the watch waits for it.
   */
  async watch(runId: string, start: WatchStart): Promise<RunWatch> {
    const [field, value] = "afterSeq" in start ? ["afterSeq", start.afterSeq] : ["afterVersion", start.afterVersion];
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new InvalidInputError(`${field} must be a non-negative integer`, [{ path: `/${field}`, message: "must be >= 0" }]);
    }
    // Hold the group (and so the feed) before reading anything, so no write can fall between the two.
    const group = this.groups.of(runId);
    const release = group.hold();
    try {
      const run = await this.store.getRun(runId);
      if (!run) throw await this.store.missingRunError(runId);
      group.observeHead(run.ledgerSeq);
      let watch: RunWatch;
      if ("afterSeq" in start) {
        const lastVersion = start.afterSeq <= run.ledgerSeq ? (await this.store.requireEntry(runId, start.afterSeq)).stateVersion : -1;
        watch = new RunWatch(runId, group, this.options.maxLag, start.afterSeq, { reached: true, lastVersion });
      } else {
        const startSeq = await this.store.seqOfVersion(runId, start.afterVersion);
        // Not there yet: start from the current head and skip until that version's commit.
        watch = new RunWatch(runId, group, this.options.maxLag, startSeq ?? run.ledgerSeq, {
          reached: startSeq !== null,
          lastVersion: start.afterVersion,
          afterVersion: start.afterVersion,
        });
      }
      // An archived run's stream ends after its archive entry; a watch from beyond it ends at once.
      if (run.status === ARCHIVED_STATUS && watch.cursor >= run.ledgerSeq) throw new RunArchivedError(runId, run.ledgerSeq);
      const closed = this.open.add(() => watch.end());
      void watch.ended.then(closed);
      group.add(watch);
      return watch;
    } finally {
      release();
    }
  }
}

/**
 * One watch: an async iterator of ledger entries, or, once `redirect`ed, a feed into another
 * sink (a socket), with the iterator left to report only how the watch ended (sink-stream.ts).
 */
export class RunWatch extends SinkStream<LedgerEntryRecord> implements GroupMember<LedgerEntryRecord> {
  private reached: boolean;
  private readonly afterVersion: number;
  private lastVersion: number;
  /** Entries up to here were written before the watch began, or announced late: not lag. */
  private historyEnd: number;
  /** Resolves when the watch ends, however it ends. */
  readonly ended: Promise<void>;
  private markEnded: () => void = () => {};
  private roomy: Promise<void> | undefined;

  constructor(
    readonly runId: string,
    private readonly group: RunGroup<LedgerEntryRecord>,
    private readonly maxLag: number,
    /** The last ledger seq delivered (or skipped as not asked for). */
    public cursor: number,
    from: { reached: boolean; lastVersion: number; afterVersion?: number },
  ) {
    super();
    this.ended = new Promise((resolve) => (this.markEnded = resolve));
    this.reached = from.reached;
    this.lastVersion = from.lastVersion;
    this.afterVersion = from.afterVersion ?? -1;
    this.historyEnd = Math.max(group.target, group.head ?? -1);
  }

  take(entries: readonly LedgerEntryRecord[], history: boolean): void {
    if (this.sink.backlog >= this.maxLag) {
      if (!history) return this.end(new SubscriberTooSlowError(this.runId, this.lastVersion, this.cursor, this.maxLag));
      // A backlog the feed announced late: read it at the consumer's pace instead.
      this.historyEnd = Math.max(this.historyEnd, this.group.historyMark);
      return this.group.unsync(this);
    }
    // Skips what it read ahead of the group while catching up.
    for (const entry of entries) if (entry.seq === this.cursor + 1 && !this.closed) this.deliver(entry);
  }

  catchUp(page: readonly LedgerEntryRecord[]): void {
    for (const entry of page) {
      if (this.closed || !this.hasRoom) return;
      if (entry.seq === this.cursor + 1) this.deliver(entry);
    }
  }

  get hasRoom(): boolean {
    return this.sink.backlog < this.maxLag;
  }

  room(): Promise<void> {
    return (this.roomy ??= this.sink.below(this.maxLag).then(() => void (this.roomy = undefined)));
  }

  /** Past its history, a watch may not fall more than maxLag entries behind the run. */
  checkLag(): void {
    if (this.cursor >= this.historyEnd && this.group.target - this.cursor > this.maxLag) {
      this.end(new SubscriberTooSlowError(this.runId, this.lastVersion, this.cursor, this.maxLag));
    }
  }

  last(entry: LedgerEntryRecord): void {
    this.take([entry], true);
  }

  fail(error: unknown): void {
    this.end(error);
  }

  protected left(): void {
    this.group.remove(this);
    this.markEnded();
  }

  private deliver(entry: LedgerEntryRecord): void {
    this.cursor = entry.seq;
    if (!this.reached) {
      // The version waited for will never come.
      if (isArchiveEntry(entry)) return this.end(new RunArchivedError(this.runId, entry.seq));
      if (entry.kind !== "COMMIT" || entry.stateVersion < this.afterVersion) return;
      this.reached = true;
      if (entry.stateVersion === this.afterVersion) return;
    }
    this.lastVersion = entry.stateVersion;
    this.sink.offer(entry);
    if (isArchiveEntry(entry)) this.end(new RunArchivedError(this.runId, entry.seq));
  }
}
