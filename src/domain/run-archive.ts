// Archiving ends a run's life: the ledger records it as its last entry, a NOOP (the state does
// not change, so the hash chain and `canon verify` need nothing new) whose one operation is
// `archiveRun`; the run's status becomes ARCHIVED, and the database refuses any later write.
import type { OperationCall } from "./operations/index.js";

export const ARCHIVE_OPERATION = "archiveRun";
export const ARCHIVED_STATUS = "ARCHIVED";

export const archiveOperation = (reason: string): OperationCall => ({ op: ARCHIVE_OPERATION, args: { reason } }) as OperationCall;

/** Whether a ledger entry is the one that archived its run. */
export const isArchiveEntry = (entry: { kind: string; operations: readonly { op: string }[] }): boolean =>
  entry.kind === "NOOP" && entry.operations.length === 1 && entry.operations[0]!.op === ARCHIVE_OPERATION;
