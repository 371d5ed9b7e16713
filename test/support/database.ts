// Every test file gets its own empty, migrated database: an in-memory PGlite by default, or a
// freshly created database on the server named by TEST_DATABASE_URL.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { MEMORY_DATA_DIR, openDatabase, type Database, type DatabaseOptions } from "../../src/store/database.js";
import { migrate } from "../../src/store/migrator.js";

export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
export const backendName = onPostgres ? "postgres" : "pglite";

export interface TestDatabase {
  options: DatabaseOptions;
  /** Drops the database (Postgres); PGlite in memory simply goes away. */
  dispose(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { options: { kind: "pglite", dataDir: MEMORY_DATA_DIR }, dispose: async () => {} };
  const name = `canon_test_${randomBytes(6).toString("hex")}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    options: { kind: "postgres", url: url.toString(), poolSize: 20 },
    dispose: () => withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}

/** An opened and migrated database, plus its disposal. */
export async function openMigratedDatabase(): Promise<{ db: Database; options: DatabaseOptions; dispose(): Promise<void> }> {
  const test = await createTestDatabase();
  const db = await openDatabase(test.options);
  await migrate(db.sql);
  return {
    db,
    options: test.options,
    async dispose() {
      await db.close();
      await test.dispose();
    },
  };
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
