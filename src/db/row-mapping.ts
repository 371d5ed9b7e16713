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

/** A row whose state is decoded (src/store/ledger-codec.ts): every COMMIT carries its state. */
export const toLedgerEntryRecord = (row: Omit<LedgerEntry, "patch" | "snapshotVersion">): LedgerEntryRecord => ({
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
