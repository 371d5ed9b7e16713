// What the store hands to the layers above: plain records, never Prisma rows.
import type { AgentStateV1 } from "../contracts/agent-state.js";
import type { ContentHash } from "../contracts/common.js";
import type { VerifiableEntry } from "../domain/ledger-verifier.js";
import type { RunStatus } from "../domain/run-status.js";

export interface RunRecord {
  id: string;
  taskId: string;
  sessionId: string;
  stateVersion: number;
  ledgerSeq: number;
  status: RunStatus;
  state: AgentStateV1;
  contentHash: ContentHash;
  /** entryHash of the run's newest ledger entry. */
  headHash: ContentHash;
  createdAt: Date;
  updatedAt: Date;
}

/** A ledger entry as the store returns it: what the hash chain covers, plus when it was written. */
export type LedgerEntryRecord = VerifiableEntry;
