// deleteRun: only an archived run, under compare-and-swap; its rows go, a tombstone stays, and
// watches of it end with ERR_RUN_DELETED (a watch subscribing later, over graphql-ws and SSE).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backendName } from "../support/database.js";
import { collect, startTestCanon, type TestCanon } from "../support/canon.js";
import { op } from "../domain/fixtures/commit-helpers.js";
import {
  COMMIT,
  commitAs,
  RUNS_CHANGED,
  setStatus,
  startRun,
  START_RUN_IN_TASK,
  WATCH,
  WHO,
  type RunsChangedEvent,
} from "../support/operations.js";
import { toolReceipt, WRITERS } from "../support/realistic-run.js";
import { exportRun, importRun } from "../../src/store/run-transfer.js";

const ARCHIVE = `mutation($runId: ID!, $expectedVersion: Int!) {
  archiveRun(input: { runId: $runId, expectedVersion: $expectedVersion, reason: "done", ${WHO} }) { __typename }
}`;

const DELETE = `mutation($runId: ID!, $expectedVersion: Int!) {
  deleteRun(input: { runId: $runId, expectedVersion: $expectedVersion, reason: "retention: 30 days after archive" }) {
    __typename
    ... on RunDeletion { runId lastSeq lastVersion headHash reason deletedAt deletedBy { componentId } }
    ... on StateConflictError { currentVersion }
    ... on RunDeletedError { runId lastSeq }
    ... on Error { code family retryable message }
  }
}`;

describe(`deleteRun on ${backendName}`, () => {
  let canon: TestCanon;

  beforeAll(async () => {
    canon = await startTestCanon();
  });
  afterAll(() => canon.stop());

  async function archivedRun(commits: number) {
    const run = await startRun(canon.gql);
    for (let version = 0; version < commits; version++) {
      expect(
        (await canon.gql(COMMIT, { runId: run.runId, expectedVersion: version, operations: setStatus(`v${version + 1}`) })).data.commitState
          .__typename,
      ).toBe("WriteSuccess");
    }
    expect((await canon.gql(ARCHIVE, { runId: run.runId, expectedVersion: commits })).data.archiveRun.__typename).toBe("ArchiveRunSuccess");
    return run.runId;
  }

  it("refuses a run that is not archived, and a stale version, deleting nothing", async () => {
    const run = await startRun(canon.gql);
    const live = await canon.gql(DELETE, { runId: run.runId, expectedVersion: 0 });
    expect(live.data.deleteRun).toMatchObject({ __typename: "PreconditionFailedError", code: "ERR_PRECONDITION_FAILED", retryable: false });
    const runId = await archivedRun(2);
    const stale = await canon.gql(DELETE, { runId, expectedVersion: 1 });
    expect(stale.data.deleteRun).toMatchObject({ __typename: "StateConflictError", currentVersion: 2 });
    const still = await canon.gql(`query($id: ID!) { run(id: $id) { ... on Run { status stateVersion } } }`, { id: runId });
    expect(still.data.run).toEqual({ status: "ARCHIVED", stateVersion: 2 });
    const unknown = await canon.gql(DELETE, { runId: "run-nope", expectedVersion: 0 });
    expect(JSON.stringify(unknown)).toMatch(/ERR_NOT_FOUND|ERR_FORBIDDEN/);
  });

  it("deletes an archived run and its receipts, leaves a tombstone, and ends later watches with ERR_RUN_DELETED", async () => {
    const run = await startRun(canon.gql);
    const { runId } = run;
    const identity = (
      await canon.gql(`query($id: ID!) { run(id: $id) { ... on Run { state { identity { sessionId taskId } } } } }`, { id: runId })
    ).data.run.state.identity;
    const receiptId = `tool-${runId}`;
    const recorded = await commitAs(canon, runId, 0, WRITERS.tools, [
      op("recordToolReceipt", { receipt: toolReceipt({ runId, ...identity }, receiptId, 0, "SUCCESS") }),
    ]);
    expect(recorded.data.commitState.__typename).toBe("WriteSuccess");
    for (let version = 1; version < 3; version++) {
      expect(
        (await canon.gql(COMMIT, { runId, expectedVersion: version, operations: setStatus(`v${version + 1}`) })).data.commitState
          .__typename,
      ).toBe("WriteSuccess");
    }
    expect((await canon.gql(ARCHIVE, { runId, expectedVersion: 3 })).data.archiveRun.__typename).toBe("ArchiveRunSuccess");
    const RECEIPT = `query($id: ID!) { receipt(id: $id) { __typename } }`;
    expect((await canon.gql(RECEIPT, { id: receiptId })).data.receipt).not.toBeNull();

    const deleted = await canon.gql(DELETE, { runId, expectedVersion: 3 });
    expect(deleted.data.deleteRun).toMatchObject({
      __typename: "RunDeletion",
      runId,
      lastSeq: 4,
      lastVersion: 3,
      reason: "retention: 30 days after archive",
      deletedBy: { componentId: "test-agent" },
    });
    expect(deleted.data.deleteRun.headHash).toMatch(/^sha256:[0-9a-f]{64}$/);
    const again = await canon.gql(DELETE, { runId, expectedVersion: 3 });
    expect(again.data.deleteRun).toMatchObject({
      __typename: "RunDeletedError",
      code: "ERR_RUN_DELETED",
      family: "NOT_FOUND",
      retryable: false,
      runId,
      lastSeq: 4,
    });
    expect(JSON.stringify(again)).not.toMatch(/select|delete from|plpgsql|stack/i);

    const gone = await canon.gql(
      `query($id: ID!) { run(id: $id) { __typename ... on Error { code } ... on RunDeletedError { lastSeq } } }`,
      { id: runId },
    );
    expect(gone.data.run).toEqual({ __typename: "RunDeletedError", code: "ERR_RUN_DELETED", lastSeq: 4 });
    const never = await canon.gql(`query($id: ID!) { run(id: $id) { __typename ... on Error { code } } }`, { id: "run-never-was" });
    expect(never.data.run).toEqual({ __typename: "NotFoundError", code: "ERR_NOT_FOUND" });
    expect((await canon.gql(RECEIPT, { id: receiptId })).data?.receipt ?? null).toBeNull();

    const watch = collect(canon.wsClient(), WATCH, { runId, afterVersion: 0 }, 1);
    await expect(watch.done).rejects.toThrow(/ERR_RUN_DELETED/);
    const response = await fetch(canon.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream", authorization: `Bearer ${canon.token}` },
      body: JSON.stringify({ query: WATCH, variables: { runId, afterVersion: 0 } }),
    });
    expect(await response.text()).toContain("ERR_RUN_DELETED");
  });

  it("ends a run in runsChanged with a DELETE event one seq past its last entry, live and when a dashboard resumes it", async () => {
    const started = await canon.gql(START_RUN_IN_TASK, { objective: "deleted while watched" });
    const { runId, taskId } = started.data.startRun.run as { runId: string; taskId: string };
    const other = (await canon.gql(START_RUN_IN_TASK, { objective: "kept", taskId })).data.startRun.run.runId as string;
    for (let version = 0; version < 2; version++) {
      expect(
        (await canon.gql(COMMIT, { runId, expectedVersion: version, operations: setStatus(`v${version + 1}`) })).data.commitState
          .__typename,
      ).toBe("WriteSuccess");
    }
    const DASHBOARD = RUNS_CHANGED.replace("producer { componentId }", "producer { componentId } entry { seq } run { runId }");
    type Change = RunsChangedEvent["runsChanged"] & { entry: unknown; run: unknown };
    // From the run's first entry (catch-up), then live: start, 2 commits, the archive, the deletion.
    const live = collect<{ runsChanged: Change }>(canon.wsClient(), DASHBOARD, { filter: { taskId }, after: [{ runId, seq: -1 }] }, 5);
    await expect.poll(() => live.events.length).toBe(3);
    expect((await canon.gql(ARCHIVE, { runId, expectedVersion: 2 })).data.archiveRun.__typename).toBe("ArchiveRunSuccess");
    expect((await canon.gql(DELETE, { runId, expectedVersion: 2 })).data.deleteRun).toMatchObject({
      __typename: "RunDeletion",
      lastSeq: 3,
    });
    const events = (await live.done).map((event) => event.runsChanged);
    live.unsubscribe();
    expect(events.map((event) => [event.seq, event.kind])).toEqual([
      [0, "COMMIT"],
      [1, "COMMIT"],
      [2, "COMMIT"],
      [3, "NOOP"],
      [4, "DELETE"],
    ]);
    expect(events[4]).toMatchObject({
      runId,
      taskId,
      version: 2,
      status: "ARCHIVED",
      archived: false,
      entry: null,
      run: null,
      producer: { componentId: "test-agent" },
    });

    // A dashboard that was away resumes the deleted run: its entries are gone, its deletion is not.
    const resumed = collect<{ runsChanged: Change }>(
      canon.wsClient(),
      DASHBOARD,
      {
        filter: { taskId },
        after: [
          { runId, seq: 1 },
          { runId: other, seq: -1 },
        ],
      },
      2,
    );
    const caughtUp = (await resumed.done).map((event) => [event.runsChanged.runId, event.runsChanged.seq, event.runsChanged.kind]);
    resumed.unsubscribe();
    expect(caughtUp).toEqual(
      expect.arrayContaining([
        [runId, 4, "DELETE"],
        [other, 0, "COMMIT"],
      ]),
    );
    // One that already had the deletion hears nothing more of the run, and no error.
    const seen = collect<{ runsChanged: Change }>(
      canon.wsClient(),
      DASHBOARD,
      {
        filter: { taskId },
        after: [
          { runId, seq: 4 },
          { runId: other, seq: -1 },
        ],
      },
      1,
    );
    expect((await seen.done).map((event) => event.runsChanged.runId)).toEqual([other]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    seen.unsubscribe();
    expect(seen.events.map((event) => event.runsChanged.runId)).toEqual([other]);
    // A deleted run outside the subscription's scope is still refused.
    const outside = collect(canon.wsClient(), RUNS_CHANGED, { filter: { taskId: "task-elsewhere" }, after: [{ runId, seq: 1 }] }, 1);
    await expect(outside.done).rejects.toThrow(/ERR_INVALID_INPUT/);
  });

  it("answers a keyed startRun retried after its run was deleted with ERR_RUN_DELETED, not a new run under the tombstone", async () => {
    const START = `mutation($key: String!) { startRun(input: { objective: "keyed", workspaceRoot: "/w", idempotencyKey: $key, ${WHO} }) {
      __typename ... on WriteSuccess { replayed run { runId } } ... on Error { code } } }`;
    const key = `keyed-${Date.now()}`;
    const first = (await canon.gql(START, { key })).data.startRun;
    const runId = first.run.runId as string;
    expect((await canon.gql(ARCHIVE, { runId, expectedVersion: 0 })).data.archiveRun.__typename).toBe("ArchiveRunSuccess");
    expect((await canon.gql(DELETE, { runId, expectedVersion: 0 })).data.deleteRun.__typename).toBe("RunDeletion");
    const retried = await canon.gql(START, { key });
    expect(JSON.stringify(retried)).toContain("ERR_RUN_DELETED");
    expect(await canon.server.database.prisma.run.count({ where: { id: runId } })).toBe(0);
    expect(await canon.server.database.prisma.runDeletion.count({ where: { runId } })).toBe(1);
  });

  it("restores a deleted run from its export, lifting the tombstone", async () => {
    const runId = await archivedRun(2);
    const lines: string[] = [];
    await exportRun(canon.server.database, runId, (line) => void lines.push(line));
    expect((await canon.gql(DELETE, { runId, expectedVersion: 2 })).data.deleteRun.__typename).toBe("RunDeletion");
    await importRun(
      canon.server.database,
      (async function* () {
        yield* lines.flatMap((chunk) => chunk.split("\n")).filter(Boolean);
      })(),
    );
    const back = await canon.gql(`query($id: ID!) { run(id: $id) { __typename ... on Run { status stateVersion ledgerSeq } } }`, {
      id: runId,
    });
    expect(back.data.run).toEqual({ __typename: "Run", status: "ARCHIVED", stateVersion: 2, ledgerSeq: 3 });
    expect(await canon.server.database.prisma.runDeletion.count({ where: { runId } })).toBe(0);
  });
});
