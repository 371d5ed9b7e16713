// Canon's configuration, from the environment and CLI flags. One table in the README.
import type { DatabaseOptions } from "../db/database.js";
import { DEFAULT_MAX_LAG } from "../live/run-watch.js";

export interface CanonConfig {
  host: string;
  port: number;
  database: DatabaseOptions;
  logLevel: string;
  /** Largest HTTP request body accepted, in bytes. */
  maxBodyBytes: number;
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
  /** Writes per second one run accepts (0: no limit), and how many at once (docs/limits.md). */
  runCommitRatePerSecond: number;
  runCommitBurst: number;
  /** How often tokens with open subscriptions are re-checked for revocation made elsewhere (ms). */
  tokenRecheckMs: number;
  /** For automation: a token secret that `canon serve` makes sure exists as an admin token. */
  adminToken?: string;
}

/** 127.0.0.0/8, ::1 and localhost: only this machine can connect. */
export const isLoopback = (host: string): boolean =>
  host === "localhost" || host === "::1" || host === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);

export const DEFAULT_DATA_DIR = "./.canon/data";

/**
 * Write rate limits (docs/limits.md): a token may commit at 5,000/s (bursts of 50,000), about
 * twice what one instance on a 2-core laptop commits in batches, so one agent runtime driving
 * many runs is never throttled; a run accepts 1,000/s (bursts of 10,000), ten times an agent
 * that commits on every step with no model call in between. They stop runaway loops.
 */
export const DEFAULT_WRITE_LIMITS = {
  token: { perSecond: 5_000, burst: 50_000 },
  run: { perSecond: 1_000, burst: 10_000 },
} as const;

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
    shutdownGraceMs: integer(env.CANON_SHUTDOWN_GRACE_MS, 10_000, "CANON_SHUTDOWN_GRACE_MS"),
    watchBuffer: integer(env.CANON_WATCH_BUFFER, DEFAULT_MAX_LAG, "CANON_WATCH_BUFFER", 1),
    watchResyncMs: integer(env.CANON_WATCH_RESYNC_MS, 5_000, "CANON_WATCH_RESYNC_MS"),
    keepAliveMs: integer(env.CANON_KEEPALIVE_MS, 12_000, "CANON_KEEPALIVE_MS"),
    watchSharedReads: env.CANON_WATCH_SHARED_READS !== "0",
    introspection: boolean(env.CANON_INTROSPECTION, local, "CANON_INTROSPECTION"),
    graphiql: boolean(env.CANON_GRAPHIQL, local, "CANON_GRAPHIQL"),
    commitRatePerSecond: integer(env.CANON_COMMIT_RATE, DEFAULT_WRITE_LIMITS.token.perSecond, "CANON_COMMIT_RATE"),
    commitBurst: integer(env.CANON_COMMIT_BURST, DEFAULT_WRITE_LIMITS.token.burst, "CANON_COMMIT_BURST", 1),
    runCommitRatePerSecond: integer(env.CANON_RUN_COMMIT_RATE, DEFAULT_WRITE_LIMITS.run.perSecond, "CANON_RUN_COMMIT_RATE"),
    runCommitBurst: integer(env.CANON_RUN_COMMIT_BURST, DEFAULT_WRITE_LIMITS.run.burst, "CANON_RUN_COMMIT_BURST", 1),
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
