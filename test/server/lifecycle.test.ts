// The real CLI process: `canon serve` prints where it serves, and SIGTERM lets in-flight
// commits finish, completes subscriptions and exits 0.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postGraphQL } from "../support/canon.js";
import { serve, tokenVia } from "../support/canon-process.js";
import { backendName, createTestDatabase, type TestDatabase } from "../support/database.js";
import { COMMIT, setStatus, startRun, WATCH } from "../support/operations.js";

describe(`canon serve process on ${backendName}`, () => {
  let database: TestDatabase;
  let dataDir: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), "canon-lifecycle-"));
    env = database.options.kind === "postgres" ? { DATABASE_URL: database.options.url } : { CANON_DATA_DIR: dataDir };
  });
  afterAll(async () => {
    await database.dispose();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("prints one line with the URL and where the data lives", async () => {
    const { child, line } = await serve(env);
    expect(line).toMatch(
      /^Canon is serving http:\/\/127\.0\.0\.1:\d+\/graphql .*data: (embedded PGlite at .*canon-lifecycle-|PostgreSQL at postgresql:)/,
    );
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  });

  it("on SIGTERM finishes in-flight commits, completes subscriptions and exits 0; the data survives a restart", async () => {
    const first = await serve(env);
    const token = await tokenVia(first.url, { component_id: "test-agent", kind: "RUNTIME" });
    const gql = (query: string, variables?: Record<string, unknown>) => postGraphQL<any>(first.url, query, variables, token);
    const runs = await Promise.all(Array.from({ length: 5 }, () => startRun(gql)));

    const ws = createClient({
      url: first.url.replace("http", "ws"),
      webSocketImpl: WebSocket,
      retryAttempts: 0,
      connectionParams: { token },
    });
    const subscriptionEnded = new Promise<string>((resolve) => {
      ws.subscribe(
        { query: WATCH, variables: { runId: runs[0]!.runId, afterVersion: 0 } },
        {
          next: () => {},
          error: () => resolve("error"),
          complete: () => resolve("complete"),
        },
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 300));

    const commits = runs.map((run) =>
      gql(COMMIT, { runId: run.runId, expectedVersion: 0, operations: setStatus("in flight at shutdown") }).catch(() => null),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    const exited = new Promise<number | null>((resolve) => first.child.once("exit", resolve));
    first.child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(await subscriptionEnded).toBe("complete");
    await ws.dispose();

    // Every commit got an answer: done, or refused cleanly because shutdown had begun; none was cut off.
    const answers = await Promise.all(commits);
    for (const answer of answers) {
      const outcome = answer?.data?.commitState?.__typename ?? answer?.errors?.[0]?.extensions?.code;
      expect(["WriteSuccess", "ERR_SHUTTING_DOWN"]).toContain(outcome);
    }
    const second = await serve(env);
    try {
      for (const [i, run] of runs.entries()) {
        const result = await postGraphQL<any>(
          second.url,
          `query($id: ID!) { run(id: $id) { ... on Run { stateVersion } } }`,
          { id: run.runId },
          token,
        );
        const succeeded = answers[i]?.data?.commitState?.__typename === "WriteSuccess";
        expect(result.data.run.stateVersion).toBe(succeeded ? 1 : 0);
      }
    } finally {
      second.child.kill("SIGTERM");
      await new Promise((resolve) => second.child.once("exit", resolve));
    }
  });
});
