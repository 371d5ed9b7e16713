// What the store hands to the layers above: plain records, never Prisma rows.
import type { AgentStateV1 } from "../contracts/agent-state.js";
import type { ComponentIdentity, ContentHash, Provenance } from "../contracts/common.js";
import type { OperationCall } from "../domain/operations/index.js";
import type { RunStatus } from "../domain/run-status.js";

export type LedgerKind = "COMMIT" | "NOOP";

export interface RunRecord {
  id: string;
  taskId: string;
  sessionId: string;
  stateVersion: number;
  ledgerSeq: number;
  status: RunStatus;
  state: AgentStateV1;
  contentHash: ContentHash;
  createdAt: Date;
  updatedAt: Date;
}

export interface LedgerEntryRecord {
  runId: string;
  seq: number;
  stateVersion: number;
  kind: LedgerKind;
  operations: OperationCall[];
  producer: ComponentIdentity;
  provenance: Provenance;
  reason: string | null;
  /** The state after a COMMIT; null for a NOOP. */
  state: AgentStateV1 | null;
  contentHash: ContentHash;
  parentHash: ContentHash;
  entryHash: ContentHash;
  createdAt: Date;
}

export interface TaskRecord {
  id: string;
  objective: string;
  createdAt: Date;
}
