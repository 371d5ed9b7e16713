// Watch a run's ledger from a version, the way etcd's watchable store does: a new watch is
// "unsynced" and catches up by reading the ledger in batches; once it reaches the head it joins
// the run's live group (run-live-group.ts), which hands it each new entry as it commits. The
// cursor (the last delivered ledger seq) decides every delivery, so each entry is delivered
// exactly once and in order, whether it came from a catch-up read or from the group. A consumer
// that does not keep up is ended with ERR_SUBSCRIBER_TOO_SLOW instead of being buffered for
// without bound (see `maxLag`).
import { InvalidInputError, SubscriberTooSlowError } from "../contracts/errors.js";
import { RunArchivedError } from "../contracts/watch-errors.js";
import { ARCHIVED_STATUS, isArchiveEntry } from "../domain/run-archive.js";
import type { ChangeFeed } from "./change-feed.js";
import { OpenWatches } from "./open-watches.js";
import type { LedgerEntryRecord } from "../db/records.js";
import { RunLiveGroup, type GroupMember } from "./run-live-group.js";
import type { RunStore } from "../store/run-store.js";
import { jsonSize, stateSize } from "../domain/json-size.js";
import { DEFAULT_WATCH_CACHE_BYTES, SharedReads } from "./shared-reads.js";
import { SinkStream } from "./sink-stream.js";

const CATCH_UP_BATCH = 100;
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
  /** Whether catch-up reads of a run are shared between its watches (default true; see SharedReads). */
  sharedReads?: boolean;
  /** Bytes of recent ledger entries kept for catch-up reads (CANON_WATCH_CACHE_BYTES). */
  cacheBytes?: number;
}

export class RunWatcher {
  /** Open watches: shutdown ends them (closeAll) and waits for them (idle). */
  readonly open = new OpenWatches();
  private readonly groups = new Map<string, RunLiveGroup>();
  /** Ledger pages shared by the watches and the live group of a run. Entries carry states, so few are kept. */
  readonly pages: SharedReads<LedgerEntryRecord>;

  constructor(
    private readonly store: LedgerReads,
    private readonly feed: ChangeFeed,
    private readonly options: WatchOptions = { maxLag: DEFAULT_MAX_LAG },
  ) {
    this.pages = new SharedReads((runId, afterSeq, limit) => store.readLedger(runId, afterSeq, limit), {
      perRun: 8,
      runs: 128,
      shared: options.sharedReads,
      maxBytes: options.cacheBytes ?? DEFAULT_WATCH_CACHE_BYTES,
      sizeOf: (entry) => (entry.state ? stateSize(entry.state, entry.contentHash) : 0) + jsonSize(entry.operations),
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
    // Join the group (and so the feed) before reading anything, so no write can fall between the two.
    const group = this.groupOf(runId);
    let closed = () => {};
    const watch = new RunWatch(runId, group, this.pages, this.options.maxLag, () => closed());
    // Open from here: the group may end it (a deletion) before it has started.
    closed = this.open.add(() => watch.end());
    try {
      const run = await this.store.getRun(runId);
      if (!run) throw await this.store.missingRunError(runId);
      group.observeHead(run.ledgerSeq);
      if ("afterSeq" in start) {
        const lastVersion = start.afterSeq <= run.ledgerSeq ? (await this.store.requireEntry(runId, start.afterSeq)).stateVersion : -1;
        watch.startAt(start.afterSeq, { reached: true, lastVersion });
      } else {
        const startSeq = await this.store.seqOfVersion(runId, start.afterVersion);
        // Not there yet: start from the current head and skip until that version's commit.
        watch.startAt(startSeq ?? run.ledgerSeq, {
          reached: startSeq !== null,
          lastVersion: start.afterVersion,
          afterVersion: start.afterVersion,
        });
      }
      // An archived run's stream ends after its archive entry; a watch from beyond it ends at once.
      if (run.status === ARCHIVED_STATUS && watch.cursor >= run.ledgerSeq) throw new RunArchivedError(runId, run.ledgerSeq);
    } catch (error) {
      watch.cancel();
      throw error;
    }
    watch.begin();
    return watch;
  }

  private groupOf(runId: string): RunLiveGroup {
    let group = this.groups.get(runId);
    if (!group) {
      group = new RunLiveGroup(
        runId,
        this.feed,
        this.pages,
        () => this.store.missingRunError(runId),
        (empty) => {
          if (this.groups.get(runId) === empty) this.groups.delete(runId);
        },
      );
      this.groups.set(runId, group);
    }
    return group;
  }
}

/**
 * One watch: an async iterator of ledger entries, or, once `redirect`ed, a feed into another
 * sink (a socket), with the iterator left to report only how the watch ended (sink-stream.ts).
 */
export class RunWatch extends SinkStream<LedgerEntryRecord> implements GroupMember {
  /** The last ledger seq delivered (or skipped as not asked for). */
  cursor = -1;
  private reached = true;
  private afterVersion = -1;
  private lastVersion = -1;
  /** Entries up to here were written before the watch began, or announced late: not lag. */
  private historyEnd = -1;
  /** Resolves when the watch ends, however it ends. */
  readonly ended: Promise<void>;
  private markEnded: () => void = () => {};

  constructor(
    readonly runId: string,
    private readonly group: RunLiveGroup,
    private readonly pages: SharedReads<LedgerEntryRecord>,
    private readonly maxLag: number,
    private readonly onEnd: (watch: RunWatch) => void,
  ) {
    super();
    this.ended = new Promise((resolve) => (this.markEnded = resolve));
    group.add(this);
  }

  startAt(cursor: number, from: { reached: boolean; lastVersion: number; afterVersion?: number }): void {
    this.cursor = cursor;
    this.reached = from.reached;
    this.lastVersion = from.lastVersion;
    this.afterVersion = from.afterVersion ?? -1;
    this.historyEnd = Math.max(this.group.target, this.group.head ?? -1);
  }

  begin(): void {
    void this.catchUp();
  }

  take(entries: readonly LedgerEntryRecord[], history: boolean): void {
    if (this.sink.backlog >= this.maxLag) {
      if (!history) return this.end(new SubscriberTooSlowError(this.runId, this.lastVersion, this.cursor, this.maxLag));
      // A backlog the feed announced late: read it at the consumer's pace instead.
      this.group.unsync(this);
      this.historyEnd = Math.max(this.historyEnd, this.group.historyMark);
      return this.begin();
    }
    for (const entry of entries) {
      // Skips what it read ahead of the group while catching up.
      if (entry.seq === this.cursor + 1 && !this.closed) this.deliver(entry);
    }
  }

  fail(error: unknown): void {
    this.end(error);
  }

  protected left(): void {
    this.group.remove(this);
    this.onEnd(this);
    this.markEnded();
  }

  /** Reads from the cursor until it reaches the group's head, then joins the group. */
  private async catchUp(): Promise<void> {
    try {
      while (!this.closed) {
        if (this.cursor >= this.group.head!) return this.group.sync(this);
        this.checkLag();
        const batch = await this.pages.page(this.runId, this.cursor, CATCH_UP_BATCH);
        if (batch.length === 0) await this.group.moved();
        for (const entry of batch) {
          if (this.sink.backlog >= this.maxLag) await this.roomOrTooSlow();
          if (this.closed) return;
          if (entry.seq === this.cursor + 1) this.deliver(entry);
        }
      }
    } catch (error) {
      this.end(error);
    }
  }

  /** Past its history, a watch may not fall more than maxLag entries behind the run. */
  private checkLag(): void {
    if (this.cursor >= this.historyEnd && this.group.target - this.cursor > this.maxLag) {
      throw new SubscriberTooSlowError(this.runId, this.lastVersion, this.cursor, this.maxLag);
    }
  }

  /** Waits for the consumer to make room; a consumer that stalls while the run moves on is too slow. */
  private async roomOrTooSlow(): Promise<void> {
    let roomy = false;
    const room = this.sink.below(this.maxLag).then(() => (roomy = true));
    while (!roomy && !this.closed) {
      this.checkLag();
      await Promise.race([room, this.group.moved()]);
    }
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
