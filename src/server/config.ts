// Canon's configuration, from the environment and CLI flags. One table in the README.
import type { DatabaseOptions } from "../db/database.js";
import { DEFAULT_READ_LIMITS } from "../graphql/read-guard.js";
import { DEFAULT_MAX_LAG } from "../live/run-watch.js";
import { DEFAULT_WATCH_CACHE_BYTES } from "../live/shared-reads.js";
import { DEFAULT_STATE_CACHE_BYTES } from "../store/state-cache.js";

export interface CanonConfig {
  host: string;
  port: number;
  database: DatabaseOptions;
  logLevel: string;
  /** Largest HTTP request body accepted, in bytes. */
  maxBodyBytes: number;
  /** Bytes of state, documents and history one request may read and return (docs/limits.md). */
  // Optional (defaults in docs/limits.md), so that configs written before they existed still work.
  maxResponseBytes?: number;
  /** Requests per token that may read states from the store at once, and how many may wait. */
  readConcurrency?: number;
  readQueue?: number;
  /** Bytes of recent states kept in memory for writers (the state cache). */
  stateCacheBytes?: number;
  /** Bytes of recent ledger entries kept in memory for subscribers (shared reads). */
  watchCacheBytes?: number;
  /** How long shutdown waits for in-flight work before closing connections. */
  shutdownGraceMs: number;
  /** How many ledger entries a subscriber may fall behind before it gets ERR_SUBSCRIBER_TOO_SLOW. */
  watchBuffer: number;
  /** PostgreSQL only: how often watched runs' heads are re-read, in case a NOTIFY was lost (0: never). */
  watchResyncMs: number;
  /** How often idle subscription connections are pinged (ws ping frames, SSE comments); 0: never. */
  keepAliveMs: number;
  /** Whether subscribers of a run share ledger reads (diagnostic switch; on unless CANON_WATCH_SHARED_READS=0). */
  watchSharedReads: boolean;
  /** Schema introspection over the API (on by default on loopback, off when bound publicly). */
  introspection: boolean;
  /** GraphiQL in a browser (same default as introspection). */
  graphiql: boolean;
  /** Writes per second one token earns (0: no limit), and how many it may make at once. */
  commitRatePerSecond: number;
  commitBurst: number;
  /** How often tokens with open subscriptions are re-checked for revocation made elsewhere (ms). */
  tokenRecheckMs: number;
  /** For automation: a token secret that `canon serve` makes sure exists as an admin token. */
  adminToken?: string;
}

/** 127.0.0.0/8, ::1 and localhost: only this machine can connect. */
export const isLoopback = (host: string): boolean =>
  host === "localhost" || host === "::1" || host === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);

export const DEFAULT_DATA_DIR = "./.canon/data";

export function configFromEnv(env: NodeJS.ProcessEnv = process.env, flags: { host?: string; port?: number } = {}): CanonConfig {
  const host = flags.host ?? env.CANON_HOST ?? "127.0.0.1";
  const local = isLoopback(host);
  return {
    host,
    port: flags.port ?? integer(env.CANON_PORT, 4000, "CANON_PORT"),
    database: env.DATABASE_URL
      ? { kind: "postgres", url: env.DATABASE_URL, poolSize: integer(env.CANON_DB_POOL_SIZE, 10, "CANON_DB_POOL_SIZE") }
      : { kind: "pglite", dataDir: env.CANON_DATA_DIR ?? DEFAULT_DATA_DIR },
    logLevel: env.CANON_LOG_LEVEL ?? "info",
    maxBodyBytes: integer(env.CANON_MAX_BODY_BYTES, 1024 * 1024, "CANON_MAX_BODY_BYTES"),
    maxResponseBytes: integer(env.CANON_MAX_RESPONSE_BYTES, DEFAULT_READ_LIMITS.maxResponseBytes, "CANON_MAX_RESPONSE_BYTES", 1024),
    readConcurrency: integer(env.CANON_READ_CONCURRENCY, DEFAULT_READ_LIMITS.readConcurrency, "CANON_READ_CONCURRENCY", 1),
    readQueue: integer(env.CANON_READ_QUEUE, DEFAULT_READ_LIMITS.readQueue, "CANON_READ_QUEUE"),
    stateCacheBytes: integer(env.CANON_STATE_CACHE_BYTES, DEFAULT_STATE_CACHE_BYTES, "CANON_STATE_CACHE_BYTES"),
    watchCacheBytes: integer(env.CANON_WATCH_CACHE_BYTES, DEFAULT_WATCH_CACHE_BYTES, "CANON_WATCH_CACHE_BYTES"),
    shutdownGraceMs: integer(env.CANON_SHUTDOWN_GRACE_MS, 10_000, "CANON_SHUTDOWN_GRACE_MS"),
    watchBuffer: integer(env.CANON_WATCH_BUFFER, DEFAULT_MAX_LAG, "CANON_WATCH_BUFFER", 1),
    watchResyncMs: integer(env.CANON_WATCH_RESYNC_MS, 5_000, "CANON_WATCH_RESYNC_MS"),
    keepAliveMs: integer(env.CANON_KEEPALIVE_MS, 12_000, "CANON_KEEPALIVE_MS"),
    watchSharedReads: env.CANON_WATCH_SHARED_READS !== "0",
    introspection: boolean(env.CANON_INTROSPECTION, local, "CANON_INTROSPECTION"),
    graphiql: boolean(env.CANON_GRAPHIQL, local, "CANON_GRAPHIQL"),
    commitRatePerSecond: integer(env.CANON_COMMIT_RATE, 100, "CANON_COMMIT_RATE"),
    commitBurst: integer(env.CANON_COMMIT_BURST, 1000, "CANON_COMMIT_BURST", 1),
    tokenRecheckMs: integer(env.CANON_TOKEN_RECHECK_MS, 2_000, "CANON_TOKEN_RECHECK_MS"),
    adminToken: env.CANON_ADMIN_TOKEN || undefined,
  };
}

function integer(value: string | undefined, fallback: number, name: string, min = 0): number {
  if (value === undefined || value === "") return fallback;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < min) throw new Error(`${name} must be an integer >= ${min}, got "${value}"`);
  return parsed;
}

function boolean(value: string | undefined, fallback: boolean, name: string): boolean {
  if (value === undefined || value === "") return fallback;
  if (/^(1|true|on|yes)$/i.test(value)) return true;
  if (/^(0|false|off|no)$/i.test(value)) return false;
  throw new Error(`${name} must be true or false, got "${value}"`);
}
