// RunsWatcher against a real database: writes the feed never announced reach every subscription
// through one shared re-check of the heads, each subscription keeping its own scope's; a deleted
// run's last event is its deletion, however the watcher hears of it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InProcessChangeFeed } from "../../src/live/change-feed.js";
import { RunStore } from "../../src/store/run-store.js";
import { RunChangeReader, type RunChangeRecord, type RunScope } from "../../src/live/run-changes.js";
import { RunsWatcher } from "../../src/live/runs-watch.js";
import { PostgresChangeFeed } from "../../src/live/postgres-change-feed.js";
import { backendName, onPostgres, openMigratedDatabase } from "../support/database.js";
import { producer, provenance, startInput } from "../support/fixtures.js";

/** A feed whose feed-wide listeners can be told to re-check, as PostgreSQL's periodic resync does. */
class RecheckingFeed extends InProcessChangeFeed {
  recheck(): void {
    for (const listener of this.feedWide) listener.resync();
  }
}

async function take(iterator: AsyncIterableIterator<RunChangeRecord>, count: number) {
  const seen: RunChangeRecord[] = [];
  while (seen.length < count) {
    const next = await iterator.next();
    if (next.done) break;
    seen.push(next.value);
  }
  return seen;
}

/** Counts the re-checks' reads of heads (those with a `since`) and the subscriptions' start-up reads done. */
class CountingReader extends RunChangeReader {
  rechecks = 0;
  started = 0;
  override async heads(scope: RunScope, updatedSince: Date | null) {
    if (updatedSince) this.rechecks++;
    const heads = await super.heads(scope, updatedSince);
    if (!updatedSince) this.started++;
    return heads;
  }
}

describe(`RunsWatcher on ${backendName}: deleted runs`, () => {
  let opened: Awaited<ReturnType<typeof openMigratedDatabase>>;

  beforeAll(async () => {
    opened = await openMigratedDatabase();
  });
  afterAll(() => opened.dispose());

  /** A run with one commit, archived, followed from its first entry by `watcher`. */
  async function archivedAndWatched(store: RunStore, watcher: RunsWatcher) {
    const { run } = await store.startRun(startInput);
    const iterator = await watcher.watch({ scope: { taskId: null, runIds: [run.id] }, status: null, after: [{ runId: run.id, seq: -1 }] });
    await store.commitState({
      runId: run.id,
      expectedVersion: 0,
      operations: [{ op: "setUserVisibleStatus", args: { status: "v1" } }],
      producer,
      provenance,
    });
    await store.archiveRun({ runId: run.id, expectedVersion: 1, reason: "done", producer, provenance });
    expect((await take(iterator, 3)).map((change) => [change.seq, change.kind, change.archived])).toEqual([
      [0, "COMMIT", false],
      [1, "COMMIT", false],
      [2, "NOOP", true],
    ]);
    return { runId: run.id, iterator };
  }

  it("delivers the deletion after the archive when this instance deletes the run", async () => {
    const feed = new RecheckingFeed();
    const store = new RunStore(opened.db, feed);
    const watcher = new RunsWatcher(new RunChangeReader(opened.db), feed);
    const { runId, iterator } = await archivedAndWatched(store, watcher);
    await store.deleteRun({ runId, expectedVersion: 1, reason: "retention", producer });
    const [deletion] = await take(iterator, 1);
    expect(deletion).toMatchObject({ runId, seq: 3, stateVersion: 1, kind: "DELETE", status: "ARCHIVED", archived: false, producer });
    await iterator.return?.();
  });

  it("delivers it once a re-check finds the tombstone when the deletion's notice was lost", async () => {
    const feed = new RecheckingFeed();
    const store = new RunStore(opened.db, feed);
    const silent = new RunStore(opened.db, new InProcessChangeFeed()); // tells this watcher nothing
    const watcher = new RunsWatcher(new RunChangeReader(opened.db), feed);
    const { runId, iterator } = await archivedAndWatched(store, watcher);
    await silent.deleteRun({ runId, expectedVersion: 1, reason: "retention", producer });
    const next = iterator.next();
    const nothing = Symbol("nothing yet");
    expect(await Promise.race([next, new Promise((resolve) => setTimeout(() => resolve(nothing), 100))])).toBe(nothing);
    feed.recheck();
    expect((await next).value).toMatchObject({ runId, seq: 3, kind: "DELETE" });
    // Once: a second re-check finds the same tombstone and delivers nothing more.
    feed.recheck();
    const after = iterator.next();
    expect(await Promise.race([after, new Promise((resolve) => setTimeout(() => resolve(nothing), 200))])).toBe(nothing);
    await iterator.return?.();
  });
});

describe(`RunsWatcher on ${backendName}: re-checks`, () => {
  let opened: Awaited<ReturnType<typeof openMigratedDatabase>>;

  beforeAll(async () => {
    opened = await openMigratedDatabase();
  });
  afterAll(() => opened.dispose());

  it("re-reads the heads once for all subscriptions, and each takes what its scope holds", async () => {
    const feed = new RecheckingFeed();
    const store = new RunStore(opened.db, feed);
    const silent = new RunStore(opened.db, new InProcessChangeFeed()); // writes this watcher never hears of
    const reader = new CountingReader(opened.db);
    const watcher = new RunsWatcher(reader, feed);
    const [a, b] = [(await store.startRun(startInput)).run, (await store.startRun(startInput)).run];
    const byTask = await Promise.all(
      Array.from({ length: 10 }, () => watcher.watch({ scope: { taskId: a.taskId, runIds: null }, status: null, after: [] })),
    );
    const byRuns = await Promise.all(
      Array.from({ length: 10 }, () => watcher.watch({ scope: { taskId: null, runIds: [b.id] }, status: null, after: [] })),
    );
    const everything = await watcher.watch({ scope: { taskId: null, runIds: null }, status: null, after: [] });
    // A subscription starts when it is first read; once it has read its heads, it misses nothing.
    const firsts = [...byTask, ...byRuns, everything].map((iterator) => iterator.next());
    await expect.poll(() => reader.started).toBe(21);
    for (const run of [a, b]) {
      await silent.commitState({
        runId: run.id,
        expectedVersion: 0,
        operations: [{ op: "setUserVisibleStatus", args: { status: "v1" } }],
        producer,
        provenance,
      });
    }
    feed.recheck();
    const got = (await Promise.all(firsts)).map((next) => [next.value.runId, next.value.seq]);
    expect(got.slice(0, 10)).toEqual(Array(10).fill([a.id, 1]));
    expect(got.slice(10, 20)).toEqual(Array(10).fill([b.id, 1]));
    const second = (await take(everything, 1))[0]!;
    expect([got[20], [second.runId, second.seq]].sort()).toEqual(
      [
        [a.id, 1],
        [b.id, 1],
      ].sort(),
    );
    expect(reader.rechecks).toBe(1);
    for (const iterator of [...byTask, ...byRuns, everything]) await iterator.return?.();
    expect(watcher.open.size).toBe(0);
  });
});

describe(`RunsWatcher on ${backendName}: one catch-up loop per run`, () => {
  let opened: Awaited<ReturnType<typeof openMigratedDatabase>>;

  beforeAll(async () => {
    opened = await openMigratedDatabase();
  });
  afterAll(() => opened.dispose());

  it("resumes many subscriptions of one run from different positions with reads from the lowest, each change once, in order", async () => {
    const feed = new InProcessChangeFeed();
    const store = new RunStore(opened.db, feed);
    // The catch-up reads wait until all twenty subscriptions have joined the run's group, so the
    // bound below tests the sharing, not how fast this machine is: a subscription registers when
    // it is first read from, after reading the run's head, and under load those that arrived one
    // by one during the reads made 14 to 22 of them.
    class GatedReader extends RunChangeReader {
      override async changes(runId: string, afterSeq: number, limit: number) {
        for (let waited = 0; watcher.groups.of(runId).size < starts.length && waited < 5_000; waited += 5)
          await new Promise((resolve) => setTimeout(resolve, 5));
        return super.changes(runId, afterSeq, limit);
      }
    }
    const starts = Array.from({ length: 20 }, (_, i) => i * 7);
    const watcher = new RunsWatcher(new GatedReader(opened.db), feed);
    const { run } = await store.startRun(startInput);
    for (let version = 0; version < 150; version++) {
      await store.commitState({
        runId: run.id,
        expectedVersion: version,
        operations: [{ op: "setUserVisibleStatus", args: { status: `v${version + 1}` } }],
        producer,
        provenance,
      });
    }
    const subscriptions = await Promise.all(
      starts.map((seq) => watcher.watch({ scope: { taskId: null, runIds: [run.id] }, status: null, after: [{ runId: run.id, seq }] })),
    );
    const seqs = await Promise.all(
      subscriptions.map(async (subscription, i) => (await take(subscription, 150 - starts[i]!)).map((c) => c.seq)),
    );
    for (const [i, got] of seqs.entries()) expect(got).toEqual(Array.from({ length: 150 - starts[i]! }, (_, k) => starts[i]! + 1 + k));
    // Pages of 100 from the lowest cursor, shared by all twenty: not a read per subscription (20 to
    // 40 reads). With every subscription waiting when the loop starts, two pages and the empty
    // read that says it caught up; the bound leaves room for a subscription the loop meets late.
    expect(watcher.groups.reads).toBeLessThanOrEqual(5);
    for (const subscription of subscriptions) await subscription.return();
    expect(watcher.open.size).toBe(0);
  });
});

describe.skipIf(!onPostgres)("RunsWatcher across instances on postgres: deletion", () => {
  let opened: Awaited<ReturnType<typeof openMigratedDatabase>>;
  const quiet = { warn: () => {}, info: () => {} };

  beforeAll(async () => {
    opened = await openMigratedDatabase();
  });
  afterAll(() => opened.dispose());

  it("delivers instance B's deletion to a dashboard on instance A through NOTIFY", async () => {
    const [feedA, feedB] = await Promise.all([
      PostgresChangeFeed.open(opened.db, { resyncMs: 0, logger: quiet }),
      PostgresChangeFeed.open(opened.db, { resyncMs: 0, logger: quiet }),
    ]);
    try {
      const storeB = new RunStore(opened.db, feedB);
      const watcher = new RunsWatcher(new RunChangeReader(opened.db), feedA);
      const { run } = await storeB.startRun(startInput);
      const iterator = await watcher.watch({
        scope: { taskId: run.taskId, runIds: null },
        status: null,
        after: [{ runId: run.id, seq: -1 }],
      });
      await storeB.archiveRun({ runId: run.id, expectedVersion: 0, reason: "done", producer, provenance });
      expect((await take(iterator, 2)).map((change) => [change.seq, change.kind])).toEqual([
        [0, "COMMIT"],
        [1, "NOOP"],
      ]);
      await storeB.deleteRun({ runId: run.id, expectedVersion: 0, reason: "retention", producer });
      expect((await take(iterator, 1))[0]).toMatchObject({ runId: run.id, seq: 2, kind: "DELETE", taskId: run.taskId });
      await iterator.return?.();
    } finally {
      await Promise.all([feedA.close(), feedB.close()]);
    }
  });
});
