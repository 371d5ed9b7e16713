// The watches of one run on this instance, shaped like etcd's watchable store
// (server/storage/mvcc/watchable_store.go): a **synced** group, up to date, which gets each new
// entry in one synchronous pass, and an **unsynced** group, behind, served by one catch-up loop.
// The loop reads pages from the minimum cursor among its unsynced watches (as etcd reads once
// from the minimum revision of its unsynced watchers) and hands each watch the entries past its
// own cursor; a watch that reaches the group's head moves to the synced group. The live pass
// never hands out anything at or before the head, and a watch joins the synced group only at or
// past it, so every entry reaches a watch from exactly one of the two; its cursor (the last
// delivered seq) settles every delivery.
//
// The group listens to the change feed once for all its watches. An entry a notice carried (a
// commit made here) costs no read; one it did not carry (another instance's commit, a resync)
// costs one read for the whole synced group. runStateChanged watches (run-watch.ts) and the runs
// a runsChanged subscription follows (runs-watch.ts) are both members; they differ in what an
// entry is (a full ledger entry, or a summary) and in what they do with it.
import type { ChangeFeed, LedgerNotice } from "./change-feed.js";

export interface Positioned {
  seq: number;
}

export const READ_BATCH = 100;
/** Entries carried by notices and kept until handed out; more are read back from the ledger. */
const MAX_CARRIED = 256;
/** The newest entries handed out, kept for watches that join a little behind the head (entries carry states). */
const KEEP_RECENT = 8;

export interface GroupMember<T> {
  /** The last seq delivered (or skipped as not asked for). */
  readonly cursor: number;
  /**
   * Live: the next entries, consecutive and in ledger order. `history`: announced by a resync,
   * not live. A pass is taken whole, so a consumer is judged by what it had not taken before it.
   */
  take(entries: readonly T[], history: boolean): void;
  /** Catching up: takes the entries past its cursor from `page`, as many as its consumer has room for. */
  catchUp(page: readonly T[]): void;
  /** Whether its consumer has room for a catch-up entry now; if not, `room()` resolves when it has. */
  readonly hasRoom: boolean;
  room(): Promise<void>;
  /** Called on every turn of the catch-up loop: a watch that fell too far behind the run ends itself here. */
  checkLag(): void;
  /** The run's last event (runsChanged: its deletion), when the run is gone. */
  last(entry: T): void;
  /** The group could not read the ledger, or the run was deleted: the watch ends with `error`. */
  fail(error: unknown): void;
}

/** What the group reads; one per kind of member (ledger entries, or runsChanged summaries). */
export interface GroupSource<T> {
  /** Entries with seq > afterSeq, oldest first, at most `limit`. */
  read(runId: string, afterSeq: number, limit: number): Promise<T[]>;
  /** The entry a notice carried, when it is what the members take. */
  carried?(notice: LedgerNotice): T | undefined;
  /**
   * Nothing where the ledger should have entries: the run may have been deleted. `end`: every
   * watch ends with it; `last`: every watch gets it as the run's last event; null: the run is there.
   */
  missing(runId: string): Promise<{ end: Error } | { last: T } | null>;
}

export class RunGroup<T extends Positioned> {
  /** Every entry up to here has been handed to the synced members; undefined until the run's head is known. */
  head: number | undefined;
  /** The highest ledger position announced. */
  target = -1;
  /** Entries up to here were announced by a resync: history, not live writes. */
  historyMark = -1;
  private readonly synced = new Set<GroupMember<T>>();
  private readonly unsynced = new Set<GroupMember<T>>();
  /** Entries carried by notices that are not handed out yet, by seq. */
  private readonly carried = new Map<number, T>();
  private advancing = false;
  private scheduled = false;
  private catching = false;
  /** The catch-up loop's last page: members that had room for part of it take the rest from here. */
  private page: readonly T[] = [];
  /** The newest entries the live pass handed out, oldest first. */
  private recent: T[] = [];
  private movedWaiters: (() => void)[] = [];
  /** Watches still reading their start (hold). */
  private holds = 0;
  private dropped = false;
  private readonly unsubscribe: () => void;

  constructor(
    readonly runId: string,
    feed: ChangeFeed,
    private readonly source: GroupSource<T>,
    private readonly onEmpty: (group: RunGroup<T>) => void,
  ) {
    this.unsubscribe = feed.subscribe(runId, (notice) => this.onNotice(notice));
  }

  get size(): number {
    return this.synced.size + this.unsynced.size;
  }

  /**
   * Keeps the group (and its feed subscription) while a watch reads the run's head and its own
   * start, before it is added; the returned function lets go.
   */
  hold(): () => void {
    this.holds++;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.holds--;
      this.dropIfEmpty();
    };
  }

  /** A watch, its cursor set, starts unsynced and joins the synced group once its cursor reaches the head. */
  add(member: GroupMember<T>): void {
    this.unsynced.add(member);
    this.catchUpSoon();
  }

  remove(member: GroupMember<T>): void {
    const was = this.synced.delete(member) || this.unsynced.delete(member);
    if (!was) return;
    this.notifyMoved();
    this.dropIfEmpty();
  }

  private dropIfEmpty(): void {
    if (this.size > 0 || this.holds > 0 || this.dropped) return;
    this.dropped = true;
    this.unsubscribe();
    this.onEmpty(this);
  }

  /** Back to catching up at its consumer's pace (a synced watch whose consumer a late backlog would overflow). */
  unsync(member: GroupMember<T>): void {
    if (!this.synced.delete(member)) return;
    this.unsynced.add(member);
    this.catchUpSoon();
  }

  /** The run's head as read after the group subscribed: nothing after it is missed. The first one read counts. */
  observeHead(seq: number): void {
    if (this.head === undefined) {
      this.head = seq;
      for (const carriedSeq of this.carried.keys()) if (carriedSeq <= seq) this.carried.delete(carriedSeq);
      this.catchUpSoon();
    }
    this.raiseTarget(seq);
  }

  /** The run reached `seq` (a runsChanged re-check); `history`: not a live write. */
  announce(seq: number, history: boolean): void {
    this.onNotice({ runId: this.runId, seq, resync: history });
  }

  /** Resolves when the head moves, a member comes or goes, or a read failed. */
  moved(): Promise<void> {
    return new Promise((resolve) => this.movedWaiters.push(resolve));
  }

  private onNotice(notice: LedgerNotice): void {
    if (notice.resync) this.historyMark = Math.max(this.historyMark, notice.seq);
    const entry = notice.entry && this.source.carried?.(notice);
    // Bounded: whatever is not kept is read from the ledger.
    if (entry && notice.seq > (this.head ?? -1) && this.carried.size < MAX_CARRIED) this.carried.set(notice.seq, entry);
    this.raiseTarget(notice.seq);
  }

  private raiseTarget(seq: number): void {
    this.target = Math.max(this.target, seq);
    this.advanceSoon();
  }

  /**
   * Runs the live pass if something announced is past the head. Also called when a watch joins
   * the synced group: a notice that came while the group had no member (a watch reading its
   * start) leaves the pass undone, and the watch, at the head, would wait for the next commit.
   */
  private advanceSoon(): void {
    if (this.head === undefined || this.head >= this.target || this.scheduled) return;
    // Outside the publisher's call stack (a commit), but before anything else runs.
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      void this.advance();
    });
  }

  /** The live pass: entries after the head, carried or read once, to every synced member. */
  private async advance(): Promise<void> {
    if (this.advancing || this.head === undefined) return;
    this.advancing = true;
    try {
      while (this.head < this.target && this.size > 0) {
        const batch: T[] = [];
        for (let seq = this.head + 1, entry; (entry = this.carried.get(seq)); seq++) batch.push(entry);
        if (batch.length === 0) batch.push(...(await this.source.read(this.runId, this.head, READ_BATCH)));
        if (batch.length > 0 && batch[0]!.seq === this.head + 1) {
          this.handOut(batch);
          continue;
        }
        // A notice for an entry nobody can read must not make the group spin on it; it may mean
        // that the run was deleted, and then every watch of it ends.
        this.target = this.head;
        if (batch.length === 0 && (await this.ended())) break;
      }
    } catch (error) {
      this.target = this.head;
      for (const member of [...this.synced]) member.fail(error);
    } finally {
      this.advancing = false;
      this.notifyMoved();
    }
  }

  /** Consecutive entries after the head, to every synced member in one pass. */
  private handOut(batch: T[]): void {
    this.head = batch.at(-1)!.seq;
    for (const entry of batch) this.carried.delete(entry.seq);
    this.recent = [...this.recent, ...batch].slice(-KEEP_RECENT);
    const history = batch[0]!.seq <= this.historyMark;
    for (const member of this.synced) member.take(batch, history);
    this.notifyMoved();
  }

  private catchUpSoon(): void {
    this.notifyMoved();
    if (!this.catching && this.unsynced.size > 0 && this.head !== undefined) void this.catchUp();
  }

  /**
   * The one catch-up loop of the run: reads from the minimum cursor among the unsynced members
   * that have room, hands each the entries past its own cursor, and moves those that reach the
   * head to the synced group. A member without room does not hold the others back.
   */
  private async catchUp(): Promise<void> {
    this.catching = true;
    try {
      while (this.unsynced.size > 0) {
        const ready = this.readyMembers();
        if (ready.length === 0) {
          if (this.unsynced.size === 0) break;
          await Promise.race([this.moved(), ...[...this.unsynced].map((member) => member.room())]);
          continue;
        }
        const page = await this.pageAfter(Math.min(...ready.map((member) => member.cursor)));
        if (page.length === 0) {
          // The ledger has nothing where the head says it has: the run may have been deleted.
          if (!(await this.ended())) await this.moved();
          continue;
        }
        for (const member of ready) if (this.unsynced.has(member)) member.catchUp(page);
      }
    } catch (error) {
      for (const member of [...this.unsynced]) member.fail(error);
    } finally {
      this.catching = false;
      this.page = [];
    }
    // A member that came while the loop was finishing.
    if (this.unsynced.size > 0) this.catchUpSoon();
  }

  /** Moves members at the head to the synced group; returns those with room to catch up. */
  private readyMembers(): GroupMember<T>[] {
    const ready: GroupMember<T>[] = [];
    for (const member of [...this.unsynced]) {
      if (member.cursor >= this.head!) {
        this.unsynced.delete(member);
        this.synced.add(member);
        this.advanceSoon();
        continue;
      }
      member.checkLag(); // may end it, and so remove it
      if (this.unsynced.has(member) && member.hasRoom) ready.push(member);
    }
    return ready;
  }

  /**
   * Entries after `afterSeq`: from the last page or the newest entries handed out when they hold
   * the next one (entries never change once written), else one read.
   */
  private async pageAfter(afterSeq: number): Promise<readonly T[]> {
    for (const kept of [this.page, this.recent]) {
      const index = kept.findIndex((entry) => entry.seq === afterSeq + 1);
      if (index >= 0) return kept.slice(index);
    }
    this.page = await this.source.read(this.runId, afterSeq, READ_BATCH);
    return this.page;
  }

  /** Whether the run is gone; if so, every member has been told (ended, or handed the last event). */
  private async ended(): Promise<boolean> {
    const missing = await this.source.missing(this.runId);
    if (!missing) return false;
    // What was kept of a deleted run must not be served to anyone resuming it.
    this.recent = [];
    this.page = [];
    for (const member of [...this.synced, ...this.unsynced]) {
      if ("end" in missing) member.fail(missing.end);
      else member.last(missing.last);
    }
    return true;
  }

  private notifyMoved(): void {
    if (this.movedWaiters.length === 0) return;
    const waiting = this.movedWaiters;
    this.movedWaiters = [];
    for (const resolve of waiting) resolve();
  }
}

/** The groups of one kind of member on this instance, by run: created on first use, dropped when empty. */
export class RunGroups<T extends Positioned> {
  private readonly groups = new Map<string, RunGroup<T>>();
  /** Ledger reads made by the groups, for the benchmark and tests. */
  reads = 0;
  private readonly counted: GroupSource<T>;

  constructor(
    private readonly feed: ChangeFeed,
    source: GroupSource<T>,
  ) {
    this.counted = {
      ...source,
      read: (runId, afterSeq, limit) => {
        this.reads++;
        return source.read(runId, afterSeq, limit);
      },
    };
  }

  /** The run's group; a new one subscribes to the feed before anyone reads the run's head. */
  of(runId: string): RunGroup<T> {
    let group = this.groups.get(runId);
    if (!group) {
      group = new RunGroup(runId, this.feed, this.counted, (empty) => {
        if (this.groups.get(runId) === empty) this.groups.delete(runId);
      });
      this.groups.set(runId, group);
    }
    return group;
  }
}
