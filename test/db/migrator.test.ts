// Canon's migrator must behave like `prisma migrate deploy` (same bookkeeping, same lock), so
// that either can take over from the other, and must never leave a half-applied migration.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../src/db/database.js";
import { DEFAULT_MIGRATIONS_DIR, MigrationError, migrate, readMigrations, type Migration } from "../../src/db/migrator.js";
import { backendName, createTestDatabase, onPostgres, type TestDatabase } from "../support/database.js";

interface MigrationRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | string | null;
  rolled_back_at: Date | string | null;
  applied_steps_count: number;
}

const migrations = readMigrations();
const migrationNames = migrations.map((m) => m.name);

function query<Row>(db: Database, text: string, params: unknown[] = []): Promise<Row[]> {
  return db.sql.withSession((session) => session.query<Row>(text, params));
}

function recordedMigrations(db: Database): Promise<MigrationRow[]> {
  return query<MigrationRow>(
    db,
    `SELECT migration_name, checksum, finished_at, rolled_back_at, applied_steps_count
       FROM "_prisma_migrations" ORDER BY migration_name`,
  );
}

/** Hashed here from the bytes on disk, independently of readMigrations(). */
function checksumOfFile(name: string): string {
  return createHash("sha256")
    .update(readFileSync(path.join(DEFAULT_MIGRATIONS_DIR, name, "migration.sql")))
    .digest("hex");
}

/** Advisory locks still held in this database: a migrator that leaked one would block the next start. */
async function heldAdvisoryLocks(db: Database): Promise<number> {
  const [row] = await query<{ held: number }>(
    db,
    `SELECT count(*)::int AS held FROM pg_locks
      WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );
  return row?.held ?? 0;
}

async function tableExists(db: Database, table: string): Promise<boolean> {
  const [row] = await query<{ found: string | null }>(db, `SELECT to_regclass($1)::text AS found`, [table]);
  return row?.found != null;
}

describe(`migrator on ${backendName}`, () => {
  let testDatabase: TestDatabase;
  let db: Database;

  // Every case starts from an empty database: they are about what happens to one.
  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    db = await openDatabase(testDatabase.options);
  });
  afterEach(async () => {
    await db.close();
    await testDatabase.dispose();
  });

  it("applies every migration once, records it as Prisma does, and then has nothing left to do", async () => {
    expect(migrationNames.length).toBeGreaterThan(0);

    const first = await migrate(db.sql);
    expect(first).toEqual({ applied: migrationNames, alreadyApplied: [] });

    const rows = await recordedMigrations(db);
    expect(rows.map((row) => row.migration_name)).toEqual(migrationNames);
    for (const row of rows) {
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(row.checksum).toBe(checksumOfFile(row.migration_name));
      expect(row.finished_at).not.toBeNull();
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }

    const second = await migrate(db.sql);
    expect(second).toEqual({ applied: [], alreadyApplied: migrationNames });
    expect(await recordedMigrations(db)).toEqual(rows);
    expect(await heldAdvisoryLocks(db)).toBe(0);
  });

  it("lets two concurrent starts both succeed, applying each migration exactly once", async () => {
    // On Postgres a second Database is a second pool, so two sessions really race for the
    // advisory lock; PGlite has only one session, so the same database is used twice.
    const other = onPostgres ? await openDatabase(testDatabase.options) : db;
    try {
      const [a, b] = await Promise.all([migrate(db.sql), migrate(other.sql)]);

      expect([...a.applied, ...b.applied].sort()).toEqual(migrationNames);
      expect([...a.alreadyApplied, ...b.alreadyApplied].sort()).toEqual(migrationNames);
      const rows = await recordedMigrations(db);
      expect(rows.map((row) => row.migration_name)).toEqual(migrationNames);
      expect(rows.every((row) => row.finished_at !== null)).toBe(true);
      expect(await heldAdvisoryLocks(db)).toBe(0);
    } finally {
      if (other !== db) await other.close();
    }
  });

  it("refuses to start when an applied migration was changed afterwards, naming it", async () => {
    await migrate(db.sql);
    const [edited, ...rest] = migrations as [Migration, ...Migration[]];
    const sql = `${edited.sql}\n-- an edit made after the migration was applied\n`;
    const changed: Migration = { ...edited, sql, checksum: createHash("sha256").update(sql).digest("hex") };

    const attempt = migrate(db.sql, [changed, ...rest]);

    await expect(attempt).rejects.toBeInstanceOf(MigrationError);
    await expect(attempt).rejects.toThrow(edited.name);
    expect(await heldAdvisoryLocks(db)).toBe(0);
  });

  it("rolls a failing migration back entirely and does not record it", async () => {
    // Named to sort after every real migration, so those are applied first and must stay applied.
    const failing: Migration = {
      name: "99991231235959_fails_halfway",
      sql: `CREATE TABLE "created_by_failing_migration" ("id" INTEGER NOT NULL);
            SELECT * FROM "no_such_table";`,
      checksum: "0".repeat(64),
    };

    const attempt = migrate(db.sql, [...migrations, failing]);

    await expect(attempt).rejects.toBeInstanceOf(MigrationError);
    await expect(attempt).rejects.toThrow(failing.name);
    expect(await tableExists(db, "created_by_failing_migration")).toBe(false);
    const rows = await recordedMigrations(db);
    expect(rows.map((row) => row.migration_name)).toEqual(migrationNames);
    expect(await heldAdvisoryLocks(db)).toBe(0);
    // The session is left usable: the real migrations are simply found applied.
    expect(await migrate(db.sql)).toEqual({ applied: [], alreadyApplied: migrationNames });
  });
});
