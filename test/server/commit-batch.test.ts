// commitStates: many commits, to many runs, in one request; each item judged and answered on its own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../src/domain/limits.js";
import { backendName } from "../support/database.js";
import { collect, startTestCanon, type TestCanon } from "../support/canon.js";
import { setStatus, startRun, WATCH } from "../support/operations.js";

const COMMIT_STATES = `mutation Batch($commits: [CommitStateInput!]!) {
  commitStates(input: { commits: $commits }) {
    __typename
    ... on CommitStatesSuccess {
      results {
        __typename
        ... on WriteSuccess { replayed run { runId stateVersion state { userVisibleStatus } } entry { seq version kind } }
        ... on StateConflictError { expectedVersion currentVersion runId }
        ... on InvalidInputError { problems { path message } }
        ... on Error { code message }
      }
    }
    ... on InvalidInputError { code problems { path message } }
  }
}`;

const WHO = {
  producer: { componentId: "test-agent", componentVersion: "1.0.0", kind: "RUNTIME" },
  provenance: [{ sourceType: "SYSTEM", sourceId: "test", trustClass: "INTERNAL" }],
};

const item = (runId: string, expectedVersion: number, status: string, extra: Record<string, unknown> = {}) => ({
  runId,
  expectedVersion,
  operations: setStatus(status),
  ...WHO,
  ...extra,
});

describe(`commitStates on ${backendName}`, () => {
  let canon: TestCanon;

  beforeAll(async () => {
    canon = await startTestCanon();
  });
  afterAll(() => canon.stop());

  const batch = async (commits: unknown[], auth?: { token: string }) => {
    const response = await canon.gql(COMMIT_STATES, { commits }, auth);
    expect(response.errors).toBeUndefined();
    return response.data.commitStates;
  };

  it("answers each item on its own, in input order: successes, a conflict and an invalid item", async () => {
    const [a, b, c] = await Promise.all([startRun(canon.gql), startRun(canon.gql), startRun(canon.gql)]);
    const result = await batch([
      item(a!.runId, 0, "a1"),
      item(b!.runId, 5, "stale"), // b is at 0: conflict
      item(c!.runId, 0, "c1", { provenance: [] }), // invalid: no provenance
      item(c!.runId + "-missing", 0, "nobody"),
      item(b!.runId, 0, "b1"), // the same run again, after the conflicting item: goes on
    ]);
    expect(result.__typename).toBe("CommitStatesSuccess");
    const r = result.results;
    expect(r.map((x: { __typename: string }) => x.__typename)).toEqual([
      "WriteSuccess",
      "StateConflictError",
      "InvalidInputError",
      "NotFoundError",
      "WriteSuccess",
    ]);
    expect(r[0].run).toMatchObject({ runId: a!.runId, stateVersion: 1, state: { userVisibleStatus: "a1" } });
    expect(r[1]).toMatchObject({ runId: b!.runId, expectedVersion: 5, currentVersion: 0 });
    expect(r[2].problems[0].path).toBe("/provenance");
    expect(r[4].run).toMatchObject({ runId: b!.runId, stateVersion: 1 });
    // The invalid item wrote nothing.
    const again = await batch([item(c!.runId, 0, "c1")]);
    expect(again.results[0].entry).toMatchObject({ seq: 1, version: 1, kind: "COMMIT" });
  });

  it("applies several commits to one run in input order, each its own ledger entry and event, delivered once", async () => {
    const runs = await Promise.all(Array.from({ length: 8 }, () => startRun(canon.gql)));
    const watches = runs.map((run) =>
      collect<{ runStateChanged: { version: number } }>(canon.wsClient(), WATCH, { runId: run.runId, afterVersion: 0 }, 3),
    );
    const commits = [0, 1, 2].flatMap((version) => runs.map((run) => item(run.runId, version, `step ${version + 1}`)));
    const result = await batch(commits);
    expect(result.results.every((x: { __typename: string }) => x.__typename === "WriteSuccess")).toBe(true);
    expect(result.results.map((x: { entry: { seq: number } }) => x.entry.seq)).toEqual(commits.map((c) => c.expectedVersion + 1));
    for (const watch of watches) {
      const events = await watch.done;
      watch.unsubscribe();
      expect(events.map((e) => e.runStateChanged.version)).toEqual([1, 2, 3]);
    }
    // No event beyond the three per run.
    const late = collect<{ runStateChanged: { version: number } }>(canon.wsClient(), WATCH, { runId: runs[0]!.runId, afterVersion: 0 }, 4);
    await expect.poll(() => late.events.length).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(late.events.length).toBe(3);
    late.unsubscribe();
  });

  it("mixes commits that read the clock (locks) with others: each in order, times never going back, every version readable", async () => {
    const [a, b] = await Promise.all([startRun(canon.gql), startRun(canon.gql)]);
    const lock = (runId: string, expectedVersion: number, resource: string) => ({
      runId,
      expectedVersion,
      operations: [{ acquireLock: { resource, ttlMs: 60_000 } }],
      ...WHO,
    });
    const result = await batch([
      item(a!.runId, 0, "a1"),
      lock(a!.runId, 1, "fs:src/a/**"),
      item(b!.runId, 0, "b1"),
      item(a!.runId, 2, "a3"),
      lock(b!.runId, 1, "fs:src/b/**"),
    ]);
    expect(result.results.map((x: { __typename: string; run?: { stateVersion: number } }) => [x.__typename, x.run?.stateVersion])).toEqual([
      ["WriteSuccess", 1],
      ["WriteSuccess", 2],
      ["WriteSuccess", 1],
      ["WriteSuccess", 3],
      ["WriteSuccess", 2],
    ]);
    const history = `query($id: ID!) { run(id: $id) { ... on Run { history(first: 10) { edges { node { version committedAt } } } } } }`;
    const stateAt = `query($id: ID!, $v: Int!) { run(id: $id) { ... on Run { stateAt(version: $v) { ... on StateSnapshot { document } } } } }`;
    const verify = `query($id: ID!) { verifyRun(runId: $id) { ... on VerificationReport { ok } } }`;
    for (const [run, statuses] of [
      [a!, ["a1", "a1", "a3"]],
      [b!, ["b1", "b1"]],
    ] as const) {
      const edges = (await canon.gql(history, { id: run.runId })).data.run.history.edges as { node: { committedAt: string } }[];
      const times = edges.map((e) => Date.parse(e.node.committedAt));
      expect(times).toEqual([...times].sort((x, y) => x - y));
      for (const [at, status] of statuses.entries()) {
        const document = (await canon.gql(stateAt, { id: run.runId, v: at + 1 })).data.run.stateAt.document;
        expect(document.user_visible_status).toBe(status);
      }
      expect((await canon.gql(verify, { id: run.runId })).data.verifyRun.ok).toBe(true);
    }
    // Stored as the single append stores them (docs/storage.md): the genesis whole, then patches.
    const { prisma } = canon.server.database;
    const rows = await prisma.ledgerEntry.findMany({
      where: { runId: a!.runId },
      orderBy: { seq: "asc" },
      select: { state: true, patch: true, snapshotVersion: true },
    });
    expect(rows.map((row) => [row.state !== null, row.patch !== null, row.snapshotVersion])).toEqual([
      [true, false, 0],
      [false, true, 0],
      [false, true, 0],
      [false, true, 0],
    ]);
    const head = await prisma.run.findUniqueOrThrow({ where: { id: a!.runId }, select: { snapshotVersion: true, chainBytes: true } });
    expect(head.snapshotVersion).toBe(0);
    expect(head.chainBytes).toBeGreaterThan(0);
  });

  it("replays a retried batch with idempotency keys: same answers, nothing written twice", async () => {
    const [a, b] = await Promise.all([startRun(canon.gql), startRun(canon.gql)]);
    const commits = [
      item(a!.runId, 0, "a1", { idempotencyKey: "k-a1" }),
      item(b!.runId, 0, "b1", { idempotencyKey: "k-b1" }),
      item(a!.runId, 1, "a2", { idempotencyKey: "k-a2" }),
    ];
    const first = await batch(commits);
    const retry = await batch(commits);
    expect(first.results.map((x: { replayed: boolean }) => x.replayed)).toEqual([false, false, false]);
    expect(retry.results.map((x: { replayed: boolean }) => x.replayed)).toEqual([true, true, true]);
    expect(retry.results.map((x: { entry: unknown }) => x.entry)).toEqual(first.results.map((x: { entry: unknown }) => x.entry));
    // A key reused with another request is that item's error only.
    const reused = await batch([item(a!.runId, 0, "other", { idempotencyKey: "k-a1" }), item(b!.runId, 1, "b2")]);
    expect(reused.results.map((x: { __typename: string; code?: string }) => x.code ?? x.__typename)).toEqual([
      "ERR_IDEMPOTENCY_KEY_REUSED",
      "WriteSuccess",
    ]);
  });

  it("refuses an item whose run the token may not write, and writes the others", async () => {
    const [mine, other] = await Promise.all([startRun(canon.gql), startRun(canon.gql)]);
    const { token } = await canon.createToken({ runIds: [mine!.runId] });
    const result = await batch([item(other!.runId, 0, "no"), item(mine!.runId, 0, "yes")], { token });
    expect(result.results.map((x: { __typename: string; code?: string }) => x.code ?? x.__typename)).toEqual([
      "ERR_FORBIDDEN",
      "WriteSuccess",
    ]);
  });

  it("refuses an empty batch and one past the bound with a typed error, writing nothing", async () => {
    const run = await startRun(canon.gql);
    const tooMany = Array.from({ length: LIMITS.commitsPerBatch + 1 }, (_, i) => item(run.runId, i, `s${i}`));
    for (const commits of [[], tooMany]) {
      const result = await batch(commits);
      expect(result).toMatchObject({ __typename: "InvalidInputError", code: "ERR_INVALID_INPUT" });
      expect(result.problems[0].path).toBe("/input/commits");
    }
    const probe = await batch([item(run.runId, 0, "first")]);
    expect(probe.results[0].__typename).toBe("WriteSuccess");
  });
});

describe(`commitStates rate limits on ${backendName}`, () => {
  it("counts each item against its token's and its run's budget", async () => {
    const limited = await startTestCanon({ commitRatePerSecond: 1, commitBurst: 1000, runCommitRatePerSecond: 1, runCommitBurst: 2 });
    try {
      const [a, b] = await Promise.all([startRun(limited.gql), startRun(limited.gql)]);
      const response = await limited.gql(COMMIT_STATES, {
        commits: [item(a!.runId, 0, "a1"), item(a!.runId, 1, "a2"), item(a!.runId, 2, "a3"), item(b!.runId, 0, "b1")],
      });
      const results = response.data.commitStates.results;
      expect(results.map((x: { __typename: string; code?: string }) => x.code ?? x.__typename)).toEqual([
        "WriteSuccess",
        "WriteSuccess",
        "ERR_RATE_LIMITED",
        "WriteSuccess",
      ]);
      expect(results[2].message).toContain("to this run");
    } finally {
      await limited.stop();
    }
  });
});
