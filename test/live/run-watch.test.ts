// The watcher's cursor logic against a real database, with a change feed that misbehaves on
// purpose: notices dropped, delayed and reordered must never cost a version or repeat one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SubscriberTooSlowError } from "../../src/contracts/errors.js";
import { RunDeletedError } from "../../src/contracts/watch-errors.js";
import { InProcessChangeFeed, type LedgerNotice } from "../../src/live/change-feed.js";
import type { LedgerEntryRecord } from "../../src/db/records.js";
import { PostgresChangeFeed } from "../../src/live/postgres-change-feed.js";
import { RunStore } from "../../src/store/run-store.js";
import { RunWatcher } from "../../src/live/run-watch.js";
import { backendName, onPostgres, openMigratedDatabase } from "../support/database.js";
import { producer, provenance, startInput } from "../support/fixtures.js";

/** Can go deaf, as a feed whose connection is down, and later resync. */
class DeafeningFeed extends InProcessChangeFeed {
  deaf = false;
  override publish(notice: LedgerNotice): void {
    if (!this.deaf) super.publish(notice);
  }
  resync(runId: string, seq: number): void {
    super.publish({ runId, seq, resync: true });
  }
}

/** Notices without their entries, as from another instance's commits (NOTIFY carries run and seq only). */
class EntrylessFeed extends InProcessChangeFeed {
  override publish(notice: LedgerNotice): void {
    super.publish({ runId: notice.runId, seq: notice.seq });
  }
}

/** Drops every third notice, strips the entry from the rest and delivers them late and shuffled. */
class UnreliableFeed extends InProcessChangeFeed {
  private count = 0;
  override publish(notice: LedgerNotice): void {
    if (++this.count % 3 === 0) return;
    setTimeout(() => super.publish({ runId: notice.runId, seq: notice.seq }), Math.random() * 20);
  }
}

describe(`RunWatcher on ${backendName}`, () => {
  let opened: Awaited<ReturnType<typeof openMigratedDatabase>>;

  beforeAll(async () => {
    opened = await openMigratedDatabase();
  });
  afterAll(() => opened.dispose());

  async function take(iterator: AsyncIterableIterator<LedgerEntryRecord>, count: number, end = true) {
    const seen: LedgerEntryRecord[] = [];
    while (seen.length < count) {
      const next = await iterator.next();
      if (next.done) break;
      seen.push(next.value);
    }
    if (end) await iterator.return?.();
    return seen;
  }

  it("delivers every version exactly once in order although notices are lost and reordered", async () => {
    const feed = new UnreliableFeed();
    const store = new RunStore(opened.db, feed);
    const watcher = new RunWatcher(store, feed);
    const { run } = await store.startRun(startInput);
    const iterator = await watcher.watch(run.id, { afterVersion: 0 });
    const received = take(iterator, 40);
    for (let version = 0; version < 40; version++) {
      await store.commitState({
        runId: run.id,
        expectedVersion: version,
        operations: [{ op: "setUserVisibleStatus", args: { status: `v${version + 1}` } }],
        producer,
        provenance,
      });
    }
    // The last notice may be one of the dropped ones; any later write wakes the watcher.
    await store.recordNoop({ runId: run.id, expectedVersion: 40, reason: "flush", producer, provenance });
    await store.recordNoop({ runId: run.id, expectedVersion: 40, reason: "flush", producer, provenance });
    const entries = await received;
    expect(entries.map((e) => e.stateVersion)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(watcher.open.size).toBe(0);
  });

  const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

  async function commitMany(store: RunStore, runId: string, from: number, to: number) {
    for (let version = from; version < to; version++) {
      await store.commitState({
        runId,
        expectedVersion: version,
        operations: [{ op: "setUserVisibleStatus", args: { status: `v${version + 1}` } }],
        producer,
        provenance,
      });
    }
  }

  /** Reads until the stream ends; returns the versions and the error it ended with, if any. */
  async function drain(iterator: AsyncIterableIterator<LedgerEntryRecord>) {
    const versions: number[] = [];
    try {
      for await (const entry of iterator) versions.push(entry.stateVersion);
      return { versions, error: undefined };
    } catch (error) {
      return { versions, error };
    }
  }

  it("ends a consumer that stops reading once it is more than maxLag entries behind; others keep going", async () => {
    const feed = new InProcessChangeFeed();
    const store = new RunStore(opened.db, feed);
    const watcher = new RunWatcher(store, feed, { maxLag: 5 });
    const { run } = await store.startRun(startInput);
    const slow = await watcher.watch(run.id, { afterVersion: 0 });
    const fast = take(await watcher.watch(run.id, { afterVersion: 0 }), 20);
    await commitMany(store, run.id, 0, 1);
    expect((await slow.next()).value.stateVersion).toBe(1); // and then it stops reading
    await commitMany(store, run.id, 1, 20);
    expect((await fast).map((e) => e.stateVersion)).toEqual(range(1, 20));

    const { versions, error } = await drain(slow);
    expect(error).toBeInstanceOf(SubscriberTooSlowError);
    const tooSlow = error as SubscriberTooSlowError;
    expect(tooSlow).toMatchObject({ code: "ERR_SUBSCRIBER_TOO_SLOW", retryable: true, runId: run.id, maxLag: 5 });
    // What it was already handed still arrives, then the error names the last of it.
    expect([1, ...versions]).toEqual(range(1, tooSlow.lastDeliveredVersion));
    expect(tooSlow.lastDeliveredSeq).toBe(tooSlow.lastDeliveredVersion);
    expect(tooSlow.lastDeliveredVersion).toBeLessThan(20 - 5);
    expect(watcher.open.size).toBe(0);
  });

  it("does not hold history against a consumer: entries written before the watch, or announced late by a resync", async () => {
    const feed = new DeafeningFeed();
    const store = new RunStore(opened.db, feed);
    const watcher = new RunWatcher(store, feed, { maxLag: 5 });
    const { run } = await store.startRun(startInput);
    await commitMany(store, run.id, 0, 30);
    const iterator = await watcher.watch(run.id, { afterVersion: 0 });
    expect((await iterator.next()).value.stateVersion).toBe(1);
    await commitMany(store, run.id, 30, 31); // a live entry while the consumer is 29 entries into history
    expect((await take(iterator, 30, false)).map((e) => e.stateVersion)).toEqual(range(2, 31));

    feed.deaf = true; // ten writes nobody hears of, then the feed resyncs
    await commitMany(store, run.id, 31, 41);
    feed.deaf = false;
    feed.resync(run.id, 41);
    expect((await take(iterator, 10)).map((e) => e.stateVersion)).toEqual(range(32, 41));
  });

  it("feeds all the synced watches of a run from one ledger read per notice, as for commits made elsewhere", async () => {
    const feed = new EntrylessFeed();
    const store = new RunStore(opened.db, feed);
    const watcher = new RunWatcher(store, feed);
    const { run } = await store.startRun(startInput);
    const watches = await Promise.all(Array.from({ length: 50 }, () => watcher.watch(run.id, { afterVersion: 0 })));
    const received = watches.map((watch) => take(watch, 10));
    const before = watcher.groups.reads;
    for (let version = 0; version < 10; version++) {
      await commitMany(store, run.id, version, version + 1);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    for (const entries of await Promise.all(received)) expect(entries.map((e) => e.stateVersion)).toEqual(range(1, 10));
    expect(watcher.groups.reads - before).toBeLessThanOrEqual(10);
    expect(watcher.open.size).toBe(0);
  });

  it("ends a watch still reading an archived run's history with ERR_RUN_DELETED once the run is deleted", async () => {
    const feed = new InProcessChangeFeed();
    const store = new RunStore(opened.db, feed);
    const watcher = new RunWatcher(store, feed, { maxLag: 5 });
    const { run } = await store.startRun(startInput);
    await commitMany(store, run.id, 0, 150); // longer than one catch-up batch
    await store.archiveRun({ runId: run.id, expectedVersion: 150, reason: "done", producer, provenance });
    const watch = await watcher.watch(run.id, { afterVersion: 0 });
    expect((await watch.next()).value.stateVersion).toBe(1); // it reads the history at its own pace
    await store.deleteRun({ runId: run.id, expectedVersion: 150, reason: "retention", producer });
    const { versions, error } = await drain(watch);
    expect(error).toBeInstanceOf(RunDeletedError);
    expect(error).toMatchObject({ code: "ERR_RUN_DELETED", runId: run.id, lastSeq: 151 });
    // What it had read before the deletion still arrives, in order; the rest of the history is gone.
    expect(versions).toEqual(range(2, 1 + versions.length));
    expect(versions.length).toBeLessThan(149);
    expect(watcher.open.size).toBe(0);
    await expect(watcher.watch(run.id, { afterVersion: 0 })).rejects.toBeInstanceOf(RunDeletedError);
  });

  it("completes open watches when closed (shutdown)", async () => {
    const feed = new InProcessChangeFeed();
    const store = new RunStore(opened.db, feed);
    const watcher = new RunWatcher(store, feed);
    const { run } = await store.startRun(startInput);
    const iterator = await watcher.watch(run.id, { afterVersion: 0 });
    const pending = iterator.next();
    await new Promise((resolve) => setTimeout(resolve, 50));
    watcher.open.closeAll();
    await expect(pending).resolves.toEqual({ done: true, value: undefined });
  });
});

describe.skipIf(!onPostgres)("RunWatcher across instances on postgres: deletion", () => {
  let opened: Awaited<ReturnType<typeof openMigratedDatabase>>;
  const quiet = { warn: () => {}, info: () => {} };

  beforeAll(async () => {
    opened = await openMigratedDatabase();
  });
  afterAll(() => opened.dispose());

  /** A run with a history longer than one catch-up batch, archived, and a watch on it still reading. */
  async function watchedArchive(writer: RunStore, watcher: RunWatcher) {
    const { run } = await writer.startRun(startInput);
    for (let version = 0; version < 150; version++) {
      await writer.commitState({
        runId: run.id,
        expectedVersion: version,
        operations: [{ op: "setUserVisibleStatus", args: { status: `v${version + 1}` } }],
        producer,
        provenance,
      });
    }
    await writer.archiveRun({ runId: run.id, expectedVersion: 150, reason: "done", producer, provenance });
    const watch = await watcher.watch(run.id, { afterVersion: 0 });
    expect((await watch.next()).value.stateVersion).toBe(1);
    return { runId: run.id, watch };
  }

  async function endOf(watch: AsyncIterableIterator<LedgerEntryRecord>) {
    try {
      for await (const _ of watch);
      return undefined;
    } catch (error) {
      return error;
    }
  }

  it("ends a watch on instance A with ERR_RUN_DELETED when instance B deletes the run (NOTIFY)", async () => {
    const [feedA, feedB] = await Promise.all([
      PostgresChangeFeed.open(opened.db, { resyncMs: 0, logger: quiet }),
      PostgresChangeFeed.open(opened.db, { resyncMs: 0, logger: quiet }),
    ]);
    try {
      const watcher = new RunWatcher(new RunStore(opened.db, feedA), feedA, { maxLag: 5 });
      const storeB = new RunStore(opened.db, feedB);
      const { runId, watch } = await watchedArchive(storeB, watcher);
      await storeB.deleteRun({ runId, expectedVersion: 150, reason: "retention", producer });
      expect(await endOf(watch)).toMatchObject({ code: "ERR_RUN_DELETED", runId, lastSeq: 151 });
    } finally {
      await Promise.all([feedA.close(), feedB.close()]);
    }
  });

  it("ends it too when the deletion's NOTIFY never went out: A's periodic re-read of heads finds the run gone", async () => {
    const feedA = await PostgresChangeFeed.open(opened.db, { resyncMs: 200, logger: quiet });
    try {
      const watcher = new RunWatcher(new RunStore(opened.db, feedA), feedA, { maxLag: 5 });
      const silent = new RunStore(opened.db, new InProcessChangeFeed()); // announces nothing to A
      const { runId, watch } = await watchedArchive(silent, watcher);
      await silent.deleteRun({ runId, expectedVersion: 150, reason: "retention", producer });
      expect(await endOf(watch)).toMatchObject({ code: "ERR_RUN_DELETED", runId });
    } finally {
      await feedA.close();
    }
  });
});
