// `canon serve` with CANON_WORKERS=2 on PostgreSQL, as real processes: the load reaches both
// workers, compare-and-swap still has one winner per version across them, a subscription on
// one worker sees what the other commits (once each, in order), a killed worker is replaced,
// and SIGTERM stops everything cleanly. On PGlite, CANON_WORKERS above 1 is refused at start.
// Each worker names itself (its pid) in an x-canon-worker header, asked for by the test only
// (CANON_TEST_WORKER_HEADER=1).
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canonCli } from "../support/canon-cli.js";
import { kill, serve, TEST_ADMIN_TOKEN, tokenVia, type CanonProcess } from "../support/canon-process.js";
import { createTestDatabase, onPostgres, type TestDatabase } from "../support/database.js";
import { COMMIT, START_RUN, WATCH, setStatus } from "../support/operations.js";

if (!onPostgres)
  console.warn("test/server/workers.test.ts: CANON_WORKERS=2 needs PostgreSQL (set TEST_DATABASE_URL); only the refusal runs");

interface Answer {
  worker: string;
  body: any;
}

/** A POST whose answer says which worker gave it. */
async function post(url: string, query: string, variables: Record<string, unknown>, token: string): Promise<Answer> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/graphql-response+json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return { worker: response.headers.get("x-canon-worker") ?? "none", body: await response.json() };
}

/** The same, on a connection of its own (closed after), so that it reaches the next worker in turn. */
function postOnNewConnection(url: string, query: string, variables: Record<string, unknown>, token: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ query, variables });
    const request = http.request(
      url,
      {
        method: "POST",
        agent: false,
        headers: { "content-type": "application/json", authorization: `Bearer ${token}`, connection: "close" },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ worker: String(response.headers["x-canon-worker"] ?? "none"), body: JSON.parse(text) }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    // A connection the primary handed to a worker as it was killed is never answered.
    request.setTimeout(5_000, () => request.destroy(new Error("no answer in 5 s")));
    request.end(body);
  });
}

/** A runStateChanged subscription over server-sent events, on whichever worker its connection reached. */
async function watchOverSse(url: string, runId: string, token: string) {
  const abort = new AbortController();
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: WATCH, variables: { runId, afterVersion: 0 } }),
    signal: abort.signal,
  });
  const versions: number[] = [];
  let completed = false;
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffered = "";
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffered += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffered.indexOf("\n\n")) >= 0) {
        const event = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        if (/^event: complete/m.test(event)) completed = true;
        const data = /^data: (.+)$/m.exec(event)?.[1];
        const version = data ? JSON.parse(data).data?.runStateChanged?.version : undefined;
        if (typeof version === "number") versions.push(version);
      }
    }
  })().catch(() => {});
  return {
    worker: response.headers.get("x-canon-worker") ?? "none",
    versions,
    completed: () => completed,
    reading,
    close: () => abort.abort(),
  };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe.skipIf(!onPostgres)("canon serve with CANON_WORKERS=2 on PostgreSQL", () => {
  let database: TestDatabase;
  let canon: CanonProcess;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    if (database.options.kind !== "postgres") throw new Error("needs PostgreSQL");
    canon = await serve({ DATABASE_URL: database.options.url, CANON_WORKERS: "2", CANON_TEST_WORKER_HEADER: "1" });
    token = await tokenVia(canon.url, { component_id: "test-agent", kind: "RUNTIME" });
  }, 180_000);

  afterAll(async () => {
    if (canon) await kill(canon.child, "SIGKILL");
    await database?.dispose();
  });

  const newRun = async () => {
    const started = await post(canon.url, START_RUN, { objective: "workers" }, token);
    expect(started.body.data.startRun.__typename).toBe("WriteSuccess");
    return started.body.data.startRun.run.runId as string;
  };
  const commit = (runId: string, expectedVersion: number, status: string) =>
    post(canon.url, COMMIT, { runId, expectedVersion, operations: setStatus(status) }, token);

  it("says in its banner how many workers serve, and the primary did the start-up work once", () => {
    expect(canon.line).toContain("2 worker processes");
    expect(canon.stderr().match(/Canon is serving/g)).toHaveLength(1);
  });

  it("spreads commits from many concurrent clients over both workers; each lands exactly once", async () => {
    const runs = await Promise.all(range(1, 12).map(() => newRun()));
    const workers = new Set<string>();
    await Promise.all(
      runs.map(async (runId, writer) => {
        for (let version = 0; version < 5; version++) {
          const answer = await commit(runId, version, `writer ${writer} at ${version}`);
          expect(answer.body.data.commitState.__typename, JSON.stringify(answer.body)).toBe("WriteSuccess");
          expect(answer.body.data.commitState.entry.version).toBe(version + 1);
          workers.add(answer.worker);
        }
      }),
    );
    expect(workers.size).toBe(2);
    expect(workers.has("none")).toBe(false);
  });

  it("gives exactly one winner per version when writers race through both workers", async () => {
    const runId = await newRun();
    const workers = new Set<string>();
    for (let version = 0; version < 8; version++) {
      const answers = await Promise.all(range(1, 8).map((racer) => commit(runId, version, `racer ${racer} at ${version}`)));
      answers.forEach((answer) => workers.add(answer.worker));
      const kinds = answers.map((answer) => answer.body.data.commitState.__typename);
      expect(kinds.filter((kind) => kind === "WriteSuccess")).toHaveLength(1);
      expect(kinds.filter((kind) => kind === "StateConflictError")).toHaveLength(7);
    }
    expect(workers.size).toBe(2);
  });

  it("delivers commits made through one worker to a subscription on the other, exactly once and in order", async () => {
    const runId = await newRun();
    // Connections go round-robin: open subscriptions until there is one on each worker.
    const watches: Awaited<ReturnType<typeof watchOverSse>>[] = [];
    for (let i = 0; i < 8 && new Set(watches.map((w) => w.worker)).size < 2; i++) watches.push(await watchOverSse(canon.url, runId, token));
    expect(new Set(watches.map((w) => w.worker)).size).toBe(2);
    // Which worker each new connection reaches is the primary's choice (a free one): in CI every
    // one of 80 sequential commits once reached the same worker. What matters is that some
    // subscription sits on a worker that did not make a commit it must deliver.
    const committedBy = new Set<string>();
    const commits = 20;
    for (let version = 0; version < commits; version++) {
      const answer = await commit(runId, version, `step ${version}`);
      expect(answer.body.data.commitState.__typename).toBe("WriteSuccess");
      committedBy.add(answer.worker);
    }
    expect(watches.some((watch) => [...committedBy].some((worker) => worker !== watch.worker))).toBe(true);
    for (const watch of watches) await expect.poll(() => watch.versions.length, { timeout: 20_000 }).toBe(commits);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const watch of watches) {
      expect(watch.versions).toEqual(range(1, commits));
      watch.close();
    }
  });

  it("replaces a worker killed with SIGKILL, and keeps serving meanwhile", async () => {
    const runId = await newRun();
    let version = 0;
    const before = new Set<string>();
    while (before.size < 2 && version < 20) {
      const variables = { runId, expectedVersion: version, operations: setStatus(`before the kill ${version++}`) };
      before.add((await postOnNewConnection(canon.url, COMMIT, variables, token)).worker);
    }
    expect(before.size).toBe(2);
    const victim = [...before][0]!;
    process.kill(Number(victim), "SIGKILL");
    // The other worker keeps answering (a request on a connection given to the victim fails: retried);
    // a new worker joins it.
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          const variables = { runId, expectedVersion: version, operations: setStatus(`after the kill ${version}`) };
          const answer = await postOnNewConnection(canon.url, COMMIT, variables, token).catch(() => null);
          if (answer?.body.data?.commitState?.__typename === "WriteSuccess") version++;
          if (answer) seen.add(answer.worker);
          return [...seen].filter((worker) => !before.has(worker)).length;
        },
        { timeout: 120_000, interval: 200 },
      )
      .toBe(1);
    expect(seen.has(victim)).toBe(false);
    expect(canon.output()).toContain("worker exited; starting another");
  }, 150_000);

  it("stops the whole server, with the worker's error, when a worker cannot start", async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const url = database.options.kind === "postgres" ? database.options.url : "";
      const result = await canonCli(["serve", "--port", String(port)], {
        DATABASE_URL: url,
        CANON_WORKERS: "2",
        CANON_ADMIN_TOKEN: TEST_ADMIN_TOKEN,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`port ${port} on 127.0.0.1 is already in use`);
      expect(result.stderr).toMatch(/worker \d exited before it was serving/);
      expect(result.stderr).not.toContain("Canon is serving");
    } finally {
      taken.close();
    }
  }, 120_000);

  it("on SIGTERM, completes open subscriptions and exits 0", async () => {
    const runId = await newRun();
    const watch = await watchOverSse(canon.url, runId, token);
    await commit(runId, 0, "before the stop");
    await expect.poll(() => watch.versions).toEqual([1]);
    expect(await kill(canon.child, "SIGTERM")).toBe(0);
    await watch.reading;
    expect(watch.completed()).toBe(true);
  }, 60_000);
});

describe("CANON_WORKERS on the embedded database", () => {
  it("refuses more than one worker at start, with a typed error and the configuration exit code", async () => {
    const result = await canonCli(["serve", "--port", "0"], {
      CANON_WORKERS: "2",
      CANON_DATA_DIR: ":memory:",
      CANON_ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain("CANON_WORKERS=2 needs PostgreSQL (DATABASE_URL)");
    expect(result.stderr).not.toMatch(/\n\s+at /);
  }, 60_000);

  it("rejects a value that is not a number of workers, naming it", async () => {
    const result = await canonCli(["serve", "--port", "0"], { CANON_WORKERS: "lots", CANON_DATA_DIR: ":memory:" });
    expect(result.status).toBe(78);
    expect(result.stderr).toContain('CANON_WORKERS="lots" is not valid');
  }, 60_000);
});
