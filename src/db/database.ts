// Opens Canon's database: embedded PGlite in a directory by default, PostgreSQL when a URL
// is given. Both sit behind the same Prisma client and the same migrations.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import pg from "pg";
import { PrismaClient } from "./generated/client.js";
import { pgliteConnection, pgPoolConnection, type SqlConnection } from "./sql-connection.js";

export type DatabaseOptions =
  | { kind: "pglite"; dataDir: string }
  | { kind: "postgres"; url: string; poolSize?: number };

export interface Database {
  kind: DatabaseOptions["kind"];
  /** Where the data lives, for people: a directory, `memory`, or the URL without its password. */
  location: string;
  prisma: PrismaClient;
  sql: SqlConnection;
  /** The Postgres connection settings, for components that need their own session (LISTEN). */
  postgresUrl?: string;
  close(): Promise<void>;
}

export const MEMORY_DATA_DIR = ":memory:";

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === "pglite" ? openPglite(options.dataDir) : openPostgres(options.url, options.poolSize);
}

/**
 * PGlite's memory (BENCHMARKS.md, embedded memory): its WASM heap never shrinks, and PostgreSQL's
 * default 128 MB of shared buffers are touched at start, so they stay resident. Canon's embedded
 * database is one process with one connection: 16 MB of buffers hold its working set.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir === MEMORY_DATA_DIR;
  const location = inMemory ? "memory" : path.resolve(dataDir);
  if (!inMemory) mkdirSync(location, { recursive: true });
  const client = await PGlite.create(inMemory ? undefined : location, { startParams: PGLITE_START_PARAMS });
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(client) });
  return {
    kind: "pglite",
    location,
    prisma,
    sql: pgliteConnection(client),
    async close() {
      await prisma.$disconnect();
      await client.close();
    },
  };
}

async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client losing its server connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
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

export function redactPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "postgresql://(unparseable url)";
  }
}
