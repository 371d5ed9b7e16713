// Starts and stops Canon: the once-per-database start-up work (prepareDatabase), serving a
// database over HTTP and WebSocket (serveDatabase, run by each worker of `canon serve`), and
// both together in one process (startCanon), with graceful shutdown.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "pino";
import { InProcessChangeFeed } from "../live/change-feed.js";
import { openDatabase, type Database } from "../db/database.js";
import { migrate } from "../db/migrator.js";
import { PostgresChangeFeed } from "../live/postgres-change-feed.js";
import { RunChangeReader } from "../live/run-changes.js";
import { RunWatcher } from "../live/run-watch.js";
import { RunsWatcher } from "../live/runs-watch.js";
import { RunStore } from "../store/run-store.js";
import { TaskStore } from "../store/task-store.js";
import { SCOPES } from "../domain/principal.js";
import { WriteLimits } from "../graphql/rate-limit.js";
import { ReadGuard } from "../graphql/read-guard.js";
import { TokenSessions } from "../graphql/token-sessions.js";
import { issueLocalAdminToken, withdrawLocalAdminTokens } from "../store/local-admin-token.js";
import { TokenStore, type TokenSpec } from "../store/token-store.js";
import { isLoopback, type CanonConfig } from "./config.js";
import { localUrl, removeLocalServer, writeLocalServer } from "./local-admin.js";
import { nameRequest } from "./request-context.js";
import { createLogger } from "./logger.js";
import { InsecureBindError, PortInUseError } from "./startup-errors.js";
import { handleTransfer } from "./transfer-routes.js";
import { attachGraphQLWebSocket } from "./websocket.js";
import { serveWebPage } from "./web-pages.js";
import { bearerToken, createCanonYoga } from "./yoga.js";
import { gateBody, sendRefusal } from "./body-gate.js";

export interface CanonServer {
  /** The GraphQL endpoint, as this machine reaches it (loopback when listening on every address). */
  url: string;
  port: number;
  database: Database;
  logger: Logger;
  /** The instance's watchers, for tests and benchmarks to read their counters. */
  watchers: { runs: RunWatcher; many: RunsWatcher };
  tokens: TokenStore;
  sessions: TokenSessions;
  /** The admin token made on first start (only with `bootstrapAdmin`), to be shown once. */
  bootstrapToken?: string;
  /** Stops accepting, lets in-flight writes finish, completes subscriptions, closes the database. */
  close(): Promise<void>;
}

/** What `canon serve` makes on first start, and CANON_ADMIN_TOKEN stands for: every scope, full trust. */
export const ADMIN_TOKEN_SPEC: TokenSpec = {
  identity: { component_id: "local-admin", component_version: "*", kind: "HUMAN" },
  trustClass: "SECRET",
  scopes: SCOPES,
  label: "admin",
};

export { InsecureBindError, PortInUseError };

export interface StartOptions {
  /** Make and print an admin token when the database has none (`canon serve` on loopback). */
  bootstrapAdmin?: boolean;
  /** The embedded data directory's lock was lost: by default the process is stopped. */
  onLockLost?: (error: Error) => void;
}

/**
 * One Canon process, start to finish: the start-up work that is done once per database
 * (prepareDatabase), then serving it (serveDatabase), then the local-server file that CLI
 * commands use to reach an embedded data directory while it is held.
 */
export async function startCanon(config: CanonConfig, options: StartOptions = {}): Promise<CanonServer> {
  const logger = createLogger(config.logLevel);
  const { database, bootstrapToken } = await prepareDatabase(config, logger, options);
  let served: ServedCanon;
  try {
    served = await serveDatabase(config, database, logger);
  } catch (error) {
    await database.close();
    throw error;
  }
  // An embedded directory has one owner, this process: local CLI commands reach the data through it.
  const localDataDir = database.kind === "pglite" && database.location !== "memory" ? database.location : undefined;
  const localAdmin = localDataDir ? await issueLocalAdminToken(database, ADMIN_TOKEN_SPEC) : undefined;
  if (localDataDir && localAdmin)
    writeLocalServer(localDataDir, { pid: process.pid, url: served.url, token: localAdmin.token, startedAt: new Date().toISOString() });

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      if (localDataDir) removeLocalServer(localDataDir);
      await served.stop();
      if (localAdmin) await withdrawLocalAdminTokens(database).catch(() => {});
      await database.close();
      logger.info("Canon stopped");
    })());
  return { ...served, database, logger, bootstrapToken, close };
}

/**
 * The start-up work done once per server, however many processes then serve it: open the
 * database, migrate it, withdraw local admin tokens a crashed run left behind, and make sure
 * there is a way in (CANON_ADMIN_TOKEN, or a bootstrap admin token). The caller owns the
 * database it returns (and closes it).
 */
export async function prepareDatabase(
  config: CanonConfig,
  logger: Logger,
  options: StartOptions = {},
): Promise<{ database: Database; bootstrapToken?: string }> {
  const database = await openDatabase(config.database, { purpose: "canon serve", onLockLost: options.onLockLost });
  try {
    const migrations = await migrate(database.sql);
    if (migrations.applied.length) logger.info({ applied: migrations.applied }, "applied migrations");
    // Left by a run that crashed: they must not count as a way in (nor outlive their file).
    await withdrawLocalAdminTokens(database);
    const bootstrapToken = await ensureSomeToken(new TokenStore(database), config, options.bootstrapAdmin ?? false);
    return { database, bootstrapToken };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** A listening server on a database it does not own: `stop` leaves the database open. */
export type ServedCanon = Pick<CanonServer, "url" | "port" | "watchers" | "tokens" | "sessions"> & {
  /** Stops accepting, lets in-flight writes finish, completes subscriptions, closes the change feed. */
  stop(): Promise<void>;
};

export interface ServeOptions {
  /** Headers set on every HTTP response (tests name the worker that answered with one). */
  responseHeaders?: Record<string, string>;
}

/**
 * Serves a prepared database: the change feed, store, watchers, GraphQL over HTTP and
 * WebSocket, health check. Each worker process of `canon serve` runs this on its own connection.
 */
export async function serveDatabase(
  config: CanonConfig,
  database: Database,
  logger: Logger,
  options: ServeOptions = {},
): Promise<ServedCanon> {
  const tokens = new TokenStore(database);
  // With PostgreSQL, other instances may share the database: commits reach them by NOTIFY.
  const feed = database.postgresUrl
    ? await PostgresChangeFeed.open(database, { resyncMs: config.watchResyncMs, logger })
    : new InProcessChangeFeed();
  const store = new RunStore(database, feed, { stateCacheBytes: config.stateCacheBytes });
  const watchOptions = { maxLag: config.watchBuffer };
  const watcher = new RunWatcher(store, feed, watchOptions);
  const runsWatcher = new RunsWatcher(new RunChangeReader(database), feed, watchOptions);
  const sessions = new TokenSessions(tokens);
  sessions.start(config.tokenRecheckMs);
  // Revocations made by other instances or the CLI reach this instance's token cache at once.
  if (feed instanceof PostgresChangeFeed) feed.onTokenRevoked((tokenId) => sessions.revoked(tokenId));
  const commitLimiter = new WriteLimits({
    token: { perSecond: config.commitRatePerSecond, burst: config.commitBurst },
    run: { perSecond: config.runCommitRatePerSecond, burst: config.runCommitBurst },
  });
  const reads = new ReadGuard({
    maxResponseBytes: config.maxResponseBytes,
    readConcurrency: config.readConcurrency,
    readQueue: config.readQueue,
  });
  const services = { store, watcher, runsWatcher, tasks: new TaskStore(database), tokens, commitLimiter, sessions, reads };
  const yoga = createCanonYoga(services, logger, {
    introspection: config.introspection,
    graphiql: config.graphiql,
    keepAliveMs: config.keepAliveMs,
  });
  let draining = false;
  const authenticateHeader = async (req: IncomingMessage) => {
    const token = bearerToken(req.headers.authorization);
    return token ? tokens.authenticate(token) : null;
  };

  const responseHeaders = Object.entries(options.responseHeaders ?? {});
  const httpServer = createServer((req, res) => {
    for (const [name, value] of responseHeaders) res.setHeader(name, value);
    if (draining) return sendJson(res, 503, errorBody("ERR_SHUTTING_DOWN", "Canon is shutting down", true));
    if (req.url === "/healthz") return void healthz(database, res);
    if (handleTransfer(req, res, database, tokens)) return;
    if (serveWebPage(req, res, { dashboard: config.dashboard ?? true })) return;
    // The body gate refuses an oversized or unauthenticated body before yoga buffers it.
    const requestId = nameRequest(req, res);
    void gateBody(req, config.maxBodyBytes, authenticateHeader).then(
      (outcome) => (outcome.kind === "refused" ? sendRefusal(res, outcome, requestId) : yoga(req, res)),
      () => sendJson(res, 503, errorBody("ERR_UNAVAILABLE", "Canon could not check the request's token; retry", true)),
    );
  });
  try {
    await new Promise<void>((resolve, reject) => {
      httpServer.once("error", reject);
      httpServer.listen(config.port, config.host, resolve);
    });
  } catch (error) {
    sessions.stop();
    await feed.close();
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") throw new PortInUseError(config.host, config.port);
    throw error;
  }
  // Attached once listening: before, a failed listen would reach the WebSocket server as well.
  const ws = attachGraphQLWebSocket(httpServer, yoga, logger, { tokens, sessions }, config.keepAliveMs);
  const port = (httpServer.address() as AddressInfo).port;
  const url = localUrl(config.host, port);
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      draining = true;
      sessions.stop();
      httpServer.close();
      httpServer.closeIdleConnections();
      await withTimeout(store.drain(), config.shutdownGraceMs);
      watcher.open.closeAll();
      runsWatcher.open.closeAll();
      // Let each ended stream send its `complete` before the sockets close.
      await Promise.all([watcher.open.idle(1_000), runsWatcher.open.idle(1_000)]);
      await new Promise((resolve) => setImmediate(resolve));
      await ws.close();
      httpServer.closeAllConnections();
      await feed.close();
    })());

  return { url, port, tokens, sessions, watchers: { runs: watcher, many: runsWatcher }, stop };
}

/**
 * Canon never serves without a way in that only its operator has. CANON_ADMIN_TOKEN is made to
 * exist; with no token at all, a loopback server makes an admin token (when asked: `canon
 * serve`), and a server bound to any other address refuses to start.
 */
async function ensureSomeToken(tokens: TokenStore, config: CanonConfig, bootstrapAdmin: boolean): Promise<string | undefined> {
  if (config.adminToken) await tokens.ensure(config.adminToken, ADMIN_TOKEN_SPEC);
  if ((await tokens.countLive()) > 0) return undefined;
  if (!isLoopback(config.host)) {
    throw new InsecureBindError(
      `refusing to listen on ${config.host} with no API token configured: anyone who can reach it could read and write every run. ` +
        "Create one first (`canon token create --scopes ...`), or set CANON_ADMIN_TOKEN, or bind to 127.0.0.1.",
    );
  }
  if (!bootstrapAdmin) return undefined;
  return (await tokens.create(ADMIN_TOKEN_SPEC)).token;
}

async function healthz(database: Database, res: ServerResponse) {
  try {
    await database.prisma.$queryRaw`SELECT 1`;
    sendJson(res, 200, { status: "ok", database: database.kind });
  } catch {
    sendJson(res, 503, { status: "unavailable", database: database.kind });
  }
}

const errorBody = (code: string, message: string, retryable: boolean) => ({
  errors: [{ message, extensions: { family: "SYSTEM", code, retryable } }],
});

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

const withTimeout = (work: Promise<void>, ms: number) =>
  Promise.race([work, new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]);
