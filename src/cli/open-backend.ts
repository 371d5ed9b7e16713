// Opens what a data command (token, verify, export, import) acts on. An embedded directory held
// by a running `canon serve` is reached through that server; held by anything else, the command
// is refused with the holder's pid. Never a second opener. These commands read the schema but
// never change it: a database that needs migrating is refused with the command to run.
import { DataDirBusyError } from "../db/data-dir-lock.js";
import { DatabaseUnreachableError, MEMORY_DATA_DIR, MissingDataDirError, openDatabase, type Database } from "../db/database.js";
import { pendingMigrations } from "../db/migrator.js";
import type { CanonConfig } from "../server/config.js";
import { readLocalServer } from "../server/local-admin.js";
import type { Backend } from "./backend.js";
import { CliError, EXIT } from "./cli-error.js";
import { directBackend } from "./direct-backend.js";
import { remoteBackend } from "./remote-backend.js";

export async function openBackend(config: CanonConfig, command: string, env: NodeJS.ProcessEnv = process.env): Promise<Backend> {
  const options = config.database;
  if (options.kind === "pglite" && options.dataDir === MEMORY_DATA_DIR) {
    throw new CliError(
      `CANON_DATA_DIR=${MEMORY_DATA_DIR} keeps the database in one process's memory: \`canon ${command}\` cannot reach it`,
      EXIT.CONFIG,
    );
  }
  let db: Database;
  try {
    db = await openDatabase(options, { purpose: `canon ${command}`, mustExist: true });
  } catch (error) {
    if (error instanceof DataDirBusyError) {
      const server = readLocalServer(error.dataDir);
      if (server && error.holder && server.pid === error.holder.pid) return remoteBackend(server, error.dataDir);
      throw new CliError(
        `${error.message}. Wait until it has finished (or stop it) and try again` +
          (error.holder?.command === "canon serve" ? "; a server that has just started answers such commands once it is listening" : ""),
        EXIT.BUSY,
      );
    }
    if (error instanceof MissingDataDirError) throw new CliError(missingDataDir(error.dataDir, env), EXIT.CONFIG);
    if (error instanceof DatabaseUnreachableError) throw new CliError(error.message, EXIT.CONFIG);
    throw error;
  }
  const pending = await pendingMigrations(db.sql).catch(async (error: unknown) => {
    await db.close();
    throw error;
  });
  if (pending.length) {
    await db.close();
    throw new CliError(
      `the database at ${db.location} needs migrating (${pending.length} pending: ${pending.join(", ")}); run \`canon migrate\` first ` +
        "(or start `canon serve`, which migrates). Only those two change the schema",
      EXIT.CONFIG,
    );
  }
  return directBackend(db);
}

/** No database where the command looked: say where it looked and why, create nothing. */
export function missingDataDir(dataDir: string, env: NodeJS.ProcessEnv): string {
  const where = env.CANON_DATA_DIR
    ? `CANON_DATA_DIR points at ${dataDir}`
    : `CANON_DATA_DIR is not set, so the default ./.canon/data is taken from the current directory: ${dataDir}`;
  return (
    `there is no Canon database here: ${where}. Nothing was created. Set CANON_DATA_DIR to the directory \`canon serve\` uses ` +
    "(or DATABASE_URL for PostgreSQL), or create a new database with `canon migrate`"
  );
}
