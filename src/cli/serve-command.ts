// canon serve and canon migrate: the two commands that may create a database or change its schema.
// For people, on stderr: the banner (where to point a browser, where the data lives) and hints.
// The server's structured logs go to stdout (pino).
import { openDatabase } from "../db/database.js";
import { migrate } from "../db/migrator.js";
import type { CanonConfig } from "../server/config.js";
import { startCanon } from "../server/canon-server.js";
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

export async function serveCommand(config: CanonConfig, err: Out = process.stderr): Promise<number> {
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
  const db = canon.database;
  const where = db.kind === "pglite" ? `embedded PGlite at ${db.location}` : `PostgreSQL at ${db.location}`;
  const graphiql = config.graphiql ? "open it in a browser for GraphiQL" : "GraphiQL is off: CANON_GRAPHIQL=true turns it on";
  const listening = canon.url.includes(`//${config.host}:`) ? "" : ` (listening on ${config.host})`;
  err.write(`Canon is serving ${canon.url}${listening} (${graphiql}); data: ${where}\n`);
  if (db.created) err.write(`  created a new, empty database in ${db.location} (set CANON_DATA_DIR to use another directory)\n`);
  if (canon.bootstrapToken) {
    // First start: the only way in, shown once (like Jupyter's token URL). Only its hash is kept.
    err.write(`First start: created an admin token. It is shown only this once; keep it:\n  ${canon.bootstrapToken}\n`);
    if (config.dashboard ?? true) err.write(`Dashboard with it: ${new URL(canon.url).origin}/dashboard?token=${canon.bootstrapToken}\n`);
    if (config.graphiql) err.write(`GraphiQL with it: ${canon.url}?token=${canon.bootstrapToken}\n`);
  } else if (!config.adminToken) {
    err.write(`${await tokenHint(canon.tokens, db.kind === "postgres" || db.location !== "memory")}\n`);
  }
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
