// Canon's configuration, from the environment and CLI flags. One table in the README.
import type { DatabaseOptions } from "../store/database.js";

export interface CanonConfig {
  host: string;
  port: number;
  database: DatabaseOptions;
  logLevel: string;
  /** Largest HTTP request body accepted, in bytes. */
  maxBodyBytes: number;
  /** How long shutdown waits for in-flight work before closing connections. */
  shutdownGraceMs: number;
}

export const DEFAULT_DATA_DIR = "./.canon/data";

export function configFromEnv(env: NodeJS.ProcessEnv = process.env, flags: { host?: string; port?: number } = {}): CanonConfig {
  return {
    host: flags.host ?? env.CANON_HOST ?? "127.0.0.1",
    port: flags.port ?? integer(env.CANON_PORT, 4000, "CANON_PORT"),
    database: env.DATABASE_URL
      ? { kind: "postgres", url: env.DATABASE_URL, poolSize: integer(env.CANON_DB_POOL_SIZE, 10, "CANON_DB_POOL_SIZE") }
      : { kind: "pglite", dataDir: env.CANON_DATA_DIR ?? DEFAULT_DATA_DIR },
    logLevel: env.CANON_LOG_LEVEL ?? "info",
    maxBodyBytes: integer(env.CANON_MAX_BODY_BYTES, 1024 * 1024, "CANON_MAX_BODY_BYTES"),
    shutdownGraceMs: integer(env.CANON_SHUTDOWN_GRACE_MS, 10_000, "CANON_SHUTDOWN_GRACE_MS"),
  };
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === "") return fallback;
  const parsed = Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return parsed;
}
