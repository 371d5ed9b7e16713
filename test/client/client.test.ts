// canon/client against a real server and database: every call, its typed results and errors.
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createCanonClient,
  IdempotencyKeyReusedError,
  InvalidInputError,
  StateConflictError,
  TaskNeedsClarificationError,
  TaskRevisionConflictError,
  NotFoundError,
  UnauthenticatedError,
  type CanonClient,
  type LedgerEntry,
} from "../../src/client/index.js";
import { startTestCanon, type TestCanon } from "../support/canon.js";
import { backendName } from "../support/database.js";
import { WHO } from "../support/operations.js";

const ARCHIVE = `mutation($runId: ID!, $expectedVersion: Int!) {
  archiveRun(input: { runId: $runId, expectedVersion: $expectedVersion, reason: "done", ${WHO} }) { __typename }
}`;

const status = (text: string) => [{ setUserVisibleStatus: { status: text } }];

describe(`canon/client on ${backendName}`, () => {
  let canon: TestCanon;
  let client: CanonClient;

  beforeAll(async () => {
    canon = await startTestCanon();
    client = createCanonClient({ url: canon.url, token: canon.token, webSocketImpl: WebSocket });
  });
  afterAll(async () => {
    await client?.close();
    await canon?.stop();
  });

  it("starts a run, reads it, commits at the version read, and answers a stale writer with StateConflictError", async () => {
    const started = await client.startRun({ objective: "Fix the login test", workspaceRoot: "/work/app" });
    expect(started.run.stateVersion).toBe(0);
    const { runId } = started.run;

    const run = await client.run(runId);
    expect(run).toMatchObject({ runId, stateVersion: 0, ledgerSeq: 0, status: expect.any(String) });
    expect(run.document.user_intent.objective).toBe("Fix the login test");

    const first = await client.commit(runId, status("reproducing"), { expectedVersion: 0 });
    expect(first).toMatchObject({ replayed: false, run: { stateVersion: 1 }, entry: { seq: 1, version: 1, kind: "COMMIT" } });

    const stale = client.commit(runId, status("late"), { expectedVersion: 0 });
    await expect(stale).rejects.toBeInstanceOf(StateConflictError);
    await expect(stale).rejects.toMatchObject({
      code: "ERR_STATE_CONFLICT",
      retryable: true,
      runId,
      expectedVersion: 0,
      currentVersion: 1,
    });
  });

  it("answers a resent keyed commit from the ledger, and a key reused for another request with its typed error", async () => {
    const { run } = await client.startRun({ objective: "keys", workspaceRoot: "/w" });
    const once = await client.commit(run.runId, status("a"), { expectedVersion: 0, idempotencyKey: "k-1" });
    const again = await client.commit(run.runId, status("a"), { expectedVersion: 0, idempotencyKey: "k-1" });
    expect(again).toMatchObject({ replayed: true, entry: { seq: once.entry.seq, entryHash: once.entry.entryHash } });
    await expect(client.commit(run.runId, status("b"), { expectedVersion: 1, idempotencyKey: "k-1" })).rejects.toBeInstanceOf(
      IdempotencyKeyReusedError,
    );
  });

  it("commitMany: answers each item in input order; a stale item is its own StateConflictError, the others are written", async () => {
    const a = (await client.startRun({ objective: "batch a", workspaceRoot: "/w" })).run.runId;
    const b = (await client.startRun({ objective: "batch b", workspaceRoot: "/w" })).run.runId;
    const results = await client.commitMany([
      { runId: a, operations: status("a1"), expectedVersion: 0 },
      { runId: b, operations: status("b1"), expectedVersion: 0 },
      { runId: a, operations: status("a2"), expectedVersion: 1 }, // after the first item: same run, input order
      { runId: b, operations: status("stale"), expectedVersion: 0 },
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "rejected"]);
    expect(results[0]).toMatchObject({ value: { run: { runId: a, stateVersion: 1 }, entry: { version: 1 } } });
    expect(results[2]).toMatchObject({ value: { run: { runId: a, stateVersion: 2 }, entry: { version: 2 } } });
    const stale = results[3]!;
    expect(stale.status === "rejected" && stale.reason).toBeInstanceOf(StateConflictError);
    expect(stale).toMatchObject({ reason: { code: "ERR_STATE_CONFLICT", runId: b, expectedVersion: 0, currentVersion: 1 } });
    expect((await client.run(a)).document.user_visible_status).toBe("a2");
    expect((await client.run(b)).stateVersion).toBe(1);
  });

  it("commitMany: a batch refused as a whole (empty, or more than 256 items) throws InvalidInputError and writes nothing", async () => {
    const { run } = await client.startRun({ objective: "too many", workspaceRoot: "/w" });
    await expect(client.commitMany([])).rejects.toBeInstanceOf(InvalidInputError);
    const many = Array.from({ length: 257 }, (_, i) => ({ runId: run.runId, operations: status(`s${i}`), expectedVersion: i }));
    await expect(client.commitMany(many)).rejects.toMatchObject({ code: "ERR_INVALID_INPUT", retryable: false });
    expect((await client.run(run.runId)).stateVersion).toBe(0);
  });

  it("update: decides on the state read, records a NOOP only when asked, and writes nothing otherwise", async () => {
    const { run } = await client.startRun({ objective: "update", workspaceRoot: "/w" });
    const changed = await client.update(run.runId, (state, version) => {
      expect(version).toBe(0);
      return state.user_visible_status === "ready" ? null : status("ready");
    });
    expect(changed).toMatchObject({ attempts: 1, run: { stateVersion: 1 } });
    expect(await client.update(run.runId, () => null)).toBeNull();
    const noop = await client.update(run.runId, () => null, { noopReason: "already ready" });
    expect(noop).toMatchObject({ entry: { kind: "NOOP", reason: "already ready", version: 1, seq: 2 } });
    const page = await client.history(run.runId, { withState: true });
    expect(page.entries.map((e) => [e.seq, e.kind])).toEqual([
      [0, "COMMIT"],
      [1, "COMMIT"],
      [2, "NOOP"],
    ]);
    expect(page.entries[1]!.document?.user_visible_status).toBe("ready");
    const paged = await client.history(run.runId, { first: 2 });
    expect(paged).toMatchObject({ hasNextPage: true, endCursor: "1" });
    expect((await client.history(run.runId, { after: paged.endCursor })).entries.map((e) => e.seq)).toEqual([2]);
  });

  it("compiles and clarifies tasks, with the API's typed errors", async () => {
    const { task } = await client.compile("Fix it.");
    expect(task.status).toBe("NEEDS_CLARIFICATION");
    await expect(client.startRun({ taskId: task.taskId, workspaceRoot: "/w" })).rejects.toBeInstanceOf(TaskNeedsClarificationError);
    const [ambiguity] = task.ambiguities;
    const answers = [{ ambiguityId: ambiguity!.ambiguityId, answer: "the null check in src/cart/total.ts" }];
    const clarified = await client.clarify(task.taskId, answers, 0);
    expect(clarified).toMatchObject({ revision: 1, status: "COMPILED" });
    await expect(client.clarify(task.taskId, answers, 0)).rejects.toBeInstanceOf(TaskRevisionConflictError);
    expect((await client.compile({ text: "Fix it." })).replayed).toBe(true);
    await expect(client.run("run-that-never-was")).rejects.toBeInstanceOf(NotFoundError);
  });

  it("refuses a bad token with UnauthenticatedError", async () => {
    const stranger = createCanonClient({ url: canon.url, token: "canon_not-a-real-token-0123456789abcdefghijk" });
    await expect(stranger.run("x")).rejects.toBeInstanceOf(UnauthenticatedError);
  });

  it("watch: every entry after the position given, in order, then ends with reason `archived` after the archive entry", async () => {
    const { run } = await client.startRun({ objective: "watch", workspaceRoot: "/w" });
    await client.commit(run.runId, status("v1"), { expectedVersion: 0 });
    const watch = client.watch(run.runId, { afterVersion: 0 }, { withState: true });
    const seen: LedgerEntry[] = [];
    const reading = (async () => {
      for await (const entry of watch) {
        seen.push(entry);
        if (entry.version === 2) await canon.gql(ARCHIVE, { runId: run.runId, expectedVersion: 2 });
        else if (entry.kind === "COMMIT")
          await client.commit(run.runId, status(`v${entry.version + 1}`), { expectedVersion: entry.version });
      }
    })();
    await reading;
    expect(seen.map((e) => [e.seq, e.version, e.kind])).toEqual([
      [1, 1, "COMMIT"],
      [2, 2, "COMMIT"],
      [3, 2, "NOOP"],
    ]);
    expect(seen[1]!.document?.user_visible_status).toBe("v2");
    expect(watch.end).toMatchObject({ reason: "archived", error: { code: "ERR_RUN_ARCHIVED" } });
    expect(watch.lastSeq).toBe(3);
  });

  it("watchRuns: changes of the runs a filter covers, per run in order, with positions to resume from", async () => {
    const { run: a } = await client.startRun({ objective: "a", workspaceRoot: "/w" });
    const { run: b } = await client.startRun({ objective: "b", workspaceRoot: "/w" });
    await client.commit(a.runId, status("before the watch"), { expectedVersion: 0 });
    const watch = client.watchRuns({ runIds: [a.runId, b.runId] });
    await watch.ready;
    const seen: string[] = [];
    const reading = (async () => {
      for await (const change of watch) {
        seen.push(`${change.runId === a.runId ? "a" : "b"}${change.seq}`);
        if (seen.length === 3) break;
      }
    })();
    // The watch starts at the runs' heads (listed before it subscribes): a's first commit is not in it.
    await client.commit(b.runId, status("b1"), { expectedVersion: 0 });
    await client.commit(a.runId, status("a2"), { expectedVersion: 1 });
    await client.commit(b.runId, status("b2"), { expectedVersion: 1 });
    await reading;
    expect(seen.filter((s) => s.startsWith("a"))).toEqual(["a2"]);
    expect(seen.filter((s) => s.startsWith("b"))).toEqual(["b1", "b2"]);
    expect(watch.positions()).toEqual(
      expect.arrayContaining([
        { runId: a.runId, seq: 2 },
        { runId: b.runId, seq: 2 },
      ]),
    );
  });
});
