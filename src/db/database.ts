// Opens Canon's database: embedded PGlite in a directory by default, PostgreSQL when a URL
// is given. Both sit behind the same Prisma client and the same migrations.
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import pg from "pg";
import { PrismaClient } from "./generated/client.js";
import { lockDataDir } from "./data-dir-lock.js";
import { createPgliteDataDir, PGLITE_START_PARAMS } from "./pglite-initdb.js";
import { DatabaseUnreachableError, DataDirCreationError, MissingDataDirError } from "./database-errors.js";
import { pgliteConnection, pgPoolConnection, type SqlConnection } from "./sql-connection.js";

export type DatabaseOptions = { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string; poolSize?: number };

export interface Database {
  kind: DatabaseOptions["kind"];
  /** Where the data lives, for people: a directory, `memory`, or the URL without its password. */
  location: string;
  prisma: PrismaClient;
  sql: SqlConnection;
  /** The Postgres connection settings, for components that need their own session (LISTEN). */
  postgresUrl?: string;
  /** PGlite: this open created the data directory (it held no database before). */
  created?: boolean;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** Who opens it, recorded with the data directory's lock (e.g. `canon serve`). */
  purpose?: string;
  /** PGlite: refuse a directory that holds no database yet instead of creating one. */
  mustExist?: boolean;
  /** PGlite: the directory's lock was lost (it could not be refreshed); by default, throws. */
  onLockLost?: (error: Error) => void;
}

export const MEMORY_DATA_DIR = ":memory:";

export { DatabaseUnreachableError, DataDirCreationError, MissingDataDirError };

/** Whether `dataDir` holds an embedded database (PostgreSQL writes PG_VERSION first thing). */
export const hasPgliteDatabase = (dataDir: string): boolean => existsSync(path.join(dataDir, "PG_VERSION"));

export async function openDatabase(options: DatabaseOptions, open: OpenOptions = {}): Promise<Database> {
  return options.kind === "pglite" ? openPglite(options.dataDir, open) : openPostgres(options.url, options.poolSize);
}

async function openPglite(dataDir: string, open: OpenOptions): Promise<Database> {
  if (dataDir === MEMORY_DATA_DIR) return pgliteDatabase(await PGlite.create(undefined, { startParams: PGLITE_START_PARAMS }), "memory");
  const location = path.resolve(dataDir);
  const created = !hasPgliteDatabase(location);
  if (created && open.mustExist) throw new MissingDataDirError(location);
  mkdirSync(location, { recursive: true });
  const lock = await lockDataDir(
    location,
    open.purpose ?? "canon",
    open.onLockLost ??
      ((error) => {
        throw error;
      }),
  );
  try {
    // initdb in a child process: its memory is returned when the child exits (pglite-initdb.ts).
    if (created) await createPgliteDataDir(location);
    return { ...pgliteDatabase(await PGlite.create(location, { startParams: PGLITE_START_PARAMS }), location, lock.release), created };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

function pgliteDatabase(client: PGlite, location: string, release = async () => {}): Database {
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(client) });
  return {
    kind: "pglite",
    location,
    prisma,
    sql: pgliteConnection(client),
    async close() {
      try {
        await prisma.$disconnect();
        await client.close();
      } finally {
        await release();
      }
    },
  };
}

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client losing its server connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  try {
    await pool.query("SELECT 1");
  } catch (error) {
    await pool.end().catch(() => {});
    throw new DatabaseUnreachableError(
      `cannot connect to the PostgreSQL server in DATABASE_URL (${serverOf(url)}): ${(error as Error).message}`,
    );
  }
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    kind: "postgres",
    location: redactPassword(url),
    prisma,
    sql: pgPoolConnection(pool),
    postgresUrl: url,
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

/** host:port of a PostgreSQL URL, for messages. */
function serverOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `host ${parsed.hostname || "localhost (socket)"}, port ${parsed.port || 5432}`;
  } catch {
    return "an unparseable URL";
  }
}

export function redactPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "postgresql://(unparseable url)";
  }
}
