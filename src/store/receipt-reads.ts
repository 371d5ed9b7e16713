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
   * receipt can be as large as a commit, so a page of them is sized before it is read. Null when
   * `after` names no receipt of this run.
   */
  async sizeOfRun(runId: string, page: ReceiptPage): Promise<number | null> {
    const rows = await this.db.sql.query<{ found: boolean; size: string | number | null }>(
      `WITH ${PAGE_CURSOR} SELECT ($4::text IS NULL OR EXISTS (SELECT 1 FROM "cursor")) AS "found",
         (SELECT sum(octet_length("document"::text)) FROM (${PAGE_ROWS}) AS page)::int8 AS "size"`,
      pageParams(runId, page),
    );
    return rows[0]?.found ? Number(rows[0].size ?? 0) : null;
  }

  /** A page of a run's receipts in the order they were recorded, optionally of one kind. */
  async ofRun(runId: string, page: ReceiptPage): Promise<ReceiptRecord[]> {
    const rows = await this.db.sql.query<RawReceipt>(`WITH ${PAGE_CURSOR} ${PAGE_ROWS}`, pageParams(runId, page));
    return rows.map((row) =>
      toRecord({
        ...row,
        runId: row.run_id,
        contentHash: row.content_hash,
        stateVersion: row.state_version,
        createdAt: new Date(row.created_at),
      }),
    );
  }
}

/** Which receipts of a run: at most `first`, of `kind` if given, after the receipt `after` if given. */
export interface ReceiptPage {
  kind: ReceiptKind | null;
  first: number;
  after: string | null;
}

// Receipts are kept in the order they were recorded; `after` is the id of the last one seen, and
// the page goes on from its place in that order (keyset paging: no offsets to drift).
const PAGE_CURSOR = `"cursor" AS (SELECT "state_version", "created_at", "id" FROM "receipt" WHERE "run_id" = $1 AND "id" = $4)`;
const PAGE_ROWS = `
  SELECT "id", "run_id", "kind", "document", "content_hash", "state_version", "created_at" FROM "receipt"
  WHERE "run_id" = $1 AND ($2::text IS NULL OR "kind"::text = $2)
    AND ($4::text IS NULL OR ("state_version", "created_at", "id") > (SELECT "state_version", "created_at", "id" FROM "cursor"))
  ORDER BY "state_version", "created_at", "id" LIMIT $3`;

const pageParams = (runId: string, page: ReceiptPage) => [runId, page.kind, page.first, page.after];

interface RawReceipt {
  id: string;
  run_id: string;
  kind: string;
  document: unknown;
  content_hash: string;
  state_version: number;
  created_at: Date | string;
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
