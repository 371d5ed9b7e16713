// Starts and stops one Canon process: database, migrations, store, GraphQL over HTTP and
// WebSocket, health check, graceful shutdown.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "pino";
import { InProcessChangeFeed } from "../store/change-feed.js";
import { openDatabase, type Database } from "../store/database.js";
import { migrate } from "../store/migrator.js";
import { PostgresChangeFeed } from "../store/postgres-change-feed.js";
import { RunChangeReader } from "../store/run-changes.js";
import { RunWatcher } from "../store/run-watch.js";
import { RunsWatcher } from "../store/runs-watch.js";
import { ArchivingRunStore } from "../store/run-archive-store.js";
import { TaskStore } from "../store/task-store.js";
import type { CanonConfig } from "./config.js";
import { createLogger } from "./logger.js";
import { attachGraphQLWebSocket } from "./websocket.js";
import { createCanonYoga } from "./yoga.js";

export interface CanonServer {
  url: string;
  port: number;
  database: Database;
  logger: Logger;
  /** The instance's watchers, for tests and benchmarks to read their counters. */
  watchers: { runs: RunWatcher; many: RunsWatcher };
  /** Stops accepting, lets in-flight writes finish, completes subscriptions, closes the database. */
  close(): Promise<void>;
}

export async function startCanon(config: CanonConfig): Promise<CanonServer> {
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(config.database);
  const migrations = await migrate(database.sql);
  if (migrations.applied.length) logger.info({ applied: migrations.applied }, "applied migrations");
  // With PostgreSQL, other instances may share the database: commits reach them by NOTIFY.
  const feed = database.postgresUrl
    ? await PostgresChangeFeed.open(database, { resyncMs: config.watchResyncMs, logger })
    : new InProcessChangeFeed();
  const store = new ArchivingRunStore(database, feed);
  const watchOptions = { maxLag: config.watchBuffer, sharedReads: config.watchSharedReads };
  const watcher = new RunWatcher(store, feed, watchOptions);
  const runsWatcher = new RunsWatcher(new RunChangeReader(database), feed, watchOptions);
  const yoga = createCanonYoga({ store, watcher, runsWatcher, tasks: new TaskStore(database) }, logger, config.keepAliveMs);
  let draining = false;

  const httpServer = createServer((req, res) => {
    if (draining) return sendJson(res, 503, errorBody("ERR_SHUTTING_DOWN", "Canon is shutting down", true));
    if (req.url === "/healthz") return void healthz(database, res);
    if (tooLarge(req, config.maxBodyBytes)) {
      return sendJson(res, 413, errorBody("ERR_INPUT_TOO_LARGE", `request bodies are limited to ${config.maxBodyBytes} bytes`, false));
    }
    return yoga(req, res);
  });
  const ws = attachGraphQLWebSocket(httpServer, yoga, logger, config.keepAliveMs);
  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(config.port, config.host, resolve);
  });
  const port = (httpServer.address() as AddressInfo).port;
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      draining = true;
      httpServer.close();
      httpServer.closeIdleConnections();
      await withTimeout(store.drain(), config.shutdownGraceMs);
      watcher.closeAll();
      runsWatcher.closeAll();
      // Let each ended stream send its `complete` before the sockets close.
      await Promise.all([watcher.idle(1_000), runsWatcher.idle(1_000)]);
      await new Promise((resolve) => setImmediate(resolve));
      await ws.close();
      httpServer.closeAllConnections();
      await feed.close();
      await database.close();
      logger.info("Canon stopped");
    })());

  return { url: `http://${host}:${port}/graphql`, port, database, logger, watchers: { runs: watcher, many: runsWatcher }, close };
}

async function healthz(database: Database, res: ServerResponse) {
  try {
    await database.prisma.$queryRaw`SELECT 1`;
    sendJson(res, 200, { status: "ok", database: database.kind });
  } catch {
    sendJson(res, 503, { status: "unavailable", database: database.kind });
  }
}

function tooLarge(req: IncomingMessage, limit: number): boolean {
  const length = Number(req.headers["content-length"] ?? 0);
  return Number.isFinite(length) && length > limit;
}

const errorBody = (code: string, message: string, retryable: boolean) => ({
  errors: [{ message, extensions: { family: code === "ERR_INPUT_TOO_LARGE" ? "INPUT" : "SYSTEM", code, retryable } }],
});

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}

const withTimeout = (work: Promise<void>, ms: number) =>
  Promise.race([work, new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]);
