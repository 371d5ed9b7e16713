// deleteRun: the end of an archived run's retention. Its rows go in one transaction (the run,
// and with it the ledger and model events by cascade, and its receipts, which the receipt
// trigger lets go only inside this transaction) and a tombstone stays in run_deletion. Only an
// archived run can go: archiving is the decision that the run is finished, made under
// compare-and-swap and recorded in the hash chain; deletion then compares on the same version.
// Watches of the run end with ERR_RUN_DELETED (run-live-group.ts).
import type { ComponentIdentity, ContentHash } from "../contracts/common.js";
import { NotFoundError, PreconditionFailedError, StateConflictError } from "../contracts/errors.js";
import { RunDeletedError } from "../contracts/watch-errors.js";
import { ARCHIVED_STATUS } from "../domain/run-archive.js";
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

interface RunRow {
  task_id: string | null;
  status: string;
  state_version: number;
  ledger_seq: number;
  head_hash: ContentHash;
}

interface DeletionRow {
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

const toRecord = (row: DeletionRow): RunDeletionRecord => ({
  runId: row.run_id, taskId: row.task_id, lastSeq: row.last_seq, lastVersion: row.last_version, headHash: row.head_hash,
  deletedBy: row.deleted_by, reason: row.reason, deletedAt: new Date(row.deleted_at),
});

/** The tombstone of a deleted run, or null if no run of that id was ever deleted. */
export async function runDeletion(sql: Sql, runId: string): Promise<RunDeletionRecord | null> {
  const rows = await sql.$queryRaw<DeletionRow[]>`SELECT * FROM "run_deletion" WHERE "run_id" = ${runId}`;
  return rows[0] ? toRecord(rows[0]) : null;
}

/** What a read of a run that is not there should say: deleted, or never existed. */
export async function missingRunError(sql: Sql, runId: string): Promise<RunDeletedError | NotFoundError> {
  const deletion = await runDeletion(sql, runId);
  return deletion ? new RunDeletedError(runId, deletion.lastSeq) : new NotFoundError("run", runId);
}

/** Deletes the run if it is archived and at `expectedVersion`; the request is already validated. */
export async function deleteArchivedRun(db: Database, request: DeleteRunRequest): Promise<RunDeletionRecord> {
  const { runId, expectedVersion, reason, producer } = request;
  return db.prisma.$transaction(async (tx) => {
    const [run] = await tx.$queryRaw<RunRow[]>`
      SELECT "task_id", "status", "state_version", "ledger_seq", "head_hash" FROM "run" WHERE "id" = ${runId} FOR UPDATE`;
    if (!run) throw await missingRunError(tx, runId);
    if (run.status !== ARCHIVED_STATUS) throw new PreconditionFailedError(`run ${runId} is ${run.status}: only an archived run can be deleted (archiveRun first)`, "/runId");
    if (run.state_version !== expectedVersion) throw new StateConflictError(runId, expectedVersion, run.state_version);
    await tx.$queryRaw`SELECT set_config('canon.deleting_run', ${runId}, true)`;
    await tx.$executeRaw`DELETE FROM "receipt" WHERE "run_id" = ${runId}`;
    await tx.$executeRaw`DELETE FROM "run" WHERE "id" = ${runId}`;
    const [row] = await tx.$queryRaw<DeletionRow[]>`
      INSERT INTO "run_deletion" ("run_id", "task_id", "last_seq", "last_version", "head_hash", "deleted_by", "reason")
      VALUES (${runId}, ${run.task_id}, ${run.ledger_seq}, ${run.state_version}, ${run.head_hash}, ${JSON.stringify(producer)}::jsonb, ${reason})
      RETURNING *`;
    return toRecord(row!);
  });
}
