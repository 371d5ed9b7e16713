// Prisma rows to the store's records: the one place that knows the column types.
import type { AgentStateV1 } from "../contracts/agent-state.js";
import type { ComponentIdentity, ContentHash, StoredProvenance } from "../contracts/common.js";
import type { OperationCall } from "../domain/operations/index.js";
import type { RunStatus } from "../domain/run-status.js";
import type { LedgerEntry, Run } from "./generated/client.js";
import type { LedgerEntryRecord, RunRecord } from "./records.js";

export const toRunRecord = (row: Run): RunRecord => ({
  id: row.id,
  taskId: row.taskId,
  sessionId: row.sessionId,
  stateVersion: row.stateVersion,
  ledgerSeq: row.ledgerSeq,
  status: row.status as RunStatus,
  state: row.state as unknown as AgentStateV1,
  contentHash: row.contentHash as ContentHash,
  headHash: row.headHash as ContentHash,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

// ---------------------------------------------------------------------------------------------
// The ledger's hashes: stored as their 32 bytes (migration 20261203120000_ledger_hash_bytes),
// used everywhere else as "sha256:<64 hex digits>", the form the hash chain is computed over.

const HASH_TEXT = /^sha256:[0-9a-f]{64}$/;

/** Whether `value` is a hash in the form the ledger stores ("sha256:" and 64 lowercase hex digits). */
export const isHashText = (value: unknown): value is ContentHash => typeof value === "string" && HASH_TEXT.test(value);

/** A hash's stored form: its 32 bytes. */
export function hashBytes(hash: string): Uint8Array<ArrayBuffer> {
  if (!isHashText(hash)) throw new Error(`not a sha256 hash: ${JSON.stringify(hash.slice(0, 80))}`);
  return new Uint8Array(Buffer.from(hash.slice(7), "hex"));
}

/** A stored hash as text again. */
export const hashText = (bytes: Uint8Array): ContentHash =>
  `sha256:${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex")}`;

type HashColumn = "contentHash" | "parentHash" | "entryHash" | "requestHash";

/** A ledger row with its hashes as text: what the store works with above the columns. */
export type LedgerRow = Omit<LedgerEntry, HashColumn> & {
  contentHash: ContentHash;
  parentHash: ContentHash;
  entryHash: ContentHash;
  requestHash: ContentHash | null;
};

/** The hashes of a row as read (bytes) as text. */
export const withHashText = <R extends Pick<LedgerEntry, HashColumn>>(row: R): Omit<R, HashColumn> & Pick<LedgerRow, HashColumn> => ({
  ...row,
  contentHash: hashText(row.contentHash),
  parentHash: hashText(row.parentHash),
  entryHash: hashText(row.entryHash),
  requestHash: row.requestHash ? hashText(row.requestHash) : null,
});

/** The hashes of a row to write (text) as bytes. */
export const withHashBytes = <R extends Record<Exclude<HashColumn, "requestHash">, string> & { requestHash: string | null }>(
  row: R,
): Omit<R, HashColumn> & Pick<LedgerEntry, HashColumn> => ({
  ...row,
  contentHash: hashBytes(row.contentHash),
  parentHash: hashBytes(row.parentHash),
  entryHash: hashBytes(row.entryHash),
  requestHash: row.requestHash ? hashBytes(row.requestHash) : null,
});

/** A row whose state is decoded (src/store/ledger-codec.ts): every COMMIT carries its state. */
export const toLedgerEntryRecord = (row: Omit<LedgerRow, "patch" | "snapshotVersion">): LedgerEntryRecord => ({
  runId: row.runId,
  seq: row.seq,
  stateVersion: row.stateVersion,
  kind: row.kind,
  operations: row.operations as unknown as OperationCall[],
  producer: row.producer as unknown as ComponentIdentity,
  provenance: row.provenance as unknown as StoredProvenance,
  reason: row.reason,
  state: (row.state as unknown as AgentStateV1 | null) ?? null,
  contentHash: row.contentHash as ContentHash,
  parentHash: row.parentHash as ContentHash,
  entryHash: row.entryHash as ContentHash,
  createdAt: row.createdAt,
});
