// Applies prisma/migrations/*/migration.sql in order, each in its own transaction, and
// records them in `_prisma_migrations` exactly as `prisma migrate deploy` does, so either
// tool can take over from the other. A Postgres advisory lock makes concurrent starts safe.
import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CanonError } from "../contracts/errors.js";
import type { SqlConnection, SqlSession } from "./sql-connection.js";

export const DEFAULT_MIGRATIONS_DIR = fileURLToPath(new URL("../../prisma/migrations", import.meta.url));

/** The same key Prisma Migrate locks on, so Canon and `prisma migrate deploy` exclude each other. */
const ADVISORY_LOCK_KEY = 72707369;

const BOOKKEEPING_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
);`;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrationReport {
  applied: string[];
  alreadyApplied: string[];
}

export function readMigrations(dir = DEFAULT_MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

export class MigrationError extends CanonError {
  constructor(message: string) {
    super({ family: "SYSTEM", code: "ERR_MIGRATION", message, retryable: false });
  }
}

export async function migrate(connection: SqlConnection, migrations = readMigrations()): Promise<MigrationReport> {
  return connection.withSession(async (session) => {
    await session.query("SELECT pg_advisory_lock($1)", [ADVISORY_LOCK_KEY]);
    try {
      return await applyPending(session, migrations);
    } finally {
      await session.query("SELECT pg_advisory_unlock($1)", [ADVISORY_LOCK_KEY]);
    }
  });
}

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | string | null;
}

async function applyPending(session: SqlSession, migrations: Migration[]): Promise<MigrationReport> {
  await session.exec(BOOKKEEPING_TABLE);
  const rows = await session.query<AppliedRow>(
    `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
  );
  const applied = new Map(rows.map((row) => [row.migration_name, row]));
  const known = new Set(migrations.map((m) => m.name));
  for (const row of rows) {
    if (row.finished_at === null) {
      throw new MigrationError(`migration ${row.migration_name} started but never finished; resolve it before starting Canon`);
    }
    if (!known.has(row.migration_name)) {
      throw new MigrationError(`the database has migration ${row.migration_name}, which this Canon does not know; run a newer Canon`);
    }
  }
  const report: MigrationReport = { applied: [], alreadyApplied: [] };
  for (const migration of migrations) {
    const done = applied.get(migration.name);
    if (done) {
      if (done.checksum !== migration.checksum) {
        throw new MigrationError(
          `migration ${migration.name} was changed after it was applied (checksum ${done.checksum} in the database, ${migration.checksum} on disk); restore the original file and add a new migration instead`,
        );
      }
      report.alreadyApplied.push(migration.name);
      continue;
    }
    await session.exec("BEGIN");
    try {
      await session.exec(migration.sql);
      await session.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
         VALUES ($1, $2, $3, now(), now(), 1)`,
        [randomUUID(), migration.checksum, migration.name],
      );
      await session.exec("COMMIT");
    } catch (error) {
      await session.exec("ROLLBACK");
      throw new MigrationError(`migration ${migration.name} failed and was rolled back: ${(error as Error).message}`);
    }
    report.applied.push(migration.name);
  }
  return report;
}

/**
 * The migrations this database still needs, found without applying or writing anything: the
 * commands other than `serve` and `migrate` only read the schema, and refuse one that is behind.
 */
export async function pendingMigrations(connection: SqlConnection, migrations = readMigrations()): Promise<string[]> {
  return connection.withSession(async (session) => {
    const [bookkeeping] = await session.query<{ present: boolean }>(`SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS present`);
    if (!bookkeeping?.present) return migrations.map((m) => m.name);
    const rows = await session.query<{ migration_name: string }>(
      `SELECT migration_name FROM "_prisma_migrations" WHERE rolled_back_at IS NULL AND finished_at IS NOT NULL`,
    );
    const applied = new Set(rows.map((row) => row.migration_name));
    return migrations.filter((m) => !applied.has(m.name)).map((m) => m.name);
  });
}
