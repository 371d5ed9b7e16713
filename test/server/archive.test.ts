// archiveRun: a compare-and-swap write recorded in the ledger; the run refuses later writes with
// ERR_RUN_ARCHIVED, and its watches end with ERR_RUN_ARCHIVED right after the archive entry.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportRun, importRun } from "../../src/store/run-transfer.js";
import { backendName, openMigratedDatabase } from "../support/database.js";
import { collect, startTestCanon, type TestCanon } from "../support/canon.js";
import { COMMIT, RUNS_CHANGED, setStatus, startRun, WHO, type RunsChangedEvent } from "../support/operations.js";

const ARCHIVE = `mutation Archive($runId: ID!, $expectedVersion: Int!, $idempotencyKey: String) {
  archiveRun(input: { runId: $runId, expectedVersion: $expectedVersion, reason: "the task was cancelled", idempotencyKey: $idempotencyKey, ${WHO} }) {
    __typename
    ... on ArchiveRunSuccess { replayed run { status ledgerSeq stateVersion } entry { seq version kind reason operations } }
    ... on StateConflictError { currentVersion }
    ... on RunArchivedError { runId archivedAtSeq }
    ... on Error { code family retryable }
  }
}`;

const VERIFY = `query($runId: ID!) { verifyRun(runId: $runId) { ... on VerificationReport { ok checkedEntries } } }`;

describe(`archiveRun on ${backendName}`, () => {
  let canon: TestCanon;

  beforeAll(async () => {
    canon = await startTestCanon();
  });
  afterAll(() => canon.stop());

  const commit = (runId: string, expectedVersion: number) =>
    canon.gql(COMMIT, { runId, expectedVersion, operations: setStatus(`v${expectedVersion + 1}`) });

  it("archives with compare-and-swap, records a chained ledger entry, and refuses every later write", async () => {
    const run = await startRun(canon.gql);
    await commit(run.runId, 0);
    const stale = await canon.gql(ARCHIVE, { runId: run.runId, expectedVersion: 0 });
    expect(stale.data.archiveRun).toMatchObject({ __typename: "StateConflictError", currentVersion: 1 });

    const archived = await canon.gql(ARCHIVE, { runId: run.runId, expectedVersion: 1, idempotencyKey: "archive-1" });
    expect(archived.data.archiveRun).toMatchObject({
      __typename: "ArchiveRunSuccess",
      replayed: false,
      run: { status: "ARCHIVED", ledgerSeq: 2, stateVersion: 1 },
      entry: {
        seq: 2,
        version: 1,
        kind: "NOOP",
        reason: "the task was cancelled",
        operations: [{ op: "archiveRun", args: { reason: "the task was cancelled" } }],
      },
    });
    const retry = await canon.gql(ARCHIVE, { runId: run.runId, expectedVersion: 1, idempotencyKey: "archive-1" });
    expect(retry.data.archiveRun).toMatchObject({ __typename: "ArchiveRunSuccess", replayed: true, entry: { seq: 2 } });
    const again = await canon.gql(ARCHIVE, { runId: run.runId, expectedVersion: 1 });
    expect(again.data.archiveRun).toMatchObject({
      __typename: "RunArchivedError",
      code: "ERR_RUN_ARCHIVED",
      family: "STATE",
      retryable: false,
      archivedAtSeq: 2,
    });

    const refused = await commit(run.runId, 1);
    expect(refused.data.commitState).toMatchObject({
      __typename: "RunArchivedError",
      code: "ERR_RUN_ARCHIVED",
      family: "STATE",
      retryable: false,
    });
    expect(JSON.stringify(refused)).not.toMatch(/canon_run_archived|P0001|plpgsql|stack/i);
    const noop = await canon.gql(
      `mutation($runId: ID!) { recordNoop(input: { runId: $runId, expectedVersion: 1, reason: "still nothing", ${WHO} }) { __typename } }`,
      { runId: run.runId },
    );
    expect(noop.data.recordNoop.__typename).toBe("RunArchivedError");

    const report = await canon.gql(VERIFY, { runId: run.runId });
    expect(report.data.verifyRun).toEqual({ ok: true, checkedEntries: 3 });
    const listed = await canon.gql(`{ runs(status: ARCHIVED, first: 100) { edges { node { runId } } } }`);
    expect(listed.data.runs.edges.map((e: any) => e.node.runId)).toContain(run.runId);
  });

  it("ends runStateChanged after the archive entry with ERR_RUN_ARCHIVED, live and when subscribing later", async () => {
    const run = await startRun(canon.gql);
    const query = `subscription($runId: ID!, $afterVersion: Int, $afterSeq: Int) {
      runStateChanged(runId: $runId, afterVersion: $afterVersion, afterSeq: $afterSeq) { seq version kind }
    }`;
    const events: any[] = [];
    const ended = new Promise<any>((resolve) =>
      canon.wsClient().subscribe(
        { query, variables: { runId: run.runId, afterVersion: 0 } },
        {
          next: (result) => events.push(result.data?.runStateChanged),
          error: resolve,
          complete: () => resolve(null),
        },
      ),
    );
    await commit(run.runId, 0);
    await expect.poll(() => events.length).toBe(1);
    await canon.gql(ARCHIVE, { runId: run.runId, expectedVersion: 1 });
    const error = await ended;
    expect(events).toEqual([
      { seq: 1, version: 1, kind: "COMMIT" },
      { seq: 2, version: 1, kind: "NOOP" },
    ]);
    expect(error[0].extensions).toMatchObject({ code: "ERR_RUN_ARCHIVED", details: { runId: run.runId, archivedAtSeq: 2 } });

    // Later: catch-up includes the archive entry, then the same end; from beyond it, the end at once.
    const later = collect<any>(canon.wsClient(), query, { runId: run.runId, afterSeq: 0 }, 10);
    await expect(later.done).rejects.toThrow(/ERR_RUN_ARCHIVED/);
    expect(later.events.map((e) => e.runStateChanged.seq)).toEqual([1, 2]);
    await expect(collect(canon.wsClient(), query, { runId: run.runId, afterSeq: 2 }, 1).done).rejects.toThrow(/ERR_RUN_ARCHIVED/);
    // Waiting for a version an archived run will never reach ends too.
    await expect(collect(canon.wsClient(), query, { runId: run.runId, afterVersion: 5 }, 1).done).rejects.toThrow(/ERR_RUN_ARCHIVED/);
  });

  it("shows the archive in runsChanged, which a dashboard can filter on", async () => {
    const run = await startRun(canon.gql);
    const all = collect<RunsChangedEvent>(canon.wsClient(), RUNS_CHANGED, { filter: { runIds: [run.runId] } }, 2);
    const archivedOnly = collect<RunsChangedEvent>(
      canon.wsClient(),
      RUNS_CHANGED,
      { filter: { runIds: [run.runId], status: "ARCHIVED" } },
      1,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await commit(run.runId, 0);
    await canon.gql(ARCHIVE, { runId: run.runId, expectedVersion: 1 });
    expect((await all.done).map((e) => [e.runsChanged.seq, e.runsChanged.archived])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect((await archivedOnly.done).map((e) => [e.runsChanged.seq, e.runsChanged.status, e.runsChanged.archived])).toEqual([
      [2, "ARCHIVED", true],
    ]);
    all.unsubscribe();
    archivedOnly.unsubscribe();
  });

  it("stays archived through export and import into another database", async () => {
    const run = await startRun(canon.gql);
    await commit(run.runId, 0);
    await canon.gql(ARCHIVE, { runId: run.runId, expectedVersion: 1 });
    const lines: string[] = [];
    await exportRun(canon.server.database, run.runId, (line) => void lines.push(line));
    const target = await openMigratedDatabase();
    try {
      await importRun(
        target.db,
        (async function* () {
          yield* lines.flatMap((chunk) => chunk.split("\n")).filter(Boolean);
        })(),
      );
      const imported = await target.db.prisma.run.findUniqueOrThrow({ where: { id: run.runId } });
      expect(imported.status).toBe("ARCHIVED");
      await expect(target.db.prisma.run.update({ where: { id: run.runId }, data: { stateVersion: 9 } })).rejects.toThrow(
        /canon_run_archived/,
      );
    } finally {
      await target.dispose();
    }
  });
});
