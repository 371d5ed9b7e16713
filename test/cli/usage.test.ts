// The CLI as a new user meets it: help per command, --version, usage errors (exit 2) found before
// any database is opened, configuration errors named with their variable (exit 78), no stack
// traces, no partial files, no data directory created where none was expected.
import { execFileSync, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CANON_MAIN, canonCli, type CliResult } from "../support/canon-cli.js";

const version = (await import("../../package.json", { with: { type: "json" } })).default.version;
const noStack = (result: CliResult) => expect(result.stderr).not.toMatch(/\n\s+at \S+ \(|node:internal/);

describe("canon command line", { timeout: 240_000 }, () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "canon-usage-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("prints its version, its help, and each command's help with examples", async () => {
    const [v, help, helpToken, tokenCreateHelp, helpExport] = await Promise.all([
      canonCli(["--version"]),
      canonCli(["help"]),
      canonCli(["help", "token"]),
      canonCli(["token", "create", "--help"]),
      canonCli(["help", "export"]),
    ]);
    expect(v).toMatchObject({ status: 0, stdout: `${version}\n` });
    expect(help.status).toBe(0);
    for (const command of ["serve", "migrate", "verify", "export", "import", "compile", "token"])
      expect(help.stdout).toMatch(new RegExp(`^  ${command}\\b`, "m"));
    expect(helpToken.stdout).toMatch(/^ {2}create \[options\]/m);
    expect(tokenCreateHelp.status).toBe(0);
    expect(tokenCreateHelp.stdout).toContain("Usage: canon token create [options]");
    expect(tokenCreateHelp.stdout).toContain("--scopes <scopes>");
    expect(tokenCreateHelp.stdout).toContain("Examples:\n  $ canon token create --component agent-1");
    expect(helpExport.stdout).toContain("Usage: canon export [options] <runId>");
  });

  it("rejects unknown commands, unknown flags and missing arguments with exit 2, before opening any database", async () => {
    const env = { CANON_DATA_DIR: path.join(dir, "never-created") };
    const results = await Promise.all([
      canonCli(["migrate", "--out", "x"], env),
      canonCli(["frobnicate"], env),
      canonCli(["verify"], env),
      canonCli(["verify", "run-1", "--all"], env),
      canonCli(["export"], env),
      canonCli(["token", "create", "--component", "x", "--kind", "ROBOT", "--scopes", "run:read"], env),
      canonCli(["token", "create", "--component", "x", "--kind", "RUNTIME", "--scopes", "run:everything"], env),
      canonCli(["token", "revoke"], env),
      canonCli(["serve", "--port", "http"], env),
    ]);
    for (const result of results) {
      expect(result.status, result.stderr).toBe(result === results[8] ? 78 : 2);
      noStack(result);
    }
    expect(results[0]!.stderr).toContain("unknown option '--out'");
    expect(results[1]!.stderr).toContain("unknown command 'frobnicate'");
    expect(results[5]!.stderr).toContain("Allowed choices are RUNTIME");
    expect(results[6]!.stderr).toContain("unknown: run:everything");
    expect(results[8]!.stderr).toContain('--port="http" is not valid: expected a port number from 0 to 65535');
    expect(existsSync(env.CANON_DATA_DIR), "no data directory was created").toBe(false);
  });

  it("names the variable, the accepted values and the host for configuration and connection problems", async () => {
    const [loud, mysql, notUrl, unreachable] = await Promise.all([
      canonCli(["migrate"], { CANON_LOG_LEVEL: "loud" }),
      canonCli(["verify", "--all"], { DATABASE_URL: "mysql://root@localhost/canon" }),
      canonCli(["token", "list"], { DATABASE_URL: "not-a-url" }),
      canonCli(["token", "list"], { DATABASE_URL: "postgresql://canon@127.0.0.1:1/canon" }),
    ]);
    expect(loud.status).toBe(78);
    expect(loud.stderr).toContain('CANON_LOG_LEVEL="loud" is not valid: expected fatal, error, warn, info, debug, trace, silent');
    expect(mysql.status).toBe(78);
    expect(mysql.stderr).toContain('DATABASE_URL="mysql://root@localhost/canon" is not valid: expected a PostgreSQL URL');
    expect(notUrl.stderr).toContain('DATABASE_URL="not-a-url" is not valid');
    expect(unreachable.status).toBe(78);
    expect(unreachable.stderr).toContain("cannot connect to the PostgreSQL server in DATABASE_URL (host 127.0.0.1, port 1)");
    for (const result of [loud, mysql, notUrl, unreachable]) noStack(result);
  });

  it("says where it looked instead of creating an empty data directory (token list from another directory)", async () => {
    const elsewhere = mkdtempSync(path.join(dir, "elsewhere-"));
    const listed = await canonCli(["token", "list"], {}, { cwd: elsewhere });
    expect(listed.status).toBe(78);
    expect(listed.stderr).toContain(
      `CANON_DATA_DIR is not set, so the default ./.canon/data is taken from the current directory: ${path.join(elsewhere, ".canon/data")}`,
    );
    expect(listed.stderr).toContain("Nothing was created");
    expect(readdirSync(elsewhere)).toEqual([]);
  });

  it("leaves the schema to serve and migrate: other commands refuse a database that needs migrating", async () => {
    const dataDir = path.join(dir, "unmigrated");
    await (await PGlite.create(dataDir)).close();
    const listed = await canonCli(["token", "list"], { CANON_DATA_DIR: dataDir });
    expect(listed.status).toBe(78);
    expect(listed.stderr).toMatch(/needs migrating \(\d+ pending: .*\); run `canon migrate` first/);
    const migrated = await canonCli(["migrate"], { CANON_DATA_DIR: dataDir });
    expect(migrated.status, migrated.stderr).toBe(0);
    expect(migrated.stderr).toContain(`applied 20261202120000_init`);
    const again = await canonCli(["token", "list"], { CANON_DATA_DIR: dataDir });
    expect(again.status, again.stderr).toBe(0);
  });

  it("exports nothing on failure: no stack trace, no empty or partial file", async () => {
    const dataDir = path.join(dir, "unmigrated");
    const out = path.join(dir, "exports");
    execFileSync("mkdir", ["-p", out]);
    const [missingDir, unknownRun] = await Promise.all([
      canonCli(["export", "run-x", "--out", "/nonexistent-dir/x.ndjson"], { CANON_DATA_DIR: dataDir }),
      canonCli(["export", "run-nope", "--out", path.join(out, "f.ndjson")], { CANON_DATA_DIR: dataDir }),
    ]);
    expect(missingDir.status).toBe(2);
    expect(missingDir.stderr).toContain("cannot write /nonexistent-dir/x.ndjson: the directory /nonexistent-dir does not exist");
    expect(unknownRun.status).toBe(1);
    expect(unknownRun.stderr).toContain("run run-nope does not exist");
    expect(readdirSync(out)).toEqual([]);
    for (const result of [missingDir, unknownRun]) noStack(result);
  });

  it("says what a port already in use means, in one line", async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const result = await canonCli(["serve", "--port", String(port)], { CANON_DATA_DIR: ":memory:" });
      expect(result.status).toBe(1);
      expect(result.stderr.trim()).toBe(
        `canon serve: port ${port} on 127.0.0.1 is already in use: stop what listens there, or choose another port with --port or CANON_PORT`,
      );
    } finally {
      blocker.close();
    }
  });

  it.skipIf(!existsSync("/usr/bin/script"))("prints usage for `canon import` with no file on a terminal, instead of waiting", async () => {
    // util-linux `script` gives the command a terminal as stdin.
    const result = spawnSync("script", ["-qec", `${process.execPath} ${CANON_MAIN} import`, "/dev/null"], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      encoding: "utf8",
      timeout: 60_000,
      env: { ...process.env, CANON_DATA_DIR: path.join(dir, "none") },
    });
    expect(result.status).toBe(2);
    expect(result.stdout).toContain("Usage: canon import [options] [file]");
    expect(result.stdout).toContain("give a file, or pipe an export into stdin");
    expect(existsSync(path.join(dir, "none"))).toBe(false);
  });
});
