// Who gets in and what they see, against a real server over real HTTP, SSE and graphql-ws.
import { createClient } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { SCOPES } from "../../src/domain/principal.js";
import { startCanon } from "../../src/server/canon-server.js";
import { TokenStore } from "../../src/store/token-store.js";
import { startTestCanon, postGraphQL, type TestCanon } from "../support/canon.js";
import { backendName, createTestDatabase } from "../support/database.js";
import { COMMIT, START_RUN, commitAs, setStatus, startRun } from "../support/operations.js";
import { completionDecision, hashOf, mutationReceipt, verificationReceipt, WRITERS } from "../support/realistic-run.js";

const READ = `query($id: ID!) { run(id: $id) { __typename ... on Run { stateVersion } ... on Error { code } } }`;
const WATCH = `subscription($runId: ID!) { runStateChanged(runId: $runId, afterVersion: 0) { version } }`;
const DASHBOARD = `subscription($runId: ID!) { runsChanged(filter: { runIds: [$runId] }, after: [{ runId: $runId, seq: 0 }]) { version } }`;

/** Opens a raw graphql-ws socket, sends connection_init with `payload`, resolves with how it closed (or "ack"). */
function connect(url: string, payload: Record<string, unknown>): Promise<{ code: number } | "ack"> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url.replace("http", "ws"), "graphql-transport-ws");
    socket.on("open", () => socket.send(JSON.stringify({ type: "connection_init", payload })));
    socket.on("message", (data) => {
      if (JSON.parse(String(data)).type === "connection_ack") {
        resolve("ack");
        socket.close();
      }
    });
    socket.on("close", (code) => resolve({ code }));
  });
}

/** A subscription over graphql-ws that reports how the socket closed. */
function subscribeAndWatchClose(url: string, token: string, runId: string, query = WATCH) {
  const events: number[] = [];
  let closeCode = 0;
  const closed = new Promise<number>((resolve) => {
    const client = createClient({
      url: url.replace("http", "ws"),
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      connectionParams: { token },
      on: { closed: (event) => resolve((closeCode = (event as { code: number }).code)) },
    });
    client.subscribe<{ runStateChanged?: { version: number }; runsChanged?: { version: number } }>(
      { query, variables: { runId } },
      {
        next: (r) => r.data && events.push((r.data.runStateChanged ?? r.data.runsChanged)!.version),
        error: () => {},
        complete: () => {},
      },
    );
  });
  return { events, closed, code: () => closeCode };
}

describe(`security on ${backendName}`, () => {
  let canon: TestCanon;
  beforeAll(async () => {
    canon = await startTestCanon();
  });
  afterAll(async () => {
    await canon?.stop();
  });

  describe("authentication", () => {
    it("answers a request without a token, or with an unknown one, with 401 ERR_UNAUTHENTICATED", async () => {
      for (const token of [null, "canon_not-a-real-token-aaaaaaaaaaaaaaaaaaaaaaa", "garbage"]) {
        const response = await canon.gql(`{ runs(first: 1) { edges { cursor } } }`, {}, { token });
        expect(response.status).toBe(401);
        expect(response.errors?.[0]?.extensions).toMatchObject({ code: "ERR_UNAUTHENTICATED", family: "AUTH" });
        expect(response.data).toBeUndefined();
      }
    });

    it("closes a graphql-ws socket without a valid token with 4401, and acknowledges one with a token", async () => {
      expect(await connect(canon.url, {})).toEqual({ code: 4401 });
      expect(await connect(canon.url, { token: "canon_nope" })).toEqual({ code: 4401 });
      expect(await connect(canon.url, { authorization: `Bearer ${canon.token}` })).toBe("ack");
    });

    it("refuses a Server-Sent Events subscription without the header", async () => {
      const run = await startRun(canon.gql);
      const response = await fetch(canon.url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "text/event-stream" },
        body: JSON.stringify({ query: WATCH, variables: { runId: run.runId } }),
      });
      expect(response.status).toBe(401);
      await response.body?.cancel();
    });

    it("never writes the token of GraphiQL's URL into the page (the page reads it and sends it as a header)", async () => {
      const page = await fetch(`${canon.url}?token=${canon.token}`, { headers: { accept: "text/html" } });
      expect(await page.text()).not.toContain(canon.token);
    });

    it("stores only the token's hash", async () => {
      const { token, tokenId } = await canon.createToken({ scopes: ["run:read"] });
      const rows = await canon.server.database.prisma.apiToken.findMany({ where: { id: tokenId } });
      expect(JSON.stringify(rows)).not.toContain(token);
      expect(rows[0]!.tokenHash).toMatch(/^sha256:[0-9a-f]{64}$/);
    });
  });

  describe("scopes", () => {
    it("lets a read-only token read but not write, and says why with ERR_FORBIDDEN", async () => {
      const run = await startRun(canon.gql);
      const { token } = await canon.createToken({ scopes: ["run:read"] });
      expect((await canon.gql(READ, { id: run.runId }, { token })).data.run.stateVersion).toBe(0);
      const write = await canon.gql(COMMIT, { runId: run.runId, expectedVersion: 0, operations: setStatus("x") }, { token });
      expect(write.errors?.[0]?.extensions).toMatchObject({ code: "ERR_FORBIDDEN", family: "AUTH" });
      const start = await canon.gql(START_RUN, { objective: "no" }, { token });
      expect(start.errors?.[0]?.extensions?.code).toBe("ERR_FORBIDDEN");
      expect((await canon.gql(READ, { id: run.runId })).data.run.stateVersion).toBe(0);
    });

    it("keeps token management to token:admin", async () => {
      const { token } = await canon.createToken({ scopes: ["run:read", "run:commit", "run:create"] });
      const list = await canon.gql(`{ apiTokens { id } }`, {}, { token });
      expect(list.errors?.[0]?.extensions?.code).toBe("ERR_FORBIDDEN");
      expect((await canon.gql(`{ apiTokens { id scopes } }`)).data.apiTokens.length).toBeGreaterThan(0);
    });

    it("confines a token restricted to one run to that run: reads, lists, writes and watches", async () => {
      const mine = await startRun(canon.gql, "mine");
      const other = await startRun(canon.gql, "other");
      const { token } = await canon.createToken({ scopes: ["run:read", "run:commit", "run:create"], runIds: [mine.runId] });
      expect((await canon.gql(READ, { id: mine.runId }, { token })).data.run.stateVersion).toBe(0);
      expect((await canon.gql(READ, { id: other.runId }, { token })).errors?.[0]?.extensions?.code).toBe("ERR_FORBIDDEN");
      const listed = await canon.gql(`{ runs(first: 100) { edges { node { runId } } } }`, {}, { token });
      expect(listed.data.runs.edges.map((e: any) => e.node.runId)).toEqual([mine.runId]);
      // `node` answers "not yours" exactly as "not there": it cannot be used to probe for runs.
      const NODE = `query($id: ID!) { node(id: $id) { __typename ... on Run { runId } } }`;
      const missing = Buffer.from("Run:run-does-not-exist").toString("base64");
      const notYours = await canon.gql(NODE, { id: other.id }, { token });
      const notThere = await canon.gql(NODE, { id: missing }, { token });
      expect(notYours).toEqual(notThere);
      expect(notYours).toEqual({ status: 200, data: { node: null } });
      const write = await canon.gql(COMMIT, { runId: other.runId, expectedVersion: 0, operations: setStatus("x") }, { token });
      expect(write.errors?.[0]?.extensions?.code).toBe("ERR_FORBIDDEN");
      expect(
        (await canon.gql(COMMIT, { runId: mine.runId, expectedVersion: 0, operations: setStatus("ok") }, { token })).data.commitState
          .__typename,
      ).toBe("WriteSuccess");
      expect((await canon.gql(START_RUN, { objective: "new" }, { token })).errors?.[0]?.extensions?.code).toBe("ERR_FORBIDDEN");
      // A forbidden subscription closes the socket with 4403.
      const watch = subscribeAndWatchClose(canon.url, token, other.runId);
      expect(await watch.closed).toBe(4403);
      expect(watch.events).toEqual([]);
    });
  });

  describe("producer binding", () => {
    it("records the token's identity, and refuses a write in another component's name", async () => {
      const run = await startRun(canon.gql);
      const impersonation = await canon.gql(
        `mutation($runId: ID!) { commitState(input: { runId: $runId, expectedVersion: 0, operations: [{ setUserVisibleStatus: { status: "x" } }],
          producer: { componentId: "verifier", componentVersion: "1", kind: VERIFIER }, provenance: { sourceType: SYSTEM, sourceId: "t", trustClass: INTERNAL } }) {
          __typename ... on Error { code family } } }`,
        { runId: run.runId },
      );
      expect(impersonation.data.commitState).toEqual({ __typename: "ForbiddenError", code: "ERR_FORBIDDEN", family: "AUTH" });
      const unnamed = await canon.gql(
        `mutation($runId: ID!) { commitState(input: { runId: $runId, expectedVersion: 0, operations: [{ setUserVisibleStatus: { status: "x" } }],
          provenance: { sourceType: SYSTEM, sourceId: "t", trustClass: INTERNAL } }) { ... on WriteSuccess { entry { producer { componentId kind } } } } }`,
        { runId: run.runId },
      );
      expect(unnamed.data.commitState.entry.producer).toEqual({ componentId: "test-agent", kind: "RUNTIME" });
    });
  });

  describe("revocation", () => {
    /** A new token's subscription to `query` on a new run, over graphql-ws and SSE, once an event came through. */
    async function subscribedBothWays(query: string) {
      const run = await startRun(canon.gql);
      const { token, tokenId } = await canon.createToken({ scopes: ["run:read"] });
      const ws = subscribeAndWatchClose(canon.url, token, run.runId, query);
      const sse = await fetch(canon.url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "text/event-stream", authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables: { runId: run.runId } }),
      });
      await canon.gql(COMMIT, { runId: run.runId, expectedVersion: 0, operations: setStatus("seen") });
      await expect.poll(() => ws.events).toEqual([1]);
      return { run, token, tokenId, ws, sse };
    }

    it("refuses the token's next request and closes its open subscriptions (graphql-ws 4401, SSE ends)", async () => {
      const { run, token, tokenId, ws, sse } = await subscribedBothWays(WATCH);
      // Revoked in the database, the way `canon token revoke` does it: the server notices by itself.
      await canon.server.tokens.revoke(tokenId);
      expect((await canon.gql(READ, { id: run.runId }, { token })).status).toBe(401);
      expect(await ws.closed).toBe(4401);
      const text = await sse.text(); // ends: the stream was closed by the server
      expect(text).toContain("ERR_UNAUTHENTICATED");
    });

    it("refuses a token revoked by another process soon after, though this instance had it cached", async () => {
      const run = await startRun(canon.gql);
      const { token, tokenId } = await canon.createToken({ scopes: ["run:read"] });
      expect((await canon.gql(READ, { id: run.runId }, { token })).status).toBe(200); // verified, now cached
      // The CLI or another instance: its own TokenStore on the same database.
      await new TokenStore(canon.server.database).revoke(tokenId);
      // NOTIFY (PostgreSQL) or the periodic re-check (tokenRecheckMs) reaches this instance's cache.
      await expect.poll(async () => (await canon.gql(READ, { id: run.runId }, { token })).status, { timeout: 10_000 }).toBe(401);
    });

    it("ends the token's runsChanged subscriptions too", async () => {
      const { tokenId, ws, sse } = await subscribedBothWays(DASHBOARD);
      await canon.server.tokens.revoke(tokenId);
      expect(await ws.closed).toBe(4401);
      expect(await sse.text()).toContain("ERR_UNAUTHENTICATED");
    });
  });

  describe("sensitivity-aware projections", () => {
    it("withholds labelled resources from a reader below the label on every read path, and from nobody else", async () => {
      const run = await startRun(canon.gql);
      const ops = [
        { setSensitivityLabel: { resource: "fs:.env", class: "SECRET" } },
        { setSensitivityLabel: { resource: "fs:src/db/**", class: "RESTRICTED" } },
        { addCandidateTarget: { target: "fs:.env", reason: "holds DATABASE_PASSWORD=hunter2" } },
        { selectTarget: { target: "fs:src/db/pool.ts" } },
        { selectTarget: { target: "fs:src/app.ts" } },
        { addDiagnostic: { diagnosticId: "d1", severity: "ERROR", message: "pool.ts: hunter2 rejected", resource: "fs:src/db/pool.ts" } },
      ];
      expect((await canon.gql(COMMIT, { runId: run.runId, expectedVersion: 0, operations: ops })).data.commitState.__typename).toBe(
        "WriteSuccess",
      );
      const { token: internal } = await canon.createToken({ scopes: ["run:read"], trustClass: "INTERNAL" });
      const { token: restricted } = await canon.createToken({ scopes: ["run:read"], trustClass: "RESTRICTED" });
      const READ_ALL = `query($id: ID!) { run(id: $id) { ... on Run {
        state { selectedTargets candidateTargets { target reason } diagnostics { message resource } sensitivityLabels { resource class } }
        document
        stateAt(version: 1) { ... on StateSnapshot { document entry { operations } } }
        diff(fromVersion: 0, toVersion: 1) { ... on StateDiff { patch } }
        history(first: 10) { edges { node { document operations } } }
      } } }`;
      const secrets = /fs:\.env|hunter2|DATABASE_PASSWORD|fs:src\/db/;

      const asInternal = await canon.gql(READ_ALL, { id: run.runId }, { token: internal });
      expect(asInternal.errors).toBeUndefined();
      expect(JSON.stringify(asInternal.data)).not.toMatch(secrets);
      const state = asInternal.data.run.state;
      expect(state.selectedTargets).toEqual(["redacted:RESTRICTED", "fs:src/app.ts"]);
      expect(state.candidateTargets).toEqual([{ target: "redacted:SECRET", reason: "[redacted]" }]);
      expect(state.diagnostics).toEqual([{ message: "[redacted]", resource: "redacted:RESTRICTED" }]);
      expect(asInternal.data.run.document.extensions["x-redactions"]).toEqual({ withheld: 5, viewer_trust: "INTERNAL" });

      const asRestricted = await canon.gql(READ_ALL, { id: run.runId }, { token: restricted });
      const restrictedText = JSON.stringify(asRestricted.data);
      expect(restrictedText).toContain("fs:src/db/pool.ts");
      expect(restrictedText).not.toMatch(/fs:\.env|DATABASE_PASSWORD/);

      const asSecret = await canon.gql(READ_ALL, { id: run.runId });
      expect(JSON.stringify(asSecret.data)).toMatch(/fs:\.env/);
      expect(asSecret.data.run.document.extensions?.["x-redactions"]).toBeUndefined();

      // Subscription events go through the same projection.
      const client = canon.wsClient({ token: internal });
      const event = await new Promise<any>((resolve, reject) =>
        client.subscribe(
          {
            query: `subscription($runId: ID!) { runStateChanged(runId: $runId, afterVersion: 0) { document operations state { selectedTargets } } }`,
            variables: { runId: run.runId },
          },
          {
            next: (r) => resolve(r.data),
            error: reject,
            complete: () => {},
          },
        ),
      );
      expect(JSON.stringify(event)).not.toMatch(secrets);
      expect(event.runStateChanged.state.selectedTargets).toEqual(["redacted:RESTRICTED", "fs:src/app.ts"]);
    });
  });

  describe("sensitivity-aware documents beside the state", () => {
    it("withholds labelled resources in receipts, completion decisions and model events, on every path they are read by", async () => {
      const run = await startRun(canon.gql);
      const identity = (
        await canon.gql(`query($id: ID!) { run(id: $id) { ... on Run { state { identity { sessionId taskId } } } } }`, { id: run.runId })
      ).data.run.state.identity;
      const ids = { runId: run.runId, sessionId: identity.sessionId, taskId: identity.taskId };
      const op = (name: string, args: Record<string, unknown>) => ({ op: name, args });
      await commitAs(canon, run.runId, 0, WRITERS.runtime, [
        op("setSensitivityLabel", { resource: "fs:.env", class: "SECRET" }),
        op("setSensitivityLabel", { resource: "fs:src/db/**", class: "RESTRICTED" }),
        op("addAcceptanceCriterion", { criterionId: "pool-fixed", description: "the pool connects" }),
      ]);
      const mutation = {
        ...mutationReceipt(ids, `mut-${run.runId}`, 1),
        target: "fs:src/db/pool.ts",
        canonical_change: {
          format: "unified_diff",
          diff_ref: "patch-1",
          diff_hash: hashOf("patch-1"),
          base_hashes: { "src/db/pool.ts": hashOf("base") },
        },
      };
      const verification = {
        ...verificationReceipt(ids, `ver-${run.runId}`, 1, []),
        findings: [{ message: "DATABASE_PASSWORD=hunter2 read from .env", file: "fs:.env" }],
      };
      await commitAs(canon, run.runId, 1, WRITERS.tools, [op("recordMutationReceipt", { receipt: mutation })]);
      await commitAs(canon, run.runId, 2, WRITERS.verifier, [op("recordVerificationReceipt", { receipt: verification })]);
      const decision = completionDecision(
        ids,
        `d-${run.runId}`,
        3,
        "CONTINUE",
        [{ criterion_id: "pool-fixed", result: "FAIL", receipt_refs: [verification.verification_id] }],
        WRITERS.verifier,
      );
      const decided = await commitAs(canon, run.runId, 3, WRITERS.verifier, [
        op("recordCompletionDecision", { decision: { ...decision, extensions: { "x-note": "blocked on fs:src/db/pool.ts" } } }),
      ]);
      expect(decided.data.commitState.__typename, JSON.stringify(decided)).toBe("WriteSuccess");
      const logged = await canon.gql(
        `mutation($runId: ID!) { recordModelEvent(input: { runId: $runId, kind: LOADED, modelId: "coder-v3", detail: "loaded to edit fs:src/db/pool.ts with the secret from .env" }) {
          ... on ModelEvent { detail } } }`,
        { runId: run.runId },
      );
      expect(logged.data.recordModelEvent.detail).toContain(".env"); // a SECRET writer reads what it wrote

      const { token: internal } = await canon.createToken({ scopes: ["run:read", "run:commit"], trustClass: "INTERNAL" });
      const READ_DOCUMENTS = `query($id: ID!, $receipt: ID!) {
        run(id: $id) { ... on Run {
          receipts { id document }
          completion { decision }
          modelEvents { modelId detail }
          history(first: 10) { edges { node { operations } } }
        } }
        receipt(id: $receipt) { document }
      }`;
      const secrets = /fs:\.env|\.env|hunter2|DATABASE_PASSWORD|fs:src\/db|src\/db/;
      const asInternal = await canon.gql(READ_DOCUMENTS, { id: run.runId, receipt: mutation.mutation_id }, { token: internal });
      expect(asInternal.errors).toBeUndefined();
      expect(JSON.stringify(asInternal.data)).not.toMatch(secrets);
      const read = asInternal.data.run;
      expect(read.receipts.map((r: { id: string }) => r.id)).toEqual([
        mutation.mutation_id,
        verification.verification_id,
        decision.decision_id,
      ]);
      expect(asInternal.data.receipt.document.target).toBe("redacted:RESTRICTED");
      expect(asInternal.data.receipt.document.status).toBe("APPLIED"); // the document keeps its shape
      expect(read.receipts[1].document.findings).toEqual([{ message: "[redacted]", file: "redacted:SECRET" }]);
      expect(read.completion.decision.extensions).toEqual({ "x-note": "[redacted]" });
      expect(read.modelEvents).toEqual([{ modelId: "coder-v3", detail: "[redacted]" }]);
      // The writer's own echo is redacted too when it is below the label.
      const echoed = await canon.gql(
        `mutation($runId: ID!) { recordModelEvent(input: { runId: $runId, kind: EVICTED, modelId: "coder-v3", detail: "done with fs:.env" }) { ... on ModelEvent { detail } } }`,
        { runId: run.runId },
        { token: internal },
      );
      expect(echoed.data.recordModelEvent.detail).toBe("[redacted]");

      const asSecret = await canon.gql(READ_DOCUMENTS, { id: run.runId, receipt: mutation.mutation_id });
      expect(asSecret.data.receipt.document.target).toBe("fs:src/db/pool.ts");
      expect(asSecret.data.run.modelEvents[0].detail).toContain("fs:src/db/pool.ts");
    });
  });

  describe("hostile input", () => {
    it("refuses too deep, too costly or too aliased queries with ERR_QUERY_TOO_COMPLEX", async () => {
      // Within the limits: a real client's deepest query.
      const ok = `{ runs(first: 1) { edges { node { stateAt(version: 0) { ... on StateSnapshot { entry { state { graphCursor { frontier } } } } } } } } }`;
      expect((await canon.gql(ok)).errors).toBeUndefined();
      const tooDeep = `{ ${"a { ".repeat(20)}b${" }".repeat(20)} }`;
      const tooAliased = `{ ${Array.from({ length: 100 }, (_, i) => `a${i}: runs { edges { cursor } }`).join(" ")} }`;
      const tooCostly = `{ ${Array.from({ length: 25 }, (_, i) => `a${i}: runs(first: 100) { edges { node { state { plan acceptance { criterionId description } candidateTargets { target reason } } } } }`).join(" ")} }`;
      for (const query of [tooDeep, tooAliased, tooCostly]) {
        const response = await canon.gql(query);
        expect(response.errors?.map((e) => e.extensions?.code)).toContain("ERR_QUERY_TOO_COMPLEX");
        expect(response.data).toBeUndefined();
      }
    });

    it("refuses batched requests", async () => {
      const response = await fetch(canon.url, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${canon.token}` },
        body: JSON.stringify([{ query: "{ __typename }" }, { query: "{ __typename }" }]),
      });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(JSON.stringify(await response.json())).toMatch(/ERR_/);
    });

    it("refuses a simple cross-site request (CSRF): a GET without Authorization or the CSRF header", async () => {
      const url = new URL(canon.url);
      url.searchParams.set("query", "{ __typename }");
      const response = await fetch(url);
      expect(response.status).toBe(403);
      // Its own code, so clients and logs can tell it from malformed input.
      const body = (await response.json()) as { errors: { extensions: Record<string, unknown> }[] };
      expect(body.errors[0]!.extensions).toMatchObject({ family: "AUTH", code: "ERR_CSRF_REFUSED", retryable: false });
    });

    it("gives every response a request id", async () => {
      const response = await fetch(canon.url, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${canon.token}` },
        body: JSON.stringify({ query: "{ __typename }" }),
      });
      expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  it("limits each token's writes per second with ERR_RATE_LIMITED, and other tokens go on", async () => {
    const limited = await startTestCanon({ commitRatePerSecond: 1, commitBurst: 3 });
    try {
      const run = await startRun(limited.gql); // 1
      const outcomes: string[] = [];
      for (let v = 0; v < 4; v++) {
        const r = await limited.gql(COMMIT, { runId: run.runId, expectedVersion: v, operations: setStatus(`v${v}`) });
        outcomes.push(r.data.commitState.__typename === "WriteSuccess" ? "ok" : r.data.commitState.code);
        if (outcomes.at(-1) !== "ok") break;
      }
      expect(outcomes).toEqual(["ok", "ok", "ERR_RATE_LIMITED"]);
      const other = await limited.gql(
        START_RUN,
        { objective: "another token" },
        { as: { component_id: "other", component_version: "1", kind: "RUNTIME" } },
      );
      expect(other.data?.startRun?.__typename).toBeDefined();
    } finally {
      await limited.stop();
    }
  });

  it("turns introspection and GraphiQL off when configured", async () => {
    const closed = await startTestCanon({ introspection: false, graphiql: false });
    try {
      const response = await closed.gql(`{ __schema { queryType { name } } }`);
      expect(response.errors?.[0]?.extensions?.code).toBe("ERR_INVALID_INPUT");
      const page = await fetch(closed.url, { headers: { accept: "text/html" } });
      expect(await page.text()).not.toContain("<html");
    } finally {
      await closed.stop();
    }
  });

  it("refuses to listen on a public address with no token configured", async () => {
    const database = await createTestDatabase();
    try {
      const config = {
        host: "0.0.0.0",
        port: 0,
        database: database.options,
        logLevel: "silent",
        maxBodyBytes: 1 << 20,
        shutdownGraceMs: 1000,
        watchBuffer: 100,
        watchResyncMs: 0,
        keepAliveMs: 0,
      };
      await expect(
        startCanon(
          {
            ...config,
            introspection: false,
            graphiql: false,
            commitRatePerSecond: 0,
            commitBurst: 1,
            runCommitRatePerSecond: 0,
            runCommitBurst: 1,
            tokenRecheckMs: 0,
          },
          { bootstrapAdmin: true },
        ),
      ).rejects.toThrow(/refusing to listen on 0\.0\.0\.0 with no API token/);
    } finally {
      await database.dispose();
    }
  });

  it("knows every scope the issue names", () => {
    expect([...SCOPES].sort()).toEqual(["run:admin", "run:commit", "run:create", "run:read", "task:compile", "token:admin"]);
  });
});

void postGraphQL;
