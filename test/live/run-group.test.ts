// RunGroup on its own, over an in-memory ledger: one catch-up loop per run reads from the minimum
// cursor of its unsynced watches and serves all of them, a watch without room holds nobody back,
// and every entry reaches every watch exactly once and in order, whether catch-up or the live
// pass brought it, while commits land in the middle of a catch-up.
import { describe, expect, it } from "vitest";
import { InProcessChangeFeed } from "../../src/live/change-feed.js";
import { RunGroups, type GroupMember, type Positioned } from "../../src/live/run-group.js";

interface Entry extends Positioned {
  runId: string;
}

/** A run's ledger in memory; reads take a few milliseconds, as a database's would. */
function ledger(feed: InProcessChangeFeed, length: number) {
  const entries: Entry[] = Array.from({ length }, (_, seq) => ({ runId: "r", seq }));
  const reads: number[] = [];
  const groups = new RunGroups<Entry>(feed, {
    read: async (_runId, afterSeq, limit) => {
      reads.push(afterSeq);
      await new Promise((resolve) => setTimeout(resolve, 3));
      return entries.slice(afterSeq + 1, afterSeq + 1 + limit);
    },
    carried: (notice) => notice.entry as Entry | undefined,
    missing: async () => null,
  });
  const commit = (withEntry = true) => {
    const entry = { runId: "r", seq: entries.length };
    entries.push(entry);
    feed.publish({ runId: "r", seq: entry.seq, entry: withEntry ? (entry as never) : undefined });
  };
  return { entries, reads, groups, commit, head: () => entries.length - 1 };
}

/** A watch that records what it takes; `capacity` entries at a time until `free` is called. */
class Recorder implements GroupMember<Entry> {
  seqs: number[] = [];
  private waiting: (() => void)[] = [];
  constructor(
    public cursor: number,
    private capacity = Infinity,
  ) {}
  take(entries: readonly Entry[]): void {
    for (const entry of entries) if (entry.seq === this.cursor + 1) this.record(entry);
  }
  catchUp(page: readonly Entry[]): void {
    for (const entry of page) if (this.hasRoom && entry.seq === this.cursor + 1) this.record(entry);
  }
  get hasRoom(): boolean {
    return this.capacity > 0;
  }
  room(): Promise<void> {
    return this.hasRoom ? Promise.resolve() : new Promise((resolve) => this.waiting.push(resolve));
  }
  free(count: number): void {
    this.capacity += count;
    for (const resolve of this.waiting.splice(0)) resolve();
  }
  checkLag(): void {}
  last(): void {}
  fail(error: unknown): void {
    throw error;
  }
  private record(entry: Entry): void {
    this.cursor = entry.seq;
    this.seqs.push(entry.seq);
    this.capacity--;
  }
}

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
const until = async (done: () => boolean) => {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(done()).toBe(true);
};

describe("RunGroup", () => {
  it("catches up many watches at different cursors with one loop reading from the minimum cursor", async () => {
    const feed = new InProcessChangeFeed();
    const run = ledger(feed, 501); // seqs 0..500
    const group = run.groups.of("r");
    group.observeHead(run.head());
    const watches = Array.from({ length: 50 }, (_, i) => new Recorder(i * 10));
    for (const watch of watches) group.add(watch);
    await until(() => watches.every((watch) => watch.cursor === 500));
    // One page of 100 per hundred entries behind the lowest cursor: not one read per watch.
    expect(run.reads).toEqual([0, 100, 200, 300, 400]);
    for (const [i, watch] of watches.entries()) expect(watch.seqs).toEqual(range(i * 10 + 1, 500));
    // All synced now: new entries come from the live pass, carried by their notices, without a read.
    for (let i = 0; i < 5; i++) run.commit();
    await until(() => watches.every((watch) => watch.cursor === 505));
    expect(run.reads).toHaveLength(5);
    for (const watch of watches) expect(watch.seqs.slice(-5)).toEqual(range(501, 505));
  });

  it("lets a watch without room wait without holding the others back, and serves it from the page it stopped in", async () => {
    const feed = new InProcessChangeFeed();
    const run = ledger(feed, 101); // seqs 0..100
    const group = run.groups.of("r");
    group.observeHead(run.head());
    const slow = new Recorder(0, 10);
    const fast = new Recorder(0);
    group.add(slow);
    group.add(fast);
    await until(() => fast.cursor === 100);
    expect(slow.seqs).toEqual(range(1, 10));
    slow.free(1_000);
    await until(() => slow.cursor === 100);
    expect(slow.seqs).toEqual(range(1, 100));
    expect(run.reads).toEqual([0]); // the rest of the slow watch's page came from the loop's last page
  });

  it("delivers every entry exactly once and in order while commits land during catch-up, carried or not", async () => {
    const feed = new InProcessChangeFeed();
    const run = ledger(feed, 250);
    const group = run.groups.of("r");
    group.observeHead(run.head());
    const watches = [new Recorder(-1), new Recorder(120), new Recorder(248, 3)];
    for (const watch of watches) group.add(watch);
    for (let i = 0; i < 60; i++) {
      run.commit(i % 3 !== 0); // every third notice without its entry, as from another instance
      if (i % 7 === 0) await new Promise((resolve) => setTimeout(resolve, 2));
      if (i === 30) watches[2]!.free(1_000);
    }
    await until(() => watches.every((watch) => watch.cursor === run.head()));
    expect(watches[0]!.seqs).toEqual(range(0, run.head()));
    expect(watches[1]!.seqs).toEqual(range(121, run.head()));
    expect(watches[2]!.seqs).toEqual(range(249, run.head()));
  });

  // A watch reads the head, then its own start, then joins: a commit in between is announced to a
  // group with no member yet. It reached the runStateChanged watch only with the next commit
  // (in CI, under load, a subscriber waited 30 s for a version committed through its own instance).
  it.each([
    ["carried by its notice", true],
    ["announced without its entry", false],
  ])("hands a watch that joins at the head an entry committed while it was reading its start (%s)", async (_, carried) => {
    const feed = new InProcessChangeFeed();
    const run = ledger(feed, 3);
    const group = run.groups.of("r");
    const release = group.hold();
    group.observeHead(run.head());
    run.commit(carried);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const watch = new Recorder(2);
    group.add(watch);
    release();
    await until(() => watch.cursor === 3);
    expect(watch.seqs).toEqual([3]);
  });

  it("drops a group, and its feed subscription, when its last watch leaves", async () => {
    const feed = new InProcessChangeFeed();
    const run = ledger(feed, 3);
    const group = run.groups.of("r");
    const release = group.hold();
    group.observeHead(run.head());
    const watch = new Recorder(2);
    group.add(watch);
    release();
    expect(run.groups.of("r")).toBe(group);
    group.remove(watch);
    expect(run.groups.of("r")).not.toBe(group);
  });
});
