// canon serve and canon migrate: the two commands that may create a database or change its schema.
// For people, on stderr: the banner (where to point a browser, where the data lives) and hints.
// The server's structured logs go to stdout (pino).
import cluster from "node:cluster";
import { openDatabase, type Database } from "../db/database.js";
import { migrate } from "../db/migrator.js";
import type { CanonConfig } from "../server/config.js";
import { prepareDatabase, startCanon } from "../server/canon-server.js";
import { runCanonWorker } from "../server/canon-worker.js";
import { localUrl } from "../server/local-admin.js";
import { createLogger } from "../server/logger.js";
import { WorkersNeedPostgresError } from "../server/startup-errors.js";
import { startWorkerPool, type WorkerPool } from "../server/worker-pool.js";
import { TokenStore } from "../store/token-store.js";
import { LOCAL_ADMIN_LABEL } from "../store/local-admin-token.js";
import { SCOPES } from "../domain/principal.js";
import { EXIT } from "./cli-error.js";

type Out = Pick<NodeJS.WritableStream, "write">;

export async function migrateCommand(config: CanonConfig, err: Out = process.stderr): Promise<number> {
  const database = await openDatabase(config.database, { purpose: "canon migrate" });
  try {
    if (database.created) err.write(`created a new, empty database in ${database.location}\n`);
    const report = await migrate(database.sql);
    err.write(
      report.applied.length
        ? `applied ${report.applied.join(", ")} to ${database.location}\n`
        : `${database.location} is up to date (${report.alreadyApplied.length} migrations)\n`,
    );
    return EXIT.OK;
  } finally {
    await database.close();
  }
}

/**
 * `canon serve`: one process (CANON_WORKERS=1, the default), or a primary that does the
 * start-up work once and then forks CANON_WORKERS processes that serve (PostgreSQL only).
 */
export async function serveCommand(config: CanonConfig, err: Out = process.stderr): Promise<number> {
  if (cluster.isWorker) return (await runCanonWorker(config), EXIT.OK);
  const workers = config.workers ?? 1;
  if (workers > 1 && config.database.kind !== "postgres") throw new WorkersNeedPostgresError(workers);
  return workers > 1 ? serveWithWorkers(config, workers, err) : serveInThisProcess(config, err);
}

async function serveInThisProcess(config: CanonConfig, err: Out): Promise<number> {
  let lockLost: Error | undefined;
  let stop: (signal: string) => void = () => {};
  const stopped = new Promise<string>((resolve) => (stop = resolve));
  const canon = await startCanon(config, {
    bootstrapAdmin: true,
    onLockLost: (error) => {
      lockLost = error;
      stop("lock lost");
    },
  });
  await printBanner(err, config, { url: canon.url, database: canon.database, tokens: canon.tokens, bootstrapToken: canon.bootstrapToken });
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
  const signal = await stopped;
  canon.logger.info({ signal }, "shutting down");
  await canon.close();
  if (lockLost) {
    err.write(`canon serve: stopped: lost the lock on the data directory (${lockLost.message})\n`);
    return EXIT.FAILED;
  }
  return EXIT.OK;
}

/**
 * The primary does the start-up work once (migrate, tokens) and prints the banner once its
 * workers serve; the workers serve; on SIGINT or SIGTERM each worker finishes in-flight work
 * and completes its subscriptions, then the primary exits.
 */
async function serveWithWorkers(config: CanonConfig, count: number, err: Out): Promise<number> {
  const logger = createLogger(config.logLevel);
  const { database, bootstrapToken } = await prepareDatabase(config, logger, { bootstrapAdmin: true });
  let pool: WorkerPool;
  try {
    pool = await startWorkerPool({ count, port: config.port, logger, graceMs: config.shutdownGraceMs + 5_000 });
    const url = localUrl(config.host, pool.port);
    await printBanner(err, config, { url, database, tokens: new TokenStore(database), bootstrapToken, workers: count });
  } finally {
    // The workers have connections of their own: the primary needs none while they serve.
    await database.close();
  }
  const signal = await new Promise<string>((resolve) => {
    process.once("SIGINT", () => resolve("SIGINT"));
    process.once("SIGTERM", () => resolve("SIGTERM"));
  });
  logger.info({ signal }, "shutting down");
  await pool.stop();
  logger.info("Canon stopped");
  return EXIT.OK;
}

/** For people, on stderr: where Canon serves, where the data lives, and how to get in. */
async function printBanner(
  err: Out,
  config: CanonConfig,
  {
    url,
    database: db,
    tokens,
    bootstrapToken,
    workers,
  }: { url: string; database: Database; tokens: TokenStore; bootstrapToken?: string; workers?: number },
) {
  const where = db.kind === "pglite" ? `embedded PGlite at ${db.location}` : `PostgreSQL at ${db.location}`;
  const graphiql = config.graphiql ? "open it in a browser for GraphiQL" : "GraphiQL is off: CANON_GRAPHIQL=true turns it on";
  const listening = url.includes(`//${config.host}:`) ? "" : ` (listening on ${config.host})`;
  const processes = workers ? `, ${workers} worker processes` : "";
  err.write(`Canon is serving ${url}${listening} (${graphiql}); data: ${where}${processes}\n`);
  if (db.created) err.write(`  created a new, empty database in ${db.location} (set CANON_DATA_DIR to use another directory)\n`);
  if (bootstrapToken) {
    // First start: the only way in, shown once (like Jupyter's token URL). Only its hash is kept.
    err.write(`First start: created an admin token. It is shown only this once; keep it:\n  ${bootstrapToken}\n`);
    if (config.dashboard ?? true) err.write(`Dashboard with it: ${new URL(url).origin}/dashboard?token=${bootstrapToken}\n`);
    if (config.graphiql) err.write(`GraphiQL with it: ${url}?token=${bootstrapToken}\n`);
  } else if (!config.adminToken) {
    err.write(`${await tokenHint(tokens, db.kind === "postgres" || db.location !== "memory")}\n`);
  }
}

/**
 * No token is printed after the first start: say which admin tokens exist, and what to do when
 * the one printed then is lost (`canon token create` reaches this server through its local file).
 */
async function tokenHint(
  tokens: {
    list(): Promise<{ tokenId: string; label: string | null; revokedAt: Date | null; scopes: readonly string[]; createdAt: Date }[]>;
  },
  reachable: boolean,
) {
  const admins = (await tokens.list()).filter(
    (t) => !t.revokedAt && t.label !== LOCAL_ADMIN_LABEL && SCOPES.every((s) => t.scopes.includes(s)),
  );
  const known = admins.length
    ? `admin token${admins.length > 1 ? "s" : ""} ${admins.map((t) => `${t.tokenId} (made ${t.createdAt.toISOString().slice(0, 10)})`).join(", ")}`
    : "no admin token";
  const create = `canon token create --component <you> --kind HUMAN --trust SECRET --scopes ${SCOPES.join(",")}`;
  if (!reachable)
    return `Tokens: ${known}. An in-memory database is reachable only through this server: restart it with CANON_ADMIN_TOKEN set to get in.`;
  return `Tokens: ${known}; the first start printed it once. Lost it? In another terminal, run \`${create}\`, then revoke the lost one with \`canon token revoke <id>\`.`;
}
