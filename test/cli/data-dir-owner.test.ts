// One owner per embedded data directory, with real processes. The issue's scenario: while
// `canon serve` holds the directory, `canon token create` in another terminal goes through that
// server, so the token works at once and after a restart. A second `serve` or a `migrate` is
// refused with the holder's pid; a directory left by a SIGKILLed server opens normally.
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { postGraphQL } from "../support/canon.js";
import { canonCli } from "../support/canon-cli.js";
import { kill, serve, type CanonProcess } from "../support/canon-process.js";
import { onPostgres } from "../support/database.js";
import { startRun } from "../support/operations.js";

/** Waits (up to a minute) for `done` to hold. */
async function until(done: () => boolean) {
  for (let waited = 0; !done(); waited += 100) {
    if (waited > 60_000) throw new Error("gave up waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const RUNS = `{ runs(first: 50) { edges { node { runId } } } }`;

// The embedded database only: PostgreSQL has many clients by design. Process start-ups on a busy
// 2-core machine take seconds each, hence the long timeout.
describe.skipIf(onPostgres)("an embedded data directory has one owner", { timeout: 400_000 }, () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  const servers: CanonProcess[] = [];
  const start = async (more: NodeJS.ProcessEnv = {}) => {
    const server = await serve({ ...env, DATABASE_URL: "", ...more });
    servers.push(server);
    return server;
  };

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "canon-owner-"));
    env = { CANON_DATA_DIR: path.join(dir, "data") };
  });
  // A test that failed half-way must not leave its server holding the directory for the next.
  afterEach(async () => {
    for (const server of servers.splice(0)) await kill(server.child);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("`canon token create` while the server runs goes through it: the token works at once and after a restart", async () => {
    // As a person starts it: no CANON_ADMIN_TOKEN, so the first start makes and prints one.
    const first = await start({ CANON_ADMIN_TOKEN: "" });
    expect(first.line).toContain(`data: embedded PGlite at ${path.join(dir, "data")}`);
    await until(() => first.stderr().includes("First start: created an admin token"));
    const file = path.join(dir, "data", "canon-server.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const created = await canonCli(
      ["token", "create", "--component", "test-agent", "--kind", "RUNTIME", "--scopes", "run:read,run:create"],
      env,
    );
    expect(created.status, created.stderr).toBe(0);
    expect(created.stderr).toMatch(new RegExp(`through the server that holds it \\(pid ${first.child.pid}`));
    const token = /canon_[A-Za-z0-9_-]{43}/.exec(created.stdout)![0];

    const gql = (url: string, query: string, variables?: Record<string, unknown>) => postGraphQL<any>(url, query, variables, token);
    const run = await startRun((query, variables) => gql(first.url, query, variables));
    expect((await gql(first.url, RUNS)).data.runs.edges).toHaveLength(1);

    // The CLI sees what the server holds (the issue's `verify --all` saw fewer runs than the server).
    const verified = await canonCli(["verify", "--all"], env);
    expect(verified.status, verified.stderr).toBe(0);
    expect(verified.stdout).toContain(`ok       ${run.runId}`);
    expect(verified.stdout).toContain("1 verified, 0 diverged");

    expect(await kill(first.child)).toBe(0);
    expect(existsSync(file), "the local admin file goes at shutdown").toBe(false);
    // No token is printed again; the next start says what to do if the first one was lost.
    const second = await start({ CANON_ADMIN_TOKEN: "" });
    await until(() => second.stderr().includes("Lost it?"));
    expect(second.stderr()).toMatch(
      /Tokens: admin token tok_\S+ \(made \d{4}-\d\d-\d\d\); the first start printed it once\. Lost it\? In another terminal, run `canon token create --component <you> --kind HUMAN/,
    );
    expect(second.stderr()).not.toContain("First start");
    expect((await gql(second.url, RUNS)).data.runs.edges.map((e: any) => e.node.runId)).toEqual([run.runId]);
    const listed = await canonCli(["token", "list"], env);
    expect(listed.stdout).toMatch(/test-agent@\*\/RUNTIME/);
    await kill(second.child);
  });

  it("refuses a second `serve` or a `migrate` while a server holds the directory, naming its pid", async () => {
    const holder = await start();
    for (const args of [["serve", "--port", "0"], ["migrate"]]) {
      const refused = await canonCli(args, env);
      expect(refused.status, refused.stderr).toBe(75);
      expect(refused.stderr).toContain(`is in use by canon serve (pid ${holder.child.pid}`);
      expect(refused.stderr).toContain("Stop that process first");
      expect(refused.stderr).not.toMatch(/\n\s+at /);
    }
    // The holder is unharmed.
    expect(
      (await postGraphQL<any>(holder.url, RUNS, undefined, (await import("../support/canon-process.js")).TEST_ADMIN_TOKEN)).status,
    ).toBe(200);
    await kill(holder.child);
  });

  it("opens a directory left by a SIGKILLed server at once, data intact", async () => {
    const crashed = await start();
    expect(await kill(crashed.child, "SIGKILL")).toBeNull();
    expect(existsSync(path.join(dir, "data", "canon.lock")), "the crash left its lock").toBe(true);
    const listed = await canonCli(["token", "list"], env);
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stderr).toContain(`embedded PGlite at ${path.join(dir, "data")}`);
    expect(listed.stdout).toMatch(/test-agent@\*\/RUNTIME/);
    const again = await start();
    await kill(again.child);
  });
});
