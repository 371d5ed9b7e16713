#!/usr/bin/env node
// canon serve [--port N] [--host H]   run the GraphQL server
// canon migrate                        apply pending migrations and exit
import { parseArgs } from "node:util";
import { configFromEnv } from "../server/config.js";
import { startCanon } from "../server/canon-server.js";
import { openDatabase } from "../store/database.js";
import { migrate } from "../store/migrator.js";

const USAGE = `usage:
  canon serve [--port 4000] [--host 127.0.0.1]
  canon migrate

Configuration comes from the environment (DATABASE_URL, CANON_DATA_DIR, ...): see README.md.`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { port: { type: "string" }, host: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  const command = positionals[0];
  if (values.help || !command) {
    console.log(USAGE);
    return command || values.help ? 0 : 2;
  }
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) {
    console.error(`--port must be a port number, got "${values.port}"`);
    return 2;
  }
  const config = configFromEnv(process.env, { host: values.host, port });
  if (command === "migrate") return runMigrate(config.database);
  if (command === "serve") return serve(config);
  console.error(`unknown command "${command}"\n${USAGE}`);
  return 2;
}

async function runMigrate(options: Parameters<typeof openDatabase>[0]): Promise<number> {
  const database = await openDatabase(options);
  try {
    const report = await migrate(database.sql);
    console.log(
      report.applied.length
        ? `applied ${report.applied.join(", ")} to ${database.location}`
        : `${database.location} is up to date (${report.alreadyApplied.length} migrations)`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

async function serve(config: ReturnType<typeof configFromEnv>): Promise<number> {
  const canon = await startCanon(config);
  const where = canon.database.kind === "pglite" ? `embedded PGlite at ${canon.database.location}` : `PostgreSQL at ${canon.database.location}`;
  console.log(`Canon is serving ${canon.url} (open it in a browser for GraphiQL); data: ${where}`);
  await new Promise<void>((resolve) => {
    const stop = (signal: string) => {
      canon.logger.info({ signal }, "shutting down");
      resolve();
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  await canon.close();
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`canon: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
