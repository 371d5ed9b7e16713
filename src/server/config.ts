// Canon's configuration, from the environment and CLI flags, validated once at start with zod:
// every bad value is reported at once, each named with its variable and the values it accepts.
// docs/configuration.md is the table for people; VARIABLES below is the one for the code.
import { availableParallelism } from "node:os";
import { z } from "zod";
import type { DatabaseOptions } from "../db/database.js";
import { DEFAULT_READ_LIMITS } from "../graphql/read-guard.js";
import { DEFAULT_MAX_LAG } from "../live/run-watch.js";
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
  /** How long shutdown waits for in-flight work before closing connections. */
  shutdownGraceMs: number;
  /** How many ledger entries a subscriber may fall behind before it gets ERR_SUBSCRIBER_TOO_SLOW. */
  watchBuffer: number;
  /** PostgreSQL only: how often watched runs' heads are re-read, in case a NOTIFY was lost (0: never). */
  watchResyncMs: number;
  /** How often idle subscription connections are pinged (ws ping frames, SSE comments); 0: never. */
  keepAliveMs: number;
  /** Schema introspection over the API (on by default on loopback, off when bound publicly). */
  introspection: boolean;
  /** GraphiQL in a browser (same default as introspection). */
  graphiql: boolean;
  /** The dashboard at /dashboard (static pages that use the API with the reader's token); on unless false. */
  dashboard?: boolean;
  /** Writes per second one token earns (0: no limit), and how many it may make at once. */
  commitRatePerSecond: number;
  commitBurst: number;
  /** Writes per second one run accepts (0: no limit), and how many at once (docs/limits.md). */
  runCommitRatePerSecond: number;
  runCommitBurst: number;
  /** How often tokens with open subscriptions are re-checked for revocation made elsewhere (ms). */
  tokenRecheckMs: number;
  /** Processes that serve HTTP (`canon serve` forks them with node:cluster; more than 1 needs PostgreSQL). */
  workers?: number;
  /** For automation: a token secret that `canon serve` makes sure exists as an admin token. */
  adminToken?: string;
}

/** 127.0.0.0/8, ::1 and localhost: only this machine can connect. */
export const isLoopback = (host: string): boolean =>
  host === "localhost" || host === "::1" || host === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);

export const DEFAULT_DATA_DIR = "./.canon/data";
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

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

/** The most worker processes CANON_WORKERS accepts (each holds its own database pool). */
export const MAX_WORKERS = 64;

/** A configuration problem: one line per bad value, each naming its variable and what it accepts. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.length === 1 ? problems[0]! : `${problems.length} configuration problems:\n  ${problems.join("\n  ")}`);
  }
}

const integer = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.string().trim().regex(/^\d+$/).transform(Number).pipe(z.number().int().min(min).max(max));
const BOOLEAN_WORDS = ["true", "false", "1", "0", "on", "off", "yes", "no"] as const;
const boolean = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(BOOLEAN_WORDS))
  .transform((word) => ["true", "1", "on", "yes"].includes(word));
const postgresUrl = z.url({ protocol: /^postgres(ql)?$/ });

/** Each variable: its schema, and what it accepts, in words, for the error message. */
const VARIABLES = {
  CANON_HOST: { schema: z.string().trim().min(1), accepts: "an address to listen on, e.g. 127.0.0.1 or 0.0.0.0" },
  CANON_PORT: { schema: integer(0, 65535), accepts: "a port number from 0 to 65535 (0 picks a free one)" },
  DATABASE_URL: {
    schema: postgresUrl,
    accepts: "a PostgreSQL URL, postgresql://user:password@host:5432/database (unset: the embedded database)",
  },
  CANON_DATA_DIR: { schema: z.string().min(1), accepts: "a directory for the embedded database, or :memory:" },
  CANON_DB_POOL_SIZE: { schema: integer(1, 1000), accepts: "an integer from 1 to 1000" },
  CANON_LOG_LEVEL: { schema: z.enum(LOG_LEVELS), accepts: LOG_LEVELS.join(", ") },
  CANON_MAX_BODY_BYTES: { schema: integer(1), accepts: "a number of bytes, 1 or more" },
  CANON_MAX_RESPONSE_BYTES: { schema: integer(1024), accepts: "a number of bytes, 1024 or more" },
  CANON_READ_CONCURRENCY: { schema: integer(1), accepts: "a number of requests per token, 1 or more" },
  CANON_READ_QUEUE: { schema: integer(0), accepts: "a number of waiting requests per token, 0 or more" },
  CANON_STATE_CACHE_BYTES: { schema: integer(0), accepts: "a number of bytes, 0 or more (0: no state cache)" },
  CANON_SHUTDOWN_GRACE_MS: { schema: integer(0), accepts: "milliseconds, 0 or more" },
  CANON_WATCH_BUFFER: { schema: integer(1), accepts: "a number of ledger entries, 1 or more" },
  CANON_WATCH_RESYNC_MS: { schema: integer(0), accepts: "milliseconds, 0 or more (0: never)" },
  CANON_KEEPALIVE_MS: { schema: integer(0), accepts: "milliseconds, 0 or more (0: never)" },
  CANON_INTROSPECTION: { schema: boolean, accepts: BOOLEAN_WORDS.join(", ") },
  CANON_GRAPHIQL: { schema: boolean, accepts: BOOLEAN_WORDS.join(", ") },
  CANON_DASHBOARD: { schema: boolean, accepts: BOOLEAN_WORDS.join(", ") },
  CANON_COMMIT_RATE: { schema: integer(0), accepts: "writes per second, 0 or more (0: no limit)" },
  CANON_COMMIT_BURST: { schema: integer(1), accepts: "a number of writes, 1 or more" },
  CANON_RUN_COMMIT_RATE: { schema: integer(0), accepts: "writes per second to one run, 0 or more (0: no limit)" },
  CANON_RUN_COMMIT_BURST: { schema: integer(1), accepts: "a number of writes, 1 or more" },
  CANON_WORKERS: {
    schema: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.union([z.literal("auto").transform(() => Math.min(availableParallelism(), MAX_WORKERS)), integer(1, MAX_WORKERS)])),
    accepts: `a number of worker processes from 1 to ${MAX_WORKERS}, or auto (one per available core); more than 1 needs PostgreSQL`,
  },
  CANON_TOKEN_RECHECK_MS: { schema: integer(1), accepts: "milliseconds, 1 or more" },
  CANON_ADMIN_TOKEN: {
    schema: z.string().regex(/^canon_[A-Za-z0-9_-]{32,100}$/),
    accepts: "canon_ followed by 32 to 100 base64url characters, e.g. canon_$(openssl rand -hex 24)",
  },
} satisfies Record<string, { schema: z.ZodType<unknown, string>; accepts: string }>;

type Name = keyof typeof VARIABLES;
type Values = { [K in Name]?: z.output<(typeof VARIABLES)[K]["schema"]> };

/** The CANON_ variables this Canon knows: anything else is most likely a typo. */
export const KNOWN_VARIABLES: readonly string[] = Object.keys(VARIABLES);

/** Variables that look like Canon's but are not (e.g. CANON_LOGLEVEL), for a warning. */
export const unknownCanonVariables = (env: NodeJS.ProcessEnv): string[] =>
  Object.keys(env).filter(
    (name) =>
      name.startsWith("CANON_") && !KNOWN_VARIABLES.includes(name) && !name.startsWith("CANON_CI_") && !name.startsWith("CANON_TEST_"),
  );

/** The bad value as it may be shown: never a token, never a password. */
function shown(name: Name, raw: string): string {
  if (name === "CANON_ADMIN_TOKEN") return " (value not shown)";
  return `=${JSON.stringify(name === "DATABASE_URL" ? raw.replace(/\/\/([^:/@]*):[^@/]*@/, "//$1:***@") : raw)}`;
}

/** Flags given on the command line take the place of their variables (and are named as flags in errors). */
export interface ConfigFlags {
  host?: string;
  port?: string | number;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env, flags: ConfigFlags = {}): CanonConfig {
  const problems: string[] = [];
  const values: Values = {};
  const read = (name: Name, raw: string | undefined, label: string = name) => {
    if (raw === undefined || raw === "") return;
    const { schema, accepts } = VARIABLES[name];
    const parsed = (schema as z.ZodType<unknown, string>).safeParse(raw);
    if (parsed.success) (values as Record<string, unknown>)[name] = parsed.data;
    else problems.push(`${label}${shown(name, raw)} is not valid: expected ${accepts}`);
  };
  for (const name of Object.keys(VARIABLES) as Name[]) read(name, env[name]);
  if (flags.host !== undefined) read("CANON_HOST", flags.host, "--host");
  if (flags.port !== undefined) read("CANON_PORT", String(flags.port), "--port");
  if (problems.length) throw new ConfigError(problems);

  const host = values.CANON_HOST ?? "127.0.0.1";
  const local = isLoopback(host);
  return {
    host,
    port: values.CANON_PORT ?? 4000,
    database: values.DATABASE_URL
      ? { kind: "postgres", url: values.DATABASE_URL, poolSize: values.CANON_DB_POOL_SIZE ?? 10 }
      : { kind: "pglite", dataDir: values.CANON_DATA_DIR ?? DEFAULT_DATA_DIR },
    logLevel: values.CANON_LOG_LEVEL ?? "info",
    maxBodyBytes: values.CANON_MAX_BODY_BYTES ?? 1024 * 1024,
    maxResponseBytes: values.CANON_MAX_RESPONSE_BYTES ?? DEFAULT_READ_LIMITS.maxResponseBytes,
    readConcurrency: values.CANON_READ_CONCURRENCY ?? DEFAULT_READ_LIMITS.readConcurrency,
    readQueue: values.CANON_READ_QUEUE ?? DEFAULT_READ_LIMITS.readQueue,
    stateCacheBytes: values.CANON_STATE_CACHE_BYTES ?? DEFAULT_STATE_CACHE_BYTES,
    shutdownGraceMs: values.CANON_SHUTDOWN_GRACE_MS ?? 10_000,
    watchBuffer: values.CANON_WATCH_BUFFER ?? DEFAULT_MAX_LAG,
    watchResyncMs: values.CANON_WATCH_RESYNC_MS ?? 5_000,
    keepAliveMs: values.CANON_KEEPALIVE_MS ?? 12_000,
    introspection: values.CANON_INTROSPECTION ?? local,
    graphiql: values.CANON_GRAPHIQL ?? local,
    dashboard: values.CANON_DASHBOARD ?? true,
    commitRatePerSecond: values.CANON_COMMIT_RATE ?? DEFAULT_WRITE_LIMITS.token.perSecond,
    commitBurst: values.CANON_COMMIT_BURST ?? DEFAULT_WRITE_LIMITS.token.burst,
    runCommitRatePerSecond: values.CANON_RUN_COMMIT_RATE ?? DEFAULT_WRITE_LIMITS.run.perSecond,
    runCommitBurst: values.CANON_RUN_COMMIT_BURST ?? DEFAULT_WRITE_LIMITS.run.burst,
    tokenRecheckMs: values.CANON_TOKEN_RECHECK_MS ?? 2_000,
    workers: values.CANON_WORKERS ?? 1,
    adminToken: values.CANON_ADMIN_TOKEN,
  };
}
