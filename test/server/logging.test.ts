// Logs for people and for machines: the banner on stderr, only JSON lines on stdout; a client's
// mistakes (a syntax error, a subscription to an unknown run) are logged once, at info, and never
// at error, which is kept for the server's own faults.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kill, serve, TEST_ADMIN_TOKEN, type CanonProcess } from "../support/canon-process.js";
import { backendName, createTestDatabase, type TestDatabase } from "../support/database.js";

describe(`canon serve logs on ${backendName}`, { timeout: 180_000 }, () => {
  let database: TestDatabase;
  let server: CanonProcess;
  let stdout = "";

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = database.options.kind === "postgres" ? { DATABASE_URL: database.options.url } : { CANON_DATA_DIR: ":memory:" };
    server = await serve({ ...env, CANON_LOG_LEVEL: "info" });
    server.child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  }, 200_000);
  afterAll(async () => {
    if (server) await kill(server.child);
    await database?.dispose();
  });

  const post = (body: string, accept = "application/json") =>
    fetch(server.url, {
      method: "POST",
      headers: { "content-type": "application/json", accept, authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      body,
    });

  it("logs a syntax error and a subscription to an unknown run once each, at info", async () => {
    expect(server.line).toMatch(/^Canon is serving http:\/\/127\.0\.0\.1:\d+\/graphql/);
    expect((await post(JSON.stringify({ query: "{ runs { " }))).status).toBe(200);
    const sse = await post(
      JSON.stringify({ query: `subscription { runStateChanged(runId: "run-nowhere", afterVersion: 0) { __typename } }` }),
      "text/event-stream",
    );
    expect(await sse.text()).toContain("ERR_NOT_FOUND");
    await new Promise((resolve) => setTimeout(resolve, 500));

    const lines = stdout.trim().split("\n").filter(Boolean);
    const records = lines.map((line) => JSON.parse(line) as { level: number; msg: string; code?: string });
    const syntax = records.filter((r) => r.msg.includes("Syntax Error"));
    const unknownRun = records.filter((r) => r.msg.includes("run-nowhere"));
    expect(syntax.map((r) => r.level)).toEqual([30]);
    expect(unknownRun.map((r) => [r.level, r.code])).toEqual([[30, "ERR_NOT_FOUND"]]);
    expect(records.filter((r) => r.level >= 50)).toEqual([]);
    // Nothing for people on stdout: the banner went to stderr.
    expect(stdout).not.toContain("Canon is serving");
  });
});
