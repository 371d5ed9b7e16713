// API tokens: created with a random secret shown once, stored only as its sha256. A verified
// token is kept in memory by its hash, so a request costs a hash and a map lookup, not a query.
// A revocation takes effect on this instance's very next request (revoke() forgets it); other
// instances and the CLI announce theirs on the `canon_token_revoked` channel (PostgreSQL), and
// TokenSessions re-checks cached tokens every CANON_TOKEN_RECHECK_MS in case a notice was lost.
import crypto, { createHash, randomBytes, randomUUID } from "node:crypto";
import type { ComponentIdentity, TrustClass } from "../contracts/common.js";
import { SCOPES, type Principal, type Scope } from "../domain/principal.js";
import type { Database } from "../db/database.js";

/** The NOTIFY channel a revocation is announced on (src/live/postgres-change-feed.ts listens). */
export const TOKEN_REVOKED_CHANNEL = "canon_token_revoked";

export const TOKEN_PREFIX = "canon_";

export interface TokenSpec {
  identity: ComponentIdentity;
  trustClass: TrustClass;
  scopes: readonly Scope[];
  runIds?: readonly string[];
  taskIds?: readonly string[];
  label?: string | null;
}

export interface TokenRecord extends Principal {
  label: string | null;
  createdAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}

// crypto.hash (Node 20.12+) is the one-shot form, a third of createHash's cost, and every
// request hashes its token. Looked up on the module, not imported by name: Node 20.10 lacks it.
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: "hex") => string }).hash;
const sha256Hex = (text: string): string =>
  oneShot ? oneShot("sha256", text, "hex") : createHash("sha256").update(text, "utf8").digest("hex");

export const hashToken = (token: string): string => `sha256:${sha256Hex(token)}`;

/** `canon_` + 32 random bytes in base64url: 256 bits, recognisable in logs and secret scanners. */
export const newTokenSecret = (): string => TOKEN_PREFIX + randomBytes(32).toString("base64url");

type Row = Awaited<ReturnType<Database["prisma"]["apiToken"]["findUnique"]>> & {};

const toRecord = (row: Row): TokenRecord => ({
  tokenId: row.id,
  identity: row.identity as unknown as ComponentIdentity,
  trustClass: row.trustClass as TrustClass,
  scopes: row.scopes.filter((s): s is Scope => (SCOPES as readonly string[]).includes(s)),
  runIds: row.runIds ?? [],
  taskIds: row.taskIds ?? [],
  label: row.label,
  createdAt: row.createdAt,
  revokedAt: row.revokedAt,
  lastUsedAt: row.lastUsedAt,
});

// last_used_at is for people ("is this token still in use?"): refreshed at most once a minute
// per token so that reads do not turn into writes.
const LAST_USED_RESOLUTION_MS = 60_000;

/** Verified tokens kept per instance; past this, the least recently verified is dropped. */
const VERIFIED_CAPACITY = 10_000;

interface Verified {
  record: TokenRecord;
  /** When last_used_at was last written (ms). */
  usedAt: number;
}

export class TokenStore {
  private readonly verified = new Map<string, Verified>();

  constructor(private readonly db: Database) {}

  async create(spec: TokenSpec, token = newTokenSecret()): Promise<{ token: string; record: TokenRecord }> {
    const row = await this.db.prisma.apiToken.create({ data: newRow(spec, token) });
    return { token, record: toRecord(row) };
  }

  /**
   * Makes sure a token with this secret exists (CANON_ADMIN_TOKEN, for automation that cannot
   * read a printed token). An existing one, revoked or not, is left as it is.
   */
  async ensure(token: string, spec: TokenSpec): Promise<void> {
    if (!/^canon_[A-Za-z0-9_-]{32,100}$/.test(token))
      throw new Error("CANON_ADMIN_TOKEN must look like canon_<at least 32 base64url characters>");
    // Instances starting together with the same CANON_ADMIN_TOKEN: one insert wins, the rest do nothing.
    await this.db.prisma.apiToken.createMany({ data: [newRow(spec, token)], skipDuplicates: true });
  }

  /** The live principal a presented token stands for, or null (unknown, malformed or revoked). */
  async authenticate(token: string): Promise<Principal | null> {
    if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return null;
    const tokenHash = hashToken(token);
    const known = this.verified.get(tokenHash);
    if (known) {
      this.touch(known);
      return known.record;
    }
    const row = await this.db.prisma.apiToken.findUnique({ where: { tokenHash } });
    if (!row || row.revokedAt) return null;
    const verified = { record: toRecord(row), usedAt: row.lastUsedAt?.getTime() ?? 0 };
    this.touch(verified);
    this.verified.set(tokenHash, verified);
    if (this.verified.size > VERIFIED_CAPACITY) this.verified.delete(this.verified.keys().next().value!);
    return verified.record;
  }

  /** Refreshes last_used_at at most once a minute per token, without waiting for it. */
  private touch(verified: Verified) {
    const now = Date.now();
    if (now - verified.usedAt <= LAST_USED_RESOLUTION_MS) return;
    verified.usedAt = now;
    void this.db.prisma.apiToken.update({ where: { id: verified.record.tokenId }, data: { lastUsedAt: new Date(now) } }).catch(() => {});
  }

  /** Drops a token from this instance's cache of verified tokens (it was revoked). */
  forget(tokenId: string): void {
    for (const [hash, verified] of this.verified) if (verified.record.tokenId === tokenId) this.verified.delete(hash);
  }

  /** Ids of the tokens this instance accepts without a query (for the periodic re-check). */
  cachedTokenIds(): string[] {
    return [...new Set([...this.verified.values()].map((v) => v.record.tokenId))];
  }

  async list(): Promise<TokenRecord[]> {
    const rows = await this.db.prisma.apiToken.findMany({ orderBy: { createdAt: "asc" } });
    return rows.map(toRecord);
  }

  /** Marks a token revoked; false when no such live token exists. */
  async revoke(id: string): Promise<boolean> {
    const { count } = await this.db.prisma.apiToken.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
    this.forget(id);
    // Other instances drop it from their caches (PostgreSQL; a no-op listener-less notice on PGlite).
    if (count > 0) await this.db.prisma.$executeRaw`SELECT pg_notify(${TOKEN_REVOKED_CHANNEL}, ${id})`.catch(() => {});
    return count > 0;
  }

  /** Which of these token ids are revoked (or gone): used to end their open subscriptions. */
  async revokedAmong(ids: readonly string[]): Promise<string[]> {
    if (!ids.length) return [];
    const live = await this.db.prisma.apiToken.findMany({ where: { id: { in: [...ids] }, revokedAt: null }, select: { id: true } });
    const liveIds = new Set(live.map((row) => row.id));
    return ids.filter((id) => !liveIds.has(id));
  }

  async countLive(): Promise<number> {
    return this.db.prisma.apiToken.count({ where: { revokedAt: null } });
  }
}

function newRow(spec: TokenSpec, token: string) {
  return {
    id: `tok_${randomUUID()}`,
    tokenHash: hashToken(token),
    identity: spec.identity as object,
    trustClass: spec.trustClass,
    scopes: [...spec.scopes],
    runIds: [...(spec.runIds ?? [])],
    taskIds: [...(spec.taskIds ?? [])],
    label: spec.label ?? null,
  };
}
