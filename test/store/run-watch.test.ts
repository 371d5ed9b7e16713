// The watcher's cursor logic against a real database, with a change feed that misbehaves on
// purpose: notices dropped, delayed and reordered must never cost a version or repeat one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InProcessChangeFeed, type LedgerNotice } from "../../src/store/change-feed.js";
import type { LedgerEntryRecord } from "../../src/store/records.js";
import { RunStore } from "../../src/store/run-store.js";
import { RunWatcher } from "../../src/store/run-watch.js";
import { backendName, openMigratedDatabase } from "../support/database.js";
import { producer, provenance, startInput } from "../support/fixtures.js";

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

  async function take(iterator: AsyncIterableIterator<LedgerEntryRecord>, count: number) {
    const seen: LedgerEntryRecord[] = [];
    while (seen.length < count) {
      const next = await iterator.next();
      if (next.done) break;
      seen.push(next.value);
    }
    await iterator.return?.();
    return seen;
  }

  it("delivers every version exactly once in order although notices are lost and reordered", async () => {
    const feed = new UnreliableFeed();
    const store = new RunStore(opened.db, feed);
    const watcher = new RunWatcher(store, feed);
    const { run } = await store.startRun(startInput);
    const iterator = await watcher.watch(run.id, 0);
    const received = take(iterator, 40);
    for (let version = 0; version < 40; version++) {
      await store.commitState({ runId: run.id, expectedVersion: version, operations: [{ op: "setUserVisibleStatus", args: { status: `v${version + 1}` } }], producer, provenance });
    }
    // The last notice may be one of the dropped ones; any later write wakes the watcher.
    await store.recordNoop({ runId: run.id, expectedVersion: 40, reason: "flush", producer, provenance });
    await store.recordNoop({ runId: run.id, expectedVersion: 40, reason: "flush", producer, provenance });
    const entries = await received;
    expect(entries.map((e) => e.stateVersion)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(watcher.openWatches).toBe(0);
  });

  it("completes open watches when closed (shutdown)", async () => {
    const feed = new InProcessChangeFeed();
    const store = new RunStore(opened.db, feed);
    const watcher = new RunWatcher(store, feed);
    const { run } = await store.startRun(startInput);
    const iterator = await watcher.watch(run.id, 0);
    const pending = iterator.next();
    await new Promise((resolve) => setTimeout(resolve, 50));
    watcher.closeAll();
    await expect(pending).resolves.toEqual({ done: true, value: undefined });
  });
});
