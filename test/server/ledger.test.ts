// The ledger as a product, over real HTTP: time travel, history, diffs, forks, verification
// (including a row tampered with directly in the database) and idempotent retries.
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashText } from "../../src/db/row-mapping.js";
import { backendName } from "../support/database.js";
import { startTestCanon, type TestCanon } from "../support/canon.js";
import { COMMIT, setStatus, startRun, WHO } from "../support/operations.js";

const STATE_AT = `query($id: ID!, $v: Int!) { run(id: $id) { ... on Run { stateAt(version: $v) {
  __typename ... on StateSnapshot { version contentHash document } ... on Error { code } } } } }`;
const VERIFY = `query($id: ID!) { verifyRun(runId: $id) { __typename ... on VerificationReport { ok checkedEntries firstDivergence { seq version check } } } }`;

describe(`the ledger on ${backendName}`, () => {
  let canon: TestCanon;
  let runId: string;
  const documentsServed: string[] = [];

  beforeAll(async () => {
    canon = await startTestCanon();
    runId = (await startRun(canon.gql)).runId;
    for (let v = 0; v < 6; v++) {
      const operations =
        v === 3
          ? [{ addConstraint: { constraintId: "no-force-push" } }]
          : [{ setPlan: { plan: { step: v + 1, notes: { b: 1, a: [v] } } } }];
      const result = await canon.gql(
        `mutation($runId: ID!, $v: Int!, $ops: [StateOperation!]!) { commitState(input: { runId: $runId, expectedVersion: $v, operations: $ops, ${WHO} }) {
        ... on WriteSuccess { run { document } } } }`,
        { runId, v, ops: operations },
      );
      documentsServed.push(JSON.stringify(result.data.commitState.run.document));
    }
  });
  afterAll(() => canon.stop());

  it("returns the state at any version byte-identical to what was served when it was current", async () => {
    for (let v = 1; v <= 6; v++) {
      const response = await canon.gql(STATE_AT, { id: runId, v });
      expect(JSON.stringify(response.data.run.stateAt.document)).toBe(documentsServed[v - 1]);
      expect(response.data.run.stateAt.version).toBe(v);
    }
    const ahead = await canon.gql(STATE_AT, { id: runId, v: 99 });
    expect(ahead.data.run.stateAt).toEqual({ __typename: "NotFoundError", code: "ERR_NOT_FOUND" });
    const negative = await canon.gql(STATE_AT, { id: runId, v: -1 });
    expect(negative.data.run.stateAt).toEqual({ __typename: "InvalidInputError", code: "ERR_INVALID_INPUT" });
  });

  it("pages the history with hashes that chain, and limits it to a version range", async () => {
    const page = `query($id: ID!, $after: String, $from: Int, $to: Int) { run(id: $id) { ... on Run { history(first: 4, after: $after, fromVersion: $from, toVersion: $to) {
      edges { node { seq version kind producer { componentId } contentHash parentHash entryHash committedAt } } pageInfo { hasNextPage endCursor } } } } }`;
    const first = (await canon.gql(page, { id: runId })).data.run.history;
    const second = (await canon.gql(page, { id: runId, after: first.pageInfo.endCursor })).data.run.history;
    const entries = [...first.edges, ...second.edges].map((e: any) => e.node);
    expect(entries.map((e: any) => e.seq)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    expect(second.pageInfo.hasNextPage).toBe(false);
    for (let i = 1; i < entries.length; i++) expect(entries[i].parentHash).toBe(entries[i - 1].entryHash);
    expect(entries[0].parentHash).toBe(`sha256:${"0".repeat(64)}`);
    const ranged = (await canon.gql(page, { id: runId, from: 2, to: 3 })).data.run.history;
    expect(ranged.edges.map((e: any) => e.node.version)).toEqual([2, 3]);
  });

  it("diffs two versions as an RFC 6902 patch with the sections it touches", async () => {
    const query = `query($id: ID!, $from: Int!, $to: Int!) { run(id: $id) { ... on Run { diff(fromVersion: $from, toVersion: $to) {
      ... on StateDiff { patch changedSections } ... on Error { code } } } } }`;
    const diff = (await canon.gql(query, { id: runId, from: 3, to: 4 })).data.run.diff;
    expect(diff.changedSections).toEqual(["constraints", "identity"]);
    expect(diff.patch).toContainEqual({ op: "replace", path: "/identity/state_version", value: 4 });
    expect(diff.patch).toContainEqual({ op: "add", path: "/constraints/-", value: "no-force-push" });
    const back = (await canon.gql(query, { id: runId, from: 6, to: 1 })).data.run.diff;
    expect(back.changedSections).toEqual(["constraints", "identity", "plan"]);
  });

  it("forks a run from a past version without touching the original", async () => {
    const fork = await canon.gql(
      `mutation($id: ID!) { forkRun(input: { runId: $id, atVersion: 2, ${WHO} }) {
      __typename ... on WriteSuccess { run { runId stateVersion state { plan identity { runId stateVersion } } } entry { operations parentHash } } } }`,
      { id: runId },
    );
    const forked = fork.data.forkRun;
    expect(forked.run.stateVersion).toBe(0);
    expect(forked.run.state.plan).toEqual({ step: 2, notes: { a: [1], b: 1 } });
    expect(forked.run.state.identity).toEqual({ runId: forked.run.runId, stateVersion: 0 });
    const origin = await canon.server.database.prisma.ledgerEntry.findFirstOrThrow({ where: { runId, stateVersion: 2, kind: "COMMIT" } });
    expect(forked.entry.parentHash).toBe(hashText(origin.entryHash));
    expect(forked.entry.operations[0]).toMatchObject({ op: "forkRun", args: { originRunId: runId, originVersion: 2 } });
    const next = await canon.gql(COMMIT, { runId: forked.run.runId, expectedVersion: 0, operations: setStatus("retrying") });
    expect(next.data.commitState.run.stateVersion).toBe(1);
    expect((await canon.gql(VERIFY, { id: forked.run.runId })).data.verifyRun.ok).toBe(true);
    expect((await canon.gql(STATE_AT, { id: runId, v: 6 })).data.run.stateAt.version).toBe(6);
  });

  it("verifies a clean run, and finds a row tampered with in the database at exactly that entry", async () => {
    const clean = (await canon.gql(VERIFY, { id: runId })).data.verifyRun;
    expect(clean).toMatchObject({ ok: true, checkedEntries: 7, firstDivergence: null });
    const { prisma } = canon.server.database;
    const victim = (await startRun(canon.gql)).runId;
    for (let v = 0; v < 4; v++) await canon.gql(COMMIT, { runId: victim, expectedVersion: v, operations: setStatus(`s${v}`) });
    // Someone edits what version 3's commit said it did.
    await prisma.$executeRaw`UPDATE "ledger_entry" SET "operations" = '[{"op":"setUserVisibleStatus","args":{"status":"forged"}}]'::jsonb WHERE "run_id" = ${victim} AND "seq" = 3`;
    expect((await canon.gql(VERIFY, { id: victim })).data.verifyRun).toMatchObject({
      ok: false,
      checkedEntries: 3,
      firstDivergence: { seq: 3, version: 3, check: "entry hash" },
    });
    // Someone rewrites a stored state and its hashes consistently: replay and the chain still catch it.
    const other = (await startRun(canon.gql)).runId;
    for (let v = 0; v < 3; v++) await canon.gql(COMMIT, { runId: other, expectedVersion: v, operations: setStatus(`s${v}`) });
    // The entry holds a snapshot or a patch (docs/storage.md): either way, version 2 now reads "forged".
    await prisma.$executeRaw`UPDATE "ledger_entry" SET "state" = jsonb_set("state", '{user_visible_status}', '"forged"'),
      "patch" = "patch" || '[{"op":"replace","path":"/user_visible_status","value":"forged"}]'::jsonb WHERE "run_id" = ${other} AND "seq" = 2`;
    expect((await canon.gql(VERIFY, { id: other })).data.verifyRun.firstDivergence).toMatchObject({ seq: 2, check: "stored state hash" });
  });

  it("writes once when the client drops the connection before the response and retries with the same key", async () => {
    const run = (await startRun(canon.gql)).runId;
    const body = JSON.stringify({
      query: COMMIT,
      variables: { runId: run, expectedVersion: 0, operations: setStatus("exactly once"), idempotencyKey: "k-1" },
    });
    await new Promise<void>((resolve) => {
      const url = new URL(canon.url);
      const req = request({
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      });
      req.on("error", () => resolve());
      req.end(body, () => {
        req.destroy(); // the response is never read
        resolve();
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const retry = await canon.gql(COMMIT, { runId: run, expectedVersion: 0, operations: setStatus("exactly once"), idempotencyKey: "k-1" });
    expect(retry.data.commitState).toMatchObject({ __typename: "WriteSuccess", entry: { seq: 1, version: 1 } });
    expect(await canon.server.database.prisma.ledgerEntry.count({ where: { runId: run } })).toBe(2);
  });

  it("makes startRun idempotent per producer and key", async () => {
    const start = `mutation($key: String!, $objective: String!) { startRun(input: { objective: $objective, workspaceRoot: "/w", idempotencyKey: $key, ${WHO} }) {
      __typename ... on WriteSuccess { replayed run { runId } } ... on Error { code } } }`;
    const first = (await canon.gql(start, { key: "start-1", objective: "once" })).data.startRun;
    const again = (await canon.gql(start, { key: "start-1", objective: "once" })).data.startRun;
    expect(again).toEqual({ __typename: "WriteSuccess", replayed: true, run: first.run });
    expect(first.replayed).toBe(false);
    const reused = (await canon.gql(start, { key: "start-1", objective: "something else" })).data.startRun;
    expect(reused).toEqual({ __typename: "IdempotencyKeyReusedError", code: "ERR_IDEMPOTENCY_KEY_REUSED" });
  });
});
