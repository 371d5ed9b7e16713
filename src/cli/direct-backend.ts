// The data commands against a database this process opened (PostgreSQL, or an embedded
// directory no server holds).
import { createInterface } from "node:readline";
import { NotFoundError } from "../contracts/errors.js";
import type { Database } from "../db/database.js";
import { compactLedger } from "../store/ledger-compaction.js";
import { RunReader } from "../store/run-reads.js";
import { exportRun, importRun } from "../store/run-transfer.js";
import { TokenStore } from "../store/token-store.js";
import { verifyRun } from "../store/verify-run.js";
import type { Backend } from "./backend.js";

export function directBackend(db: Database): Backend {
  const tokens = new TokenStore(db);
  return {
    where: db.kind === "pglite" ? `embedded PGlite at ${db.location}` : `PostgreSQL at ${db.location}`,
    async createToken(spec) {
      const { token, record } = await tokens.create(spec);
      return { token, tokenId: record.tokenId };
    },
    async listTokens() {
      return (await tokens.list()).map((t) => ({ ...t, revoked: t.revokedAt !== null }));
    },
    revokeToken: (tokenId) => tokens.revoke(tokenId),
    async runIds() {
      return (await db.prisma.run.findMany({ select: { id: true }, orderBy: { createdAt: "asc" } })).map((r) => r.id);
    },
    async verifyRun(runId) {
      try {
        return await verifyRun(new RunReader(db), runId);
      } catch (error) {
        if (error instanceof NotFoundError) return null;
        throw error;
      }
    },
    async exportRun(runId, write, onTotal) {
      onTotal?.(await db.prisma.ledgerEntry.count({ where: { runId } }));
      return exportRun(db, runId, write);
    },
    importRun: (input) => importRun(db, createInterface({ input, crlfDelay: Infinity })),
    compactRun: (runId) => compactLedger(db, runId),
    close: () => db.close(),
  };
}
