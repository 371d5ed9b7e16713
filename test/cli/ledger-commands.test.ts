// `canon export | canon import` round-trips a run with its whole ledger, `canon verify` accepts
// it, refuses a tampered file, and exits non-zero on a tampered database row.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InProcessChangeFeed } from "../../src/live/change-feed.js";
import { openDatabase, type Database } from "../../src/db/database.js";
import { migrate } from "../../src/db/migrator.js";
import { RunStore } from "../../src/store/run-store.js";
import { CANON_MAIN } from "../support/canon-cli.js";
import { backendName, createTestDatabase, type TestDatabase } from "../support/database.js";
import { producer, provenance, startInput } from "../support/fixtures.js";
import { toolReceipt, WRITERS } from "../support/realistic-run.js";

const repoRoot = path.resolve(import.meta.dirname, "../..");

// Each CLI call is a fresh process that opens its database (a new PGlite directory takes seconds
// to initialise on these 2-core machines), so this file gets more time than the default.
describe(`canon export / import / verify on ${backendName}`, { timeout: 400_000 }, () => {
  let source: TestDatabase;
  let target: TestDatabase;
  let dir: string;
  let runId: string;

  /** Runs the real CLI against a database; PGlite directories are used by one process at a time. */
  const canon = (database: TestDatabase, ...args: string[]) => {
    const env =
      database.options.kind === "postgres" ? { DATABASE_URL: database.options.url } : { CANON_DATA_DIR: database.options.dataDir };
    return spawnSync(process.execPath, [CANON_MAIN, ...args], {
      cwd: repoRoot,
      env: { ...process.env, CANON_LOG_LEVEL: "silent", DATABASE_URL: "", ...env },
      encoding: "utf8",
      timeout: 180_000,
    });
  };

  async function withDb<T>(database: TestDatabase, work: (db: Database) => Promise<T>): Promise<T> {
    const db = await openDatabase(database.options);
    try {
      await migrate(db.sql);
      return await work(db);
    } finally {
      await db.close();
    }
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "canon-cli-"));
    // PGlite in memory would vanish with each process: give each database a directory.
    source = await createTestDatabase();
    target = await createTestDatabase();
    if (source.options.kind === "pglite") source.options.dataDir = path.join(dir, "source");
    if (target.options.kind === "pglite") target.options.dataDir = path.join(dir, "target");
    runId = await withDb(source, async (db) => {
      const store = new RunStore(db, new InProcessChangeFeed());
      const { run } = await store.startRun(startInput);
      for (let v = 0; v < 20; v++) {
        await store.commitState({
          runId: run.id,
          expectedVersion: v,
          operations: [{ op: "setPlan", args: { plan: { step: v } } }],
          producer,
          provenance,
        });
      }
      const ids = { runId: run.id, sessionId: run.sessionId, taskId: run.taskId };
      const receipt = toolReceipt(ids, `tool-${run.id}`, 20, "SUCCESS");
      // A receipt is recorded by its producer, the tool runner.
      await store.commitState({
        runId: run.id,
        expectedVersion: 20,
        operations: [{ op: "recordToolReceipt", args: { receipt } }],
        ...WRITERS.tools,
      });
      await store.recordNoop({ runId: run.id, expectedVersion: 21, reason: "nothing left", producer, provenance });
      return run.id;
    });
    // A new database and a run, on a machine that may be busy: more than the default hook time.
  }, 200_000);
  afterAll(async () => {
    await source.dispose();
    await target.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it("exports a run as NDJSON that imports elsewhere, with its receipts, and verifies", async () => {
    const file = path.join(dir, "run.ndjson");
    const exported = canon(source, "export", runId, "--out", file);
    expect(exported.status, exported.stderr).toBe(0);
    const lines = readFileSync(file, "utf8").trim().split("\n");
    expect(lines).toHaveLength(1 + 23);
    // Only serve and migrate create a database or change its schema: the target is migrated first.
    const migrated = canon(target, "migrate");
    expect(migrated.status, migrated.stderr).toBe(0);
    const imported = canon(target, "import", file);
    expect(imported.status, imported.stderr + imported.stdout).toBe(0);
    expect(imported.stdout).toContain(`imported run ${runId}: 23 ledger entries, verified`);
    const verified = canon(target, "verify", runId);
    expect(verified.status, verified.stdout).toBe(0);
    expect(verified.stdout).toContain(`ok       ${runId} (23 entries)`);
    // The receipts its commits carried are immutable rows there too.
    const receipts = await withDb(target, (db) =>
      db.prisma.receipt.findMany({ where: { runId }, select: { id: true, stateVersion: true } }),
    );
    expect(receipts).toEqual([{ id: `tool-${runId}`, stateVersion: 21 }]);
    const again = canon(target, "import", file);
    expect(again.status).not.toBe(0);
    expect(again.stderr).toContain("already exists");
  });

  it("refuses to import a file whose ledger was edited, writing nothing", () => {
    const lines = readFileSync(path.join(dir, "run.ndjson"), "utf8").trim().split("\n");
    const entry = JSON.parse(lines[5]!);
    entry.operations[0].args.plan.step = 999;
    lines[5] = JSON.stringify(entry);
    const forged = path.join(dir, "forged.ndjson");
    writeFileSync(forged, lines.join("\n"));
    const result = canon(target, "import", forged);
    expect(result.status).toBe(1);
    // Verification runs before anything is written, so it is what refuses, not the existing copy.
    expect(result.stderr).toMatch(/import refused, nothing was written: line 6 ledger does not verify at seq 4: entry hash/);
  });

  it("exits non-zero from `canon verify --all` when a stored row was tampered with", async () => {
    await withDb(
      source,
      (db) => db.prisma.$executeRaw`UPDATE "ledger_entry" SET "reason" = 'forged' WHERE "run_id" = ${runId} AND "seq" = 22`,
    );
    const result = canon(source, "verify", "--all");
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(`DIVERGED ${runId} at seq 22 (version 21): entry hash`);
    expect(result.stdout).toContain("0 verified, 1 diverged");
  });
});
