// RunsWatcher against a real database: a deleted run's last event is its deletion, however the
// watcher hears of it, from the deleting instance's notice or only from a later re-check.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InProcessChangeFeed } from "../../src/store/change-feed.js";
import { ArchivingRunStore } from "../../src/store/run-archive-store.js";
import { RunChangeReader, type RunChangeRecord } from "../../src/store/run-changes.js";
import { RunsWatcher } from "../../src/store/runs-watch.js";
import { backendName, openMigratedDatabase } from "../support/database.js";
import { producer, provenance, startInput } from "../support/fixtures.js";

/** A feed whose feed-wide listeners can be told to re-check, as PostgreSQL's periodic resync does. */
class RecheckingFeed extends InProcessChangeFeed {
  recheck(): void {
    for (const listener of this.feedWide) listener.resync();
  }
}

describe(`RunsWatcher on ${backendName}: deleted runs`, () => {
  let opened: Awaited<ReturnType<typeof openMigratedDatabase>>;

  beforeAll(async () => {
    opened = await openMigratedDatabase();
  });
  afterAll(() => opened.dispose());

  async function take(iterator: AsyncIterableIterator<RunChangeRecord>, count: number) {
    const seen: RunChangeRecord[] = [];
    while (seen.length < count) {
      const next = await iterator.next();
      if (next.done) break;
      seen.push(next.value);
    }
    return seen;
  }

  /** A run with one commit, archived, followed from its first entry by `watcher`. */
  async function archivedAndWatched(store: ArchivingRunStore, watcher: RunsWatcher) {
    const { run } = await store.startRun(startInput);
    const iterator = await watcher.watch({ scope: { taskId: null, runIds: [run.id] }, status: null, after: [{ runId: run.id, seq: -1 }] });
    await store.commitState({ runId: run.id, expectedVersion: 0, operations: [{ op: "setUserVisibleStatus", args: { status: "v1" } }], producer, provenance });
    await store.archiveRun({ runId: run.id, expectedVersion: 1, reason: "done", producer, provenance });
    expect((await take(iterator, 3)).map((change) => [change.seq, change.kind, change.archived])).toEqual([[0, "COMMIT", false], [1, "COMMIT", false], [2, "NOOP", true]]);
    return { runId: run.id, iterator };
  }

  it("delivers the deletion after the archive when this instance deletes the run", async () => {
    const feed = new RecheckingFeed();
    const store = new ArchivingRunStore(opened.db, feed);
    const watcher = new RunsWatcher(new RunChangeReader(opened.db), feed);
    const { runId, iterator } = await archivedAndWatched(store, watcher);
    await store.deleteRun({ runId, expectedVersion: 1, reason: "retention", producer });
    const [deletion] = await take(iterator, 1);
    expect(deletion).toMatchObject({ runId, seq: 3, stateVersion: 1, kind: "DELETE", status: "ARCHIVED", archived: false, producer });
    await iterator.return?.();
  });

  it("delivers it once a re-check finds the tombstone when the deletion's notice was lost", async () => {
    const feed = new RecheckingFeed();
    const store = new ArchivingRunStore(opened.db, feed);
    const silent = new ArchivingRunStore(opened.db, new InProcessChangeFeed()); // tells this watcher nothing
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
