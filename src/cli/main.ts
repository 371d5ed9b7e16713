#!/usr/bin/env node
// canon serve [--port N] [--host H]   run the GraphQL server
// canon migrate                        apply pending migrations and exit
// canon verify <runId> | --all         recompute hash chains and states; non-zero exit on divergence
// canon compact <runId> | --all        store ledgers written before the delta ledger as patches
// canon export <runId> [--out F]       a run and its whole ledger as NDJSON
// canon import [F]                     import such a file (stdin by default), verified first
// canon compile "text" | --file F       compile a request to TaskIRV1 and print its open questions
// canon token create|list|revoke       API tokens (see README, "Security model")
import { parseArgs } from "node:util";
import { configFromEnv } from "../server/config.js";
import { startCanon } from "../server/canon-server.js";
import { openDatabase, type Database } from "../db/database.js";
import { migrate } from "../db/migrator.js";
import { compactCommand, exportCommand, importCommand, verifyCommand } from "./ledger-commands.js";
import { TOKEN_USAGE, tokenCommand } from "./token-commands.js";

const USAGE = `usage:
  canon serve [--port 4000] [--host 127.0.0.1]
  canon migrate
  canon verify <runId> | canon verify --all
  canon compact <runId> | canon compact --all
  canon export <runId> [--out run.ndjson]
  canon import [run.ndjson]
  canon compile "request text" | canon compile --file request.json
${TOKEN_USAGE}

Configuration comes from the environment (DATABASE_URL, CANON_DATA_DIR, ...): see README.md.`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      port: { type: "string" },
      host: { type: "string" },
      all: { type: "boolean" },
      out: { type: "string" },
      file: { type: "string" },
      help: { type: "boolean", short: "h" },
      component: { type: "string" },
      kind: { type: "string" },
      version: { type: "string" },
      trust: { type: "string" },
      scopes: { type: "string" },
      runs: { type: "string" },
      tasks: { type: "string" },
      label: { type: "string" },
    },
  });
  const command = positionals[0];
  if (values.help || !command) {
    console.log(USAGE);
    return command || values.help ? 0 : 2;
  }
  // Loaded on demand: the other commands do not pay for the compiler.
  if (command === "compile") return (await import("./compile-command.js")).compileCommand(positionals[1], values.file);
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) {
    console.error(`--port must be a port number, got "${values.port}"`);
    return 2;
  }
  const config = configFromEnv(process.env, { host: values.host, port });
  if (command === "migrate") return runMigrate(config.database);
  if (command === "serve") return serve(config);
  const target = positionals[1];
  if (command === "verify") return withDatabase(config.database, (db) => verifyCommand(db, target, values.all ?? false));
  if (command === "compact") return withDatabase(config.database, (db) => compactCommand(db, target, values.all ?? false));
  if (command === "export") return withDatabase(config.database, (db) => exportCommand(db, target, values.out));
  if (command === "import") return withDatabase(config.database, (db) => importCommand(db, target));
  if (command === "token") return withDatabase(config.database, (db) => tokenCommand(db, target, positionals[2], values));
  console.error(`unknown command "${command}"\n${USAGE}`);
  return 2;
}

/** Opens the configured database, brings its schema up to date, runs `work`, closes it. */
async function withDatabase(options: Parameters<typeof openDatabase>[0], work: (db: Database) => Promise<number>): Promise<number> {
  const database = await openDatabase(options);
  try {
    await migrate(database.sql);
    return await work(database);
  } finally {
    await database.close();
  }
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
  const canon = await startCanon(config, { bootstrapAdmin: true });
  const where = canon.database.kind === "pglite" ? `embedded PGlite at ${canon.database.location}` : `PostgreSQL at ${canon.database.location}`;
  console.log(`Canon is serving ${canon.url} (${config.graphiql ? "open it in a browser for GraphiQL" : "GraphiQL is off"}); data: ${where}`);
  if (canon.bootstrapToken) {
    // First start: the only way in, shown once (like Jupyter's token URL). Only its hash is kept.
    console.log(`First start: created an admin token. It is shown only this once; keep it:
  ${canon.bootstrapToken}`);
    if (config.graphiql) console.log(`GraphiQL with it: ${canon.url}?token=${canon.bootstrapToken}`);
  }
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
