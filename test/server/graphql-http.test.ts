// The GraphQL API over real HTTP against a real server: the vertical slice a newcomer uses.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backendName } from "../support/database.js";
import { startTestCanon, type TestCanon } from "../support/canon.js";
import { COMMIT, RUN_LEDGER_PROBE, setStatus, startRun } from "../support/operations.js";

describe(`GraphQL over HTTP on ${backendName}`, () => {
  let canon: TestCanon;
  const ledgerSize = (runId: string) => canon.server.database.prisma.ledgerEntry.count({ where: { runId } });

  beforeAll(async () => {
    canon = await startTestCanon({ maxBodyBytes: 64 * 1024 });
  });
  afterAll(() => canon.stop());

  it("starts a run, commits twice, and refuses a stale commit with StateConflictError", async () => {
    const run = await startRun(canon.gql);
    expect(run.stateVersion).toBe(0);

    const first = await canon.gql(COMMIT, {
      runId: run.runId,
      expectedVersion: 0,
      operations: [{ setPlan: { plan: { steps: ["reproduce"] } } }],
    });
    expect(first.data.commitState).toMatchObject({
      __typename: "WriteSuccess",
      run: { stateVersion: 1, state: { plan: { steps: ["reproduce"] } } },
      entry: { seq: 1, version: 1, kind: "COMMIT" },
    });

    const second = await canon.gql(COMMIT, {
      runId: run.runId,
      expectedVersion: 1,
      operations: [{ addConstraint: { constraintId: "no-force-push" } }],
    });
    expect(second.data.commitState.run).toMatchObject({ stateVersion: 2, state: { constraints: ["no-force-push"] } });

    const stale = await canon.gql(COMMIT, { runId: run.runId, expectedVersion: 1, operations: setStatus("late") });
    expect(stale.data.commitState).toEqual({
      __typename: "StateConflictError",
      expectedVersion: 1,
      currentVersion: 2,
      runId: run.runId,
      family: "STATE",
      code: "ERR_STATE_CONFLICT",
      message: expect.stringContaining("version 2"),
      retryable: true,
    });
    expect(await ledgerSize(run.runId)).toBe(3);
  });

  it("serves the state both as typed fields and as one AgentStateV1 document that agree", async () => {
    const run = await startRun(canon.gql);
    await canon.gql(COMMIT, { runId: run.runId, expectedVersion: 0, operations: setStatus("working") });
    const probe = await canon.gql(RUN_LEDGER_PROBE, { id: run.runId });
    const document = probe.data.run.document;
    expect(document.schema_id).toBe("allternit.kernel.AgentStateV1");
    expect(document.identity).toMatchObject({ run_id: run.runId, state_version: 1 });
    expect(document.user_visible_status).toBe("working");
    expect(probe.data.run.contentHash).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it("reports an unknown run as NotFoundError and writes nothing", async () => {
    const missing = await canon.gql(COMMIT, { runId: "run-missing", expectedVersion: 0, operations: setStatus("x") });
    expect(missing.data.commitState).toMatchObject({
      __typename: "NotFoundError",
      code: "ERR_NOT_FOUND",
      family: "NOT_FOUND",
      retryable: false,
    });
    const query = await canon.gql(RUN_LEDGER_PROBE, { id: "run-missing" });
    expect(query.data.run).toEqual({ __typename: "NotFoundError", code: "ERR_NOT_FOUND" });
    expect(await ledgerSize("run-missing")).toBe(0);
  });

  it("rejects a negative expectedVersion and malformed operations with typed errors, persisting nothing", async () => {
    const run = await startRun(canon.gql);
    const negative = await canon.gql(COMMIT, { runId: run.runId, expectedVersion: -1, operations: setStatus("x") });
    expect(negative.data.commitState).toMatchObject({
      __typename: "InvalidInputError",
      code: "ERR_INVALID_INPUT",
      problems: [{ path: "/expectedVersion" }],
    });

    const badId = await canon.gql(COMMIT, {
      runId: run.runId,
      expectedVersion: 0,
      operations: [{ addConstraint: { constraintId: "has spaces!" } }],
    });
    expect(badId.data.commitState.__typename).toBe("InvalidInputError");
    expect(badId.data.commitState.problems[0].path).toBe("/operations/0/addConstraint/constraintId");

    const empty = await canon.gql(COMMIT, { runId: run.runId, expectedVersion: 0, operations: [] });
    expect(empty.data.commitState.__typename).toBe("InvalidInputError");

    // Two operations in one @oneOf entry, and an unknown operation: refused by GraphQL itself.
    for (const operations of [[{ setPlan: { plan: {} }, setUserVisibleStatus: { status: "x" } }], [{ dropTable: {} }]]) {
      const response = await canon.gql(COMMIT, { runId: run.runId, expectedVersion: 0, operations });
      expect(response.data).toBeUndefined();
      expect(response.errors?.[0]?.extensions).toMatchObject({ code: "ERR_INVALID_INPUT", family: "INPUT", retryable: false });
    }
    expect(await ledgerSize(run.runId)).toBe(1);
    const probe = await canon.gql(RUN_LEDGER_PROBE, { id: run.runId });
    expect(probe.data.run.stateVersion).toBe(0);
  });

  it("refuses an oversized request body with ERR_INPUT_TOO_LARGE before parsing it", async () => {
    const run = await startRun(canon.gql);
    const response = await canon.gql(COMMIT, { runId: run.runId, expectedVersion: 0, operations: setStatus("x".repeat(100 * 1024)) });
    expect(response.status).toBe(413);
    expect(response.errors?.[0]?.extensions).toMatchObject({ code: "ERR_INPUT_TOO_LARGE", retryable: false });
    expect(await ledgerSize(run.runId)).toBe(1);
  });

  it("refuses an over-long string inside the size limit with a typed error", async () => {
    const run = await startRun(canon.gql);
    const response = await canon.gql(COMMIT, { runId: run.runId, expectedVersion: 0, operations: setStatus("x".repeat(20 * 1024)) });
    expect(response.data.commitState.__typename).toBe("InvalidInputError");
    expect(response.data.commitState.problems).toContainEqual({
      path: "/operations/0/setUserVisibleStatus/status",
      message: expect.stringContaining("16384"),
    });
  });

  it("answers GraphQL syntax errors with a coded error and never leaks internals", async () => {
    const response = await canon.gql("mutation { commitState(");
    expect(response.errors?.[0]?.extensions).toMatchObject({ code: "ERR_INVALID_INPUT" });
    expect(JSON.stringify(response)).not.toMatch(/at .*\.ts:\d+|SELECT|INSERT|UPDATE "run"/);
  });

  it("records an explicit no-op without bumping the version, still subject to compare-and-swap", async () => {
    const run = await startRun(canon.gql);
    const noop = `mutation($runId: ID!, $v: Int!) { recordNoop(input: { runId: $runId, expectedVersion: $v, reason: "tests already pass",
      producer: { componentId: "verifier", componentVersion: "1", kind: VERIFIER }, provenance: { sourceType: TOOL, sourceId: "vitest", trustClass: INTERNAL } }) {
      __typename ... on WriteSuccess { run { stateVersion } entry { seq version kind reason } } ... on Error { code } } }`;
    const verifier = { component_id: "verifier", component_version: "1", kind: "VERIFIER" } as const;
    const first = await canon.gql(noop, { runId: run.runId, v: 0 }, { as: verifier });
    expect(first.data.recordNoop).toMatchObject({
      run: { stateVersion: 0 },
      entry: { seq: 1, version: 0, kind: "NOOP", reason: "tests already pass" },
    });
    const unchanged = await canon.gql(COMMIT, { runId: run.runId, expectedVersion: 0, operations: [{ setPlan: { plan: {} } }] });
    expect(unchanged.data.commitState).toMatchObject({ run: { stateVersion: 0 }, entry: { seq: 2, kind: "NOOP" } });
    await canon.gql(COMMIT, { runId: run.runId, expectedVersion: 0, operations: setStatus("moving") });
    expect((await canon.gql(noop, { runId: run.runId, v: 0 }, { as: verifier })).data.recordNoop.code).toBe("ERR_STATE_CONFLICT");
  });

  it("answers a retry with the same idempotency key from the ledger instead of writing again", async () => {
    const run = await startRun(canon.gql);
    const request = { runId: run.runId, expectedVersion: 0, operations: setStatus("once"), idempotencyKey: "attempt-1" };
    const first = await canon.gql(COMMIT, request);
    const retry = await canon.gql(COMMIT, request);
    expect(first.data.commitState).toMatchObject({ replayed: false, entry: { seq: 1, version: 1 } });
    expect(retry.data.commitState).toMatchObject({ __typename: "WriteSuccess", replayed: true, entry: { seq: 1, version: 1 } });
    const reused = await canon.gql(COMMIT, { ...request, operations: setStatus("something else") });
    expect(reused.data.commitState).toMatchObject({ code: "ERR_IDEMPOTENCY_KEY_REUSED", family: "IDEMPOTENCY" });
    expect(await ledgerSize(run.runId)).toBe(2);
  });

  it("pages runs newest first, filters them, and loads them by global id", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await startRun(canon.gql, `paging ${i}`)).runId);
    const page = `query($after: String) { runs(first: 2, after: $after, status: ACTIVE) { edges { cursor node { id runId } } pageInfo { hasNextPage endCursor } } }`;
    const first = await canon.gql(page);
    expect(first.data.runs.edges.map((e: any) => e.node.runId)).toEqual([ids[2], ids[1]]);
    expect(first.data.runs.pageInfo.hasNextPage).toBe(true);
    const second = await canon.gql(page, { after: first.data.runs.pageInfo.endCursor });
    expect(second.data.runs.edges[0].node.runId).toBe(ids[0]);
    const globalId = first.data.runs.edges[0].node.id;
    const node = await canon.gql(`query($id: ID!) { node(id: $id) { __typename ... on Run { runId } } }`, { id: globalId });
    expect(node.data.node).toEqual({ __typename: "Run", runId: ids[2] });
  });

  it("answers queries sent with GET as well as POST", async () => {
    const run = await startRun(canon.gql);
    const url = new URL(canon.url);
    url.searchParams.set("query", `query($id: ID!) { run(id: $id) { ... on Run { runId stateVersion } } }`);
    url.searchParams.set("variables", JSON.stringify({ id: run.runId }));
    const response = await fetch(url, { headers: { accept: "application/graphql-response+json", authorization: `Bearer ${canon.token}` } });
    expect(await response.json()).toEqual({ data: { run: { runId: run.runId, stateVersion: 0 } } });
  });

  it("answers /healthz with the database it checked", async () => {
    const response = await fetch(canon.url.replace("/graphql", "/healthz"));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: backendName });
  });

  it("serves GraphiQL to a browser with a default query that starts a run", async () => {
    const response = await fetch(canon.url, { headers: { accept: "text/html" } });
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(await response.text()).toContain("startRun");
  });
});
