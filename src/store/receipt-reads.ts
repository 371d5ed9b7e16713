// Reads of the immutable receipt rows (tool, mutation, verification receipts and completion
// decisions). Writes happen only inside the commit statement (run-store.ts).
import type { JsonObject } from "../contracts/agent-state.js";
import type { ReceiptKind } from "../contracts/receipt-validation.js";
import type { Database } from "../db/database.js";
import type { ReceiptBook } from "../domain/rules/receipt-book.js";

export interface ReceiptRecord {
  id: string;
  runId: string;
  kind: ReceiptKind;
  document: JsonObject;
  contentHash: string;
  stateVersion: number;
  createdAt: Date;
}

export class ReceiptReads {
  constructor(private readonly db: Database) {}

  async byId(id: string): Promise<ReceiptRecord | null> {
    const row = await this.db.prisma.receipt.findUnique({ where: { id } });
    return row ? toRecord(row) : null;
  }

  async byIds(ids: readonly string[]): Promise<ReceiptRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.prisma.receipt.findMany({ where: { id: { in: [...ids] } } });
    const byId = new Map(rows.map((row) => [row.id, toRecord(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * The JSON bytes of the documents `ofRun` would return, measured where they are stored: a
   * receipt can be as large as a commit, so a page of them is sized before it is read.
   */
  async sizeOfRun(runId: string, kind: ReceiptKind | null, first: number): Promise<number> {
    const rows = await this.db.sql.query<{ size: string | number | null }>(
      `SELECT sum(octet_length("document"::text))::int8 AS "size" FROM (
         SELECT "document" FROM "receipt" WHERE "run_id" = $1 AND ($2::text IS NULL OR "kind"::text = $2)
         ORDER BY "state_version", "created_at", "id" LIMIT $3) AS page`,
      [runId, kind, first],
    );
    return Number(rows[0]?.size ?? 0);
  }

  /** A run's receipts in the order they were recorded, optionally of one kind. */
  async ofRun(runId: string, kind: ReceiptKind | null, first: number): Promise<ReceiptRecord[]> {
    const rows = await this.db.prisma.receipt.findMany({
      where: { runId, ...(kind ? { kind } : {}) },
      orderBy: [{ stateVersion: "asc" }, { createdAt: "asc" }, { id: "asc" }],
      take: first,
    });
    return rows.map(toRecord);
  }
}

/** The stored documents of the receipts with these ids, for the write-time rules to judge a commit by. */
export async function receiptBookOf(db: Database, ids: readonly string[]): Promise<ReceiptBook> {
  if (ids.length === 0) return new Map();
  const rows = await db.prisma.receipt.findMany({
    where: { id: { in: [...ids] } },
    select: { id: true, kind: true, document: true, contentHash: true },
  });
  return new Map(
    rows.map((row) => [
      row.id,
      { id: row.id, kind: row.kind as ReceiptKind, document: row.document as JsonObject, contentHash: row.contentHash },
    ]),
  );
}

const toRecord = (row: {
  id: string;
  runId: string;
  kind: string;
  document: unknown;
  contentHash: string;
  stateVersion: number;
  createdAt: Date;
}): ReceiptRecord => ({
  id: row.id,
  runId: row.runId,
  kind: row.kind as ReceiptKind,
  document: row.document as JsonObject,
  contentHash: row.contentHash,
  stateVersion: row.stateVersion,
  createdAt: row.createdAt,
});
