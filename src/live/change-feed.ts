// Tells watchers that a run's ledger grew. A notice only says "run R reached seq S";
// watchers read what they have not seen from the ledger, so a lost or reordered notice
// can delay a delivery but never lose or duplicate one.
import type { LedgerEntryRecord } from "../db/records.js";

export interface LedgerNotice {
  runId: string;
  seq: number;
  /** Present when the writer is in this process: saves the watcher a read. */
  entry?: LedgerEntryRecord;
  /**
   * The feed may have missed writes up to `seq` (it reconnected, or re-read the run's head).
   * The watcher catches up from the ledger, and that backlog is not held against a slow consumer.
   */
  resync?: boolean;
  /** The run may have been deleted (deleteRun): its watchers check, and end if it was. */
  gone?: boolean;
}

export type NoticeListener = (notice: LedgerNotice) => void;

/** A listener to every run's notices (runsChanged), which re-reads heads itself on `resync`. */
export interface FeedWideListener {
  notice: NoticeListener;
  /** The feed may have missed notices (it reconnected, or it is time for the periodic re-check). */
  resync(): void;
}

export interface ChangeFeed {
  publish(notice: LedgerNotice): void;
  subscribe(runId: string, listener: NoticeListener): () => void;
  /** Notices of every run. Such a listener cannot be told which runs moved, so it is told to re-check. */
  subscribeAll(listener: FeedWideListener): () => void;
  close(): Promise<void>;
}

/** Delivery within one process: enough for the embedded database. */
export class InProcessChangeFeed implements ChangeFeed {
  protected readonly listeners = new Map<string, Set<NoticeListener>>();
  protected readonly feedWide = new Set<FeedWideListener>();

  publish(notice: LedgerNotice): void {
    this.publishToRun(notice);
    this.publishToAll(notice);
  }

  protected publishToRun(notice: LedgerNotice): void {
    for (const listener of this.listeners.get(notice.runId) ?? []) listener(notice);
  }

  protected publishToAll(notice: LedgerNotice): void {
    for (const listener of this.feedWide) listener.notice(notice);
  }

  subscribeAll(listener: FeedWideListener): () => void {
    this.feedWide.add(listener);
    return () => this.feedWide.delete(listener);
  }

  subscribe(runId: string, listener: NoticeListener): () => void {
    let set = this.listeners.get(runId);
    if (!set) this.listeners.set(runId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(runId);
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
    this.feedWide.clear();
  }
}
