// Every test file gets its own empty, migrated database: an in-memory PGlite by default, or a
// freshly created database on the server named by TEST_DATABASE_URL.
import { MEMORY_DATA_DIR, openDatabase, type Database, type DatabaseOptions } from "../../src/db/database.js";
import { migrate } from "../../src/db/migrator.js";
import { createScratchDatabase } from "../../scripts/scratch-database.js";

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
  const scratch = await createScratchDatabase(adminUrl, "canon_test");
  return { options: { kind: "postgres", url: scratch.url, poolSize: 20 }, dispose: scratch.drop };
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
