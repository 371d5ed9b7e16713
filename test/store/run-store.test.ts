import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { StateConflictError } from "../../src/contracts/errors.js";
import { locksOf } from "../../src/domain/operations/locks.js";
import { InProcessChangeFeed } from "../../src/live/change-feed.js";
import { RunStore } from "../../src/store/run-store.js";
import { verifyRun } from "../../src/store/verify-run.js";
import { backendName, openMigratedDatabase } from "../support/database.js";
import { producer, provenance, startInput } from "../support/fixtures.js";

describe(`RunStore on ${backendName}`, () => {
  let opened: Awaited<ReturnType<typeof openMigratedDatabase>>;
  let store: RunStore;

  beforeAll(async () => {
    opened = await openMigratedDatabase();
    store = new RunStore(opened.db, new InProcessChangeFeed());
  });
  afterAll(() => opened.dispose());

  it("starts a run at version 0 with a genesis ledger entry", async () => {
    const { run, entry } = await store.startRun(startInput);
    expect(run.stateVersion).toBe(0);
    expect(run.state.identity.state_version).toBe(0);
    expect(entry).toMatchObject({ seq: 0, stateVersion: 0, kind: "COMMIT" });
  });

  it("commits at the expected version, then refuses the stale writer", async () => {
    const { run } = await store.startRun(startInput);
    const ops = [{ op: "setPlan", args: { plan: { steps: ["reproduce"] } } }];
    const first = await store.commitState({ runId: run.id, expectedVersion: 0, operations: ops, producer, provenance });
    expect(first.run.stateVersion).toBe(1);
    expect(first.run.state.plan).toEqual({ steps: ["reproduce"] });
    const stale = store.commitState({ runId: run.id, expectedVersion: 0, operations: ops, producer, provenance });
    await expect(stale).rejects.toBeInstanceOf(StateConflictError);
    await expect(stale).rejects.toMatchObject({ expectedVersion: 0, currentVersion: 1, retryable: true });
  });

  // Group commit (src/store/commit-coalescer.ts): single commits that arrive together share
  // an append statement, and each is still judged and answered on its own.
  it("writes concurrent single commits in shared statements, each answered on its own", async () => {
    const runs = await Promise.all(Array.from({ length: 12 }, () => store.startRun(startInput)));
    const appends = vi.spyOn(opened.db.sql, "query");
    const status = (text: string) => [{ op: "setUserVisibleStatus", args: { status: text } }];
    try {
      const outcomes = await Promise.allSettled([
        ...runs.map(({ run }) =>
          store.commitState({ runId: run.id, expectedVersion: 0, operations: status(run.id), producer, provenance }),
        ),
        // A second writer on the first run, read at the same version: exactly one of the two wins.
        store.commitState({ runId: runs[0]!.run.id, expectedVersion: 0, operations: status("rival"), producer, provenance }),
        // Refused on its own, without taking the others down.
        store.commitState({
          runId: runs[1]!.run.id,
          expectedVersion: 0,
          operations: [{ op: "noSuchOperation", args: {} }],
          producer,
          provenance,
        }),
      ]);
      const appendStatements = appends.mock.calls.filter(
        ([statement]) => typeof statement !== "string" && /canon_append/.test(statement.name),
      );
      expect(appendStatements.length).toBeLessThan(runs.length);
      const [first, ...others] = outcomes.slice(0, runs.length);
      for (const outcome of others) expect(outcome).toMatchObject({ status: "fulfilled", value: { run: { stateVersion: 1 } } });
      const rival = outcomes[runs.length]!;
      expect([first!.status, rival.status].sort()).toEqual(["fulfilled", "rejected"]);
      const lost = [first, rival].find((outcome) => outcome!.status === "rejected") as PromiseRejectedResult;
      expect(lost.reason).toBeInstanceOf(StateConflictError);
      expect(outcomes[runs.length + 1]).toMatchObject({ status: "rejected", reason: { code: "ERR_INVALID_INPUT", retryable: false } });
      for (const { run } of runs) expect((await store.getRun(run.id))!.stateVersion).toBe(1);
    } finally {
      appends.mockRestore();
    }
  });

  // NOOPs do not move the version, so they race COMMITs at the same version and each other:
  // every one of them must still chain to the entry written just before it.
  it("keeps the ledger dense and the chain intact", async () => {
    const { run } = await store.startRun(startInput);
    let version = 0;
    const writers = Array.from({ length: 6 }, async (_, writer) => {
      for (let i = 0; i < 15; i++) {
        const expectedVersion = version;
        try {
          if ((writer + i) % 2 === 0) {
            await store.recordNoop({ runId: run.id, expectedVersion, reason: `w${writer} i${i}`, producer, provenance });
          } else {
            const result = await store.commitState({
              runId: run.id,
              expectedVersion,
              operations: [{ op: "setUserVisibleStatus", args: { status: `w${writer} i${i}` } }],
              producer,
              provenance,
            });
            version = Math.max(version, result.run.stateVersion);
          }
        } catch (error) {
          if (!(error instanceof StateConflictError)) throw error;
          version = Math.max(version, error.currentVersion);
        }
      }
    });
    await Promise.all(writers);
    const ledger = await opened.db.prisma.ledgerEntry.findMany({ where: { runId: run.id }, orderBy: { seq: "asc" } });
    expect(ledger.map((e) => e.seq)).toEqual(ledger.map((_, i) => i));
    for (let i = 1; i < ledger.length; i++) expect(ledger[i]!.parentHash).toEqual(ledger[i - 1]!.entryHash);
    expect(ledger.some((e) => e.kind === "NOOP")).toBe(true);
    const report = await verifyRun(store, run.id);
    expect(report).toMatchObject({ ok: true, checkedEntries: ledger.length });
  });
});

// Rule 1: the canonical state in the database outranks anything a process remembers. Two
// stores on one database stand for two Canon instances: each caches states by version, and
// neither cache may ever win over what the other committed.
describe(`canonical state outranks caches, on ${backendName}`, () => {
  let opened: Awaited<ReturnType<typeof openMigratedDatabase>>;
  let first: RunStore;
  let second: RunStore;

  beforeAll(async () => {
    opened = await openMigratedDatabase();
    first = new RunStore(opened.db, new InProcessChangeFeed());
    second = new RunStore(opened.db, new InProcessChangeFeed());
  });
  afterAll(() => opened.dispose());

  it("refuses a writer whose instance cached an older version, and reads the newer one", async () => {
    const { run } = await first.startRun(startInput);
    const status = (text: string) => [{ op: "setUserVisibleStatus", args: { status: text } }];
    await first.commitState({ runId: run.id, expectedVersion: 0, operations: status("cached by the first"), producer, provenance });
    // The second instance moves the run on; the first still holds version 1 in its cache.
    await second.commitState({ runId: run.id, expectedVersion: 1, operations: status("written by the second"), producer, provenance });
    const stale = first.commitState({ runId: run.id, expectedVersion: 1, operations: status("from memory"), producer, provenance });
    await expect(stale).rejects.toMatchObject({ code: "ERR_STATE_CONFLICT", currentVersion: 2 });
    const read = await first.requireRun(run.id);
    expect(read.stateVersion).toBe(2);
    expect(read.state.user_visible_status).toBe("written by the second");
    const next = await first.commitState({
      runId: run.id,
      expectedVersion: 2,
      operations: status("after re-reading"),
      producer,
      provenance,
    });
    expect(next.run.state.user_visible_status).toBe("after re-reading");
    expect((await verifyRun(first, run.id)).ok).toBe(true);
  });
});

// Commit times are the database's, not each instance's (issue 17): an instance whose clock runs
// an hour behind still appends entries no earlier than the ones before them, and the ledger
// still verifies (a lock's expiry is computed from the recorded time).
describe(`commit times on ${backendName}`, () => {
  let opened: Awaited<ReturnType<typeof openMigratedDatabase>>;
  let onTime: RunStore;
  let behind: RunStore;

  beforeAll(async () => {
    opened = await openMigratedDatabase();
    onTime = new RunStore(opened.db, new InProcessChangeFeed());
    behind = new RunStore(opened.db, new InProcessChangeFeed());
  });
  afterAll(() => {
    vi.useRealTimers();
    return opened.dispose();
  });

  /** Runs `work` as an instance whose clock is an hour slow. */
  async function anHourSlow<T>(work: () => Promise<T>): Promise<T> {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() - 3_600_000);
    try {
      return await work();
    } finally {
      vi.useRealTimers();
    }
  }

  it("never go back along a ledger, whichever instance writes", async () => {
    const { run } = await onTime.startRun(startInput);
    const status = (text: string) => [{ op: "setUserVisibleStatus", args: { status: text } }];
    const takeLock = [{ op: "acquireLock", args: { resource: "fs:src/a.ts", ttlMs: 60_000 } }];
    let version = 0;
    const write = async (store: RunStore, operations: { op: string; args: Record<string, unknown> }[]) =>
      (await store.commitState({ runId: run.id, expectedVersion: version++, operations, producer, provenance })).entry.createdAt;
    const times: Date[] = [];
    times.push(await write(onTime, status("a")));
    times.push(await anHourSlow(() => write(behind, status("b"))));
    times.push(await anHourSlow(() => write(behind, takeLock)));
    times.push(
      (await anHourSlow(() => behind.recordNoop({ runId: run.id, expectedVersion: version, reason: "looked", producer, provenance }))).entry
        .createdAt,
    );
    times.push(await write(onTime, status("c")));
    const stored = (await onTime.history(run.id, { first: 10 })).entries.map((entry) => entry.createdAt.getTime());
    expect(stored).toEqual([...stored].sort((x, y) => x - y));
    expect(stored.slice(1)).toEqual(times.map((time) => time.getTime()));
    // The lock was taken at the recorded time, not at the slow instance's.
    const [lock] = locksOf((await onTime.requireRun(run.id)).state);
    expect(lock!.acquired_at).toBe(times[2]!.toISOString());
    expect((await verifyRun(onTime, run.id)).ok).toBe(true);
  });
});
