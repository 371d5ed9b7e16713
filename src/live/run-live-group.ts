// The watches of one run on this instance that are up to date: etcd's "synced" watcher group.
// The group listens to the change feed once for all of them and hands each new ledger entry to
// every synced watch in one synchronous pass, in order. An entry a notice carried (a commit made
// here) costs no read; one it did not carry (a commit on another instance, a resync) costs one
// ledger read for the whole group. Watches behind the group's head catch up by themselves
// (RunWatch) and join once they reach it; the group never hands out anything before its head,
// so every entry reaches a watch from exactly one of the two.
import { RunDeletedError } from "../contracts/watch-errors.js";
import type { ChangeFeed, LedgerNotice } from "./change-feed.js";
import type { LedgerEntryRecord } from "../db/records.js";
import type { SharedReads } from "./shared-reads.js";

const READ_BATCH = 100;
/** Entries carried by notices and kept until handed out; more are read back from the ledger. */
const MAX_CARRIED = 256;

export interface GroupMember {
  /**
   * The next entries, consecutive and in ledger order. `history`: announced by a resync, not
   * live. A pass is taken whole, so a consumer is judged by what it had not taken before it.
   */
  take(entries: readonly LedgerEntryRecord[], history: boolean): void;
  /** The group could not read the ledger: the watch ends with `error`. */
  fail(error: unknown): void;
}

export class RunLiveGroup {
  /** Every entry up to here has been handed to the synced members; undefined until the run's head is known. */
  head: number | undefined;
  /** The highest ledger position announced. */
  target = -1;
  /** Entries up to here were announced by a resync: history, not live writes. */
  historyMark = -1;
  private readonly synced = new Set<GroupMember>();
  private readonly members = new Set<GroupMember>();
  /** Entries carried by notices that are not handed out yet, by seq. */
  private readonly carried = new Map<number, LedgerEntryRecord>();
  private advancing = false;
  private scheduled = false;
  private movedWaiters: (() => void)[] = [];
  private readonly unsubscribe: () => void;

  constructor(
    readonly runId: string,
    feed: ChangeFeed,
    private readonly pages: SharedReads<LedgerEntryRecord>,
    /** Why the run is not there (deleted, or never existed), asked when a notice leads nowhere. */
    private readonly missingRunError: () => Promise<Error>,
    private readonly onEmpty: (group: RunLiveGroup) => void,
  ) {
    this.unsubscribe = feed.subscribe(runId, (notice) => this.onNotice(notice));
  }

  /** A watch of this run, synced or not: the group lives while it has any. */
  add(member: GroupMember): void {
    this.members.add(member);
  }

  remove(member: GroupMember): void {
    this.synced.delete(member);
    this.members.delete(member);
    if (this.members.size === 0) {
      this.unsubscribe();
      this.onEmpty(this);
    }
  }

  /** From now on `member` gets every entry after `head`. Its cursor must be at or past `head`. */
  sync(member: GroupMember): void {
    if (this.members.has(member)) this.synced.add(member);
  }

  unsync(member: GroupMember): void {
    this.synced.delete(member);
  }

  /** The run's head as a watch read it after the group subscribed: nothing before it is missed. */
  observeHead(seq: number): void {
    if (this.head === undefined) {
      this.head = seq;
      for (const carriedSeq of this.carried.keys()) if (carriedSeq <= seq) this.carried.delete(carriedSeq);
    }
    this.raiseTarget(seq);
  }

  /** Resolves when the head moves (or after a failed read), for a watch that found nothing to read. */
  moved(): Promise<void> {
    return new Promise((resolve) => this.movedWaiters.push(resolve));
  }

  private onNotice(notice: LedgerNotice): void {
    if (notice.resync) this.historyMark = Math.max(this.historyMark, notice.seq);
    // Bounded: whatever is not kept is read from the ledger.
    if (notice.entry && notice.seq > (this.head ?? -1) && this.carried.size < MAX_CARRIED) this.carried.set(notice.seq, notice.entry);
    this.raiseTarget(notice.seq);
  }

  private raiseTarget(seq: number): void {
    this.target = Math.max(this.target, seq);
    if (this.head === undefined || this.head >= this.target || this.scheduled) return;
    // Outside the publisher's call stack (a commit), but before anything else runs.
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      void this.advance();
    });
  }

  private async advance(): Promise<void> {
    if (this.advancing || this.head === undefined) return;
    this.advancing = true;
    try {
      while (this.head < this.target && this.members.size > 0) {
        const batch: LedgerEntryRecord[] = [];
        for (let seq = this.head + 1, entry; (entry = this.carried.get(seq)); seq++) batch.push(entry);
        if (batch.length === 0) batch.push(...(await this.pages.page(this.runId, this.head, READ_BATCH)));
        if (batch.length > 0 && batch[0]!.seq === this.head + 1) {
          this.handOut(batch);
          continue;
        }
        // A notice for an entry nobody can read must not make the group spin on it; it may mean
        // that the run was deleted, and then every watch of it ends.
        this.target = this.head;
        if (batch.length === 0 && (await this.wasDeleted())) break;
      }
    } catch (error) {
      this.target = this.head;
      for (const member of [...this.synced]) member.fail(error);
    } finally {
      this.advancing = false;
      this.notifyMoved();
    }
  }

  /** Ends every watch, synced or catching up, with ERR_RUN_DELETED if the run was deleted. */
  private async wasDeleted(): Promise<boolean> {
    const why = await this.missingRunError();
    if (!(why instanceof RunDeletedError)) return false;
    for (const member of [...this.members]) member.fail(why);
    return true;
  }

  /** Consecutive entries after the head, to every synced member in one pass. */
  private handOut(batch: LedgerEntryRecord[]): void {
    this.head = batch.at(-1)!.seq;
    for (const entry of batch) this.carried.delete(entry.seq);
    const history = batch[0]!.seq <= this.historyMark;
    for (const member of this.synced) member.take(batch, history);
    this.notifyMoved();
  }

  private notifyMoved(): void {
    if (this.movedWaiters.length === 0) return;
    const waiting = this.movedWaiters;
    this.movedWaiters = [];
    for (const resolve of waiting) resolve();
  }
}
