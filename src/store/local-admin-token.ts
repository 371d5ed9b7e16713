// The admin token a running `canon serve` hands to local users through a file only they can read
// (src/server/local-admin.ts), the way Docker's socket or PostgreSQL's peer authentication let
// the machine's own users in. It lives for one server run: made at start, deleted at shutdown,
// and any left by a crashed run are deleted at the next start, so no such token outlives its file.
import type { Database } from "../db/database.js";
import { TokenStore, type TokenSpec } from "./token-store.js";

export const LOCAL_ADMIN_LABEL = "local admin (this canon serve run; see docs/cli.md)";

/** Deletes tokens left by earlier runs, then makes this run's: returns its secret and id. */
export async function issueLocalAdminToken(db: Database, spec: TokenSpec): Promise<{ token: string; tokenId: string }> {
  await withdrawLocalAdminTokens(db);
  const { token, record } = await new TokenStore(db).create({ ...spec, label: LOCAL_ADMIN_LABEL });
  return { token, tokenId: record.tokenId };
}

/** Deletes every local admin token (they are never shown, so none is worth keeping as revoked). */
export async function withdrawLocalAdminTokens(db: Database): Promise<void> {
  await db.prisma.apiToken.deleteMany({ where: { label: LOCAL_ADMIN_LABEL } });
}
