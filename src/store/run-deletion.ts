// A deleted run's tombstone: what deleteRun (ledger-writes.ts) leaves in run_deletion, and how
// reads and watches tell "deleted" from "never existed". Only an archived run can go: archiving
// is the decision that the run is finished, made under compare-and-swap and recorded in the hash
// chain; deletion then compares on the same version. Watches of the run end with ERR_RUN_DELETED.
import type { ComponentIdentity, ContentHash } from "../contracts/common.js";
import { NotFoundError } from "../contracts/errors.js";
import { RunDeletedError } from "../contracts/watch-errors.js";
import type { Database } from "../db/database.js";

export interface DeleteRunRequest {
  runId: string;
  expectedVersion: number;
  reason: string;
  producer: ComponentIdentity;
}

export interface RunDeletionRecord {
  runId: string;
  taskId: string | null;
  lastSeq: number;
  lastVersion: number;
  headHash: ContentHash;
  deletedBy: ComponentIdentity;
  reason: string;
  deletedAt: Date;
}

export interface DeletionRow {
  run_id: string;
  task_id: string | null;
  last_seq: number;
  last_version: number;
  head_hash: ContentHash;
  deleted_by: ComponentIdentity;
  reason: string;
  deleted_at: Date | string;
}

type Sql = Pick<Database["prisma"], "$queryRaw">;

export const toDeletionRecord = (row: DeletionRow): RunDeletionRecord => ({
  runId: row.run_id,
  taskId: row.task_id,
  lastSeq: row.last_seq,
  lastVersion: row.last_version,
  headHash: row.head_hash,
  deletedBy: row.deleted_by,
  reason: row.reason,
  deletedAt: new Date(row.deleted_at),
});

/** The tombstone of a deleted run, or null if no run of that id was ever deleted. */
export async function runDeletion(sql: Sql, runId: string): Promise<RunDeletionRecord | null> {
  const rows = await sql.$queryRaw<DeletionRow[]>`SELECT * FROM "run_deletion" WHERE "run_id" = ${runId}`;
  return rows[0] ? toDeletionRecord(rows[0]) : null;
}

/** What a read of a run that is not there should say: deleted, or never existed. */
export async function missingRunError(sql: Sql, runId: string): Promise<RunDeletedError | NotFoundError> {
  const deletion = await runDeletion(sql, runId);
  return deletion ? new RunDeletedError(runId, deletion.lastSeq) : new NotFoundError("run", runId);
}
