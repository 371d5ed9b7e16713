// Several `canon serve` processes on one PostgreSQL: a commit through any of them reaches
// subscribers on all of them (LISTEN/NOTIFY), and neither a killed instance, nor a dropped
// LISTEN connection, nor a NOTIFY that was never sent costs a subscriber a version.
import { createClient } from "graphql-ws";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { InProcessChangeFeed } from "../../src/live/change-feed.js";
import { openDatabase } from "../../src/db/database.js";
import { LISTENER_APPLICATION_NAME } from "../../src/live/postgres-change-feed.js";
import { RunStore } from "../../src/store/run-store.js";
import { collect, postGraphQL } from "../support/canon.js";
import { kill, serve, TEST_ADMIN_TOKEN, tokenVia, type CanonProcess } from "../support/canon-process.js";
import { createTestDatabase, onPostgres, type TestDatabase } from "../support/database.js";
import { producer, provenance } from "../support/fixtures.js";
import { RUNS_CHANGED, START_RUN_IN_TASK, startRun, WATCH, type RunsChangedEvent } from "../support/operations.js";

if (!onPostgres) console.warn("test/server/multi-instance.test.ts skipped: several instances need PostgreSQL (set TEST_DATABASE_URL)");

const COMMIT_AS = `mutation Commit($runId: ID!, $expectedVersion: Int!, $componentId: ID!, $status: String!) {
  commitState(input: {
    runId: $runId, expectedVersion: $expectedVersion
    operations: [{ setUserVisibleStatus: { status: $status } }]
    producer: { componentId: $componentId, componentVersion: "1.0.0", kind: RUNTIME }
    provenance: { sourceType: SYSTEM, sourceId: "test", trustClass: INTERNAL }
  }) {
    __typename
    ... on WriteSuccess { entry { version } }
    ... on StateConflictError { currentVersion }
  }
}`;

interface WatchEvent {
  runStateChanged: { seq: number; version: number; kind: string; producer: { componentId: string } };
}

// Each writer commits with a token of its own (the producer recorded is the token's); tokens
// live in the shared database, so one minted through any instance works on all of them.
const writerTokens = new Map<string, Promise<string>>();
const commitVia = async (url: string, variables: { runId: string; expectedVersion: number; componentId: string; status: string }) => {
  return postGraphQL<any>(url, COMMIT_AS, variables, await commitTokenOf(url, variables.componentId));
};
/** startRun's document names test-agent as producer: it needs test-agent's token. */
const asTestAgent = (url: string) => async (query: string, variables?: Record<string, unknown>) =>
  postGraphQL<any>(url, query, variables, await commitTokenOf(url, "test-agent"));
const commitTokenOf = (url: string, componentId: string) => {
  let token = writerTokens.get(componentId);
  if (!token) writerTokens.set(componentId, (token = tokenVia(url, { component_id: componentId, kind: "RUNTIME" })));
  return token;
};
const asAdmin = (url: string) => (query: string, variables?: Record<string, unknown>) =>
  postGraphQL<any>(url, query, variables, TEST_ADMIN_TOKEN);

/** Preloaded into an instance to set its clock off (test/support/slow-clock.mjs). */
const SLOW_CLOCK = new URL("../support/slow-clock.mjs", import.meta.url).href;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe.skipIf(!onPostgres)("several Canon instances on one PostgreSQL", () => {
  let database: TestDatabase;
  let databaseUrl: string;
  const started: CanonProcess[] = [];
  let a: CanonProcess;
  let b: CanonProcess;
  /** Re-reads watched runs' heads every 300 ms. */
  let c: CanonProcess;

  /** A long resync interval, so what arrives promptly arrived by NOTIFY (or a reconnect's resync). */
  async function instance(resyncMs = 60_000) {
    const canon = await serve({ DATABASE_URL: databaseUrl, CANON_WATCH_RESYNC_MS: String(resyncMs) });
    started.push(canon);
    return canon;
  }

  /** A graphql-ws subscriber on `canon`, from the start of the run. */
  function subscribe(canon: CanonProcess, runId: string) {
    const client = createClient({
      url: canon.url.replace("http", "ws"),
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      connectionParams: { token: TEST_ADMIN_TOKEN },
    });
    const watch = collect<WatchEvent>(client, WATCH, { runId, afterVersion: 0 }, Infinity);
    // An error ends the subscription: kept, so a test waiting for events says why none came.
    const ended: { error?: string } = {};
    watch.done.catch((error: unknown) => (ended.error = error instanceof Error ? error.message : String(error)));
    return {
      versions: () => watch.events.map((e) => e.runStateChanged.version),
      events: watch.events,
      ended,
      dispose: () => client.dispose(),
    };
  }

  /** A graphql-ws runsChanged subscriber on `canon`, from the heads or the positions in `after`. */
  function subscribeRuns(canon: CanonProcess, filter: object, after?: object[]) {
    const client = createClient({
      url: canon.url.replace("http", "ws"),
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      connectionParams: { token: TEST_ADMIN_TOKEN },
    });
    const watch = collect<RunsChangedEvent>(client, RUNS_CHANGED, { filter, after }, Infinity);
    return { events: watch.events, dispose: () => client.dispose() };
  }

  /** Commits version 1 through `canon` and waits for `watch` to deliver it: the watch is live. */
  async function firstVersion(canon: CanonProcess, runId: string, watch: { events: unknown[]; ended?: { error?: string } }) {
    const result = await commitVia(canon.url, { runId, expectedVersion: 0, componentId: "first", status: "v1" });
    expect(result.data.commitState.__typename).toBe("WriteSuccess");
    // The subscription reads from version 0, so v1 cannot be missed. (It once was, in CI: a
    // commit that landed while the watch read its start was held back until the next commit;
    // test/live/run-group.test.ts pins that down.)
    await expect
      .poll(() => (watch.ended?.error ? `subscription ended: ${watch.ended.error}` : watch.events.length), { timeout: 10_000 })
      .toBe(1);
  }

  /**
   * A writer doing compare-and-swap with retries: commits through `via()` until `stop()`,
   * re-reading the version on each conflict. An instance that does not answer (killed, or killed
   * mid-request, so the write may have landed) is retried; the next conflict tells.
   */
  function writer(name: string, via: () => { url: string; label: string }, runId: string, stop: () => boolean) {
    const written = new Map<number, string>();
    const done = (async () => {
      let expected = 0;
      let unanswered = 0;
      while (!stop()) {
        const { url, label } = via();
        const variables = { runId, expectedVersion: expected, componentId: name, status: `${name} at ${expected}` };
        const result = await commitVia(url, variables).catch(() => null);
        const outcome = result?.data?.commitState;
        if (outcome) unanswered = 0;
        if (outcome?.__typename === "WriteSuccess") {
          expected = outcome.entry.version;
          written.set(expected, label);
        } else if (outcome?.__typename === "StateConflictError") {
          expected = outcome.currentVersion;
        } else if (result === null && ++unanswered < 1_200) {
          await sleep(25);
        } else {
          throw new Error(`${name} got no usable answer from ${label}: ${JSON.stringify(result)}`);
        }
      }
    })();
    done.catch(() => {}); // awaited by the test; a failure must not surface as unhandled first
    return { name, written, done };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    if (database.options.kind !== "postgres") throw new Error("unreachable: the suite runs on PostgreSQL only");
    databaseUrl = database.options.url;
    [a, b, c] = await Promise.all([instance(), instance(), instance(300)]);
  });
  afterAll(async () => {
    await Promise.all(started.map((canon) => kill(canon.child)));
    await database?.dispose();
  });

  it("a subscriber on A sees every version written through A and B, in order, although B is killed and restarted", async () => {
    const run = await startRun(asTestAgent(a.url));
    const watch = subscribe(a, run.runId);
    const instances = { A: { url: a.url, label: "A" }, B: { url: b.url, label: "B" } };
    let stopped = false;
    let turn = 0;
    const writers = [
      writer(
        "through-b",
        () => instances.B,
        run.runId,
        () => stopped,
      ),
      writer(
        "through-both",
        () => (++turn % 2 ? instances.A : instances.B),
        run.runId,
        () => stopped,
      ),
    ];
    const labels = () => writers.flatMap(({ written }) => [...written.values()]);

    await expect.poll(() => watch.events.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(50);
    await kill(b.child, "SIGKILL");
    await sleep(300); // commits go on through A
    b = await instance();
    instances.B = { url: b.url, label: "B restarted" };
    await expect.poll(() => labels().filter((label) => label === "B restarted").length, { timeout: 20_000 }).toBeGreaterThanOrEqual(20);
    stopped = true;
    await Promise.all(writers.map((w) => w.done));
    expect(new Set(labels())).toEqual(new Set(["A", "B", "B restarted"]));

    // A tail written through B alone: no commit through A makes A re-read the ledger.
    const probe = await asAdmin(a.url)(`query($id: ID!) { run(id: $id) { ... on Run { stateVersion } } }`, { id: run.runId });
    const last: number = probe.data.run.stateVersion;
    for (let version = last; version < last + 5; version++) {
      const result = await commitVia(b.url, { runId: run.runId, expectedVersion: version, componentId: "tail", status: "tail" + version });
      expect(result.data.commitState.__typename).toBe("WriteSuccess");
    }

    await expect.poll(watch.versions, { timeout: 15_000 }).toEqual(range(1, last + 5));
    await watch.dispose();
    const events = watch.events.map((e) => e.runStateChanged);
    expect(events.map((e) => e.seq)).toEqual(range(1, last + 5));
    for (const { name, written } of writers) {
      for (const version of written.keys()) expect(events[version - 1]!.producer.componentId).toBe(name);
    }
  });

  it("after its LISTEN connection is killed, an instance reconnects and its subscriber misses nothing", async () => {
    const run = await startRun(asTestAgent(a.url));
    const count = 40;
    const watch = subscribe(a, run.runId);
    const dashboard = subscribeRuns(a, { runIds: [run.runId] }, [{ runId: run.runId, seq: 0 }]);
    await firstVersion(a, run.runId, watch);
    await expect.poll(() => dashboard.events.length).toBe(1);
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const listeners = async (what: "count" | "terminate") => {
      const select = what === "count" ? "1" : "pg_terminate_backend(pid)";
      const { rowCount } = await admin.query(
        `SELECT ${select} FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()`,
        [LISTENER_APPLICATION_NAME],
      );
      return rowCount ?? 0;
    };
    try {
      const running = started.filter((canon) => canon.child.exitCode === null && canon.child.signalCode === null).length;
      for (let version = 1; version < count; version++) {
        await expect.poll(() => listeners("count")).toBe(running);
        expect(await listeners("terminate")).toBe(running);
        // This commit's NOTIFY goes out while the listeners are down: only the resync that
        // follows a reconnect can tell A about it.
        const variables = { runId: run.runId, expectedVersion: version, componentId: "through-b", status: `v${version + 1}` };
        const result = await commitVia(b.url, variables);
        expect(result.data.commitState.__typename).toBe("WriteSuccess");
      }
      // The resync interval is a minute: these arrive by NOTIFY or by the resync after each reconnect.
      await expect.poll(watch.versions, { timeout: 15_000 }).toEqual(range(1, count));
      await expect.poll(() => dashboard.events.map((e) => e.runsChanged.seq), { timeout: 15_000 }).toEqual(range(1, count));
    } finally {
      await admin.end();
      await watch.dispose();
      await dashboard.dispose();
    }
  });

  it("re-reads watched runs' heads, so a write whose NOTIFY never went out is still delivered", async () => {
    const run = await startRun(asTestAgent(c.url));
    const watch = subscribe(c, run.runId);
    await firstVersion(c, run.runId, watch);
    // A writer that never notifies, like one that died between COMMIT and pg_notify.
    const db = await openDatabase({ kind: "postgres", url: databaseUrl, poolSize: 1 });
    try {
      const silent = new RunStore(db, new InProcessChangeFeed());
      for (let version = 1; version < 4; version++) {
        await silent.commitState({
          runId: run.runId,
          expectedVersion: version,
          operations: [{ op: "setUserVisibleStatus", args: { status: `silent ${version}` } }],
          producer,
          provenance,
        });
      }
      await expect.poll(watch.versions, { timeout: 5_000 }).toEqual([1, 2, 3, 4]);
    } finally {
      await db.close();
      await watch.dispose();
    }
  });
  it("takes commit times from the database, so an instance whose clock is an hour slow never sends a ledger's times back", async () => {
    const slow = await serve({ DATABASE_URL: databaseUrl, NODE_OPTIONS: `--import ${SLOW_CLOCK}`, CANON_TEST_CLOCK_OFFSET_MS: "-3600000" });
    started.push(slow);
    const { runId } = await startRun(asTestAgent(a.url));
    for (let v = 0; v < 6; v++) {
      const result = await commitVia(v % 2 ? slow.url : a.url, { runId, expectedVersion: v, componentId: "clock", status: `v${v + 1}` });
      expect(result.data.commitState.__typename).toBe("WriteSuccess");
    }
    const history = await asAdmin(a.url)(
      `query($id: ID!) { run(id: $id) { ... on Run { history(first: 20) { edges { node { committedAt } } } } } }`,
      { id: runId },
    );
    const times = history.data.run.history.edges.map((edge: { node: { committedAt: string } }) => Date.parse(edge.node.committedAt));
    expect(times).toHaveLength(7);
    expect(times).toEqual([...times].sort((x, y) => x - y));
  });

  it("runsChanged on A sees a task's runs written through A and B, runs started through B included, each entry once and in order", async () => {
    const gqlA = asTestAgent(a.url);
    const gqlB = asTestAgent(b.url);
    const first = (await gqlA(START_RUN_IN_TASK, { objective: "dashboard" })).data.startRun.run;
    const dashboard = subscribeRuns(a, { taskId: first.taskId }, [{ runId: first.runId, seq: 0 }]);
    const version = new Map<string, number>();
    const commit = async (via: typeof gqlA, runId: string) => {
      const expectedVersion = version.get(runId) ?? 0;
      const url = via === gqlA ? a.url : b.url;
      const result = await commitVia(url, { runId, expectedVersion, componentId: "dash", status: `v${expectedVersion + 1}` });
      expect(result.data.commitState.__typename).toBe("WriteSuccess");
      version.set(runId, expectedVersion + 1);
    };
    await commit(gqlA, first.runId);
    await expect.poll(() => dashboard.events.length).toBe(1); // live
    const second = (await gqlB(START_RUN_IN_TASK, { objective: "dashboard", taskId: first.taskId })).data.startRun.run;
    const elsewhere = await startRun(gqlB);
    for (let i = 0; i < 20; i++) {
      await Promise.all([commit(i % 2 ? gqlA : gqlB, first.runId), commit(gqlB, second.runId), commit(gqlB, elsewhere.runId)]);
    }
    const seqs = () => {
      const byRun: Record<string, number[]> = {};
      for (const { runsChanged: e } of dashboard.events) (byRun[e.runId] ??= []).push(e.seq);
      return byRun;
    };
    await expect.poll(seqs, { timeout: 15_000 }).toEqual({ [first.runId]: range(1, 21), [second.runId]: range(0, 20) });
    await dashboard.dispose();
  });
});
