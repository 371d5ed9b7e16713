// The light reads behind runsChanged: ledger entries as summaries (no state, no operations
// beyond telling an archive apart), run heads of a scope, a run's task, and a deleted run's
// tombstone as the run's last event. A dashboard watching thousands of runs pays for full
// states only where it selects them.
import type { ComponentIdentity, ContentHash } from "../contracts/common.js";
import { ARCHIVE_OPERATION, ARCHIVED_STATUS } from "../domain/run-archive.js";
import type { RunStatus } from "../domain/run-status.js";
import type { Database } from "../db/database.js";
import { runDeletion, type RunDeletionRecord } from "../store/run-deletion.js";

export interface RunChangeRecord {
  runId: string;
  taskId: string;
  seq: number;
  stateVersion: number;
  /** DELETE: the run was deleted (deleteRun), one position past its last entry; no entry backs it. */
  kind: "COMMIT" | "NOOP" | "DELETE";
  /** The run's status when the entry was read (for the newest entry: the status after it; for a deletion: the last one). */
  status: RunStatus;
  /** This entry archived the run: it is the run's last. */
  archived: boolean;
  contentHash: ContentHash;
  producer: ComponentIdentity;
  createdAt: Date;
}

/** Which runs a runsChanged subscription covers; a run's task never changes, so neither does this. */
export interface RunScope {
  taskId: string | null;
  runIds: string[] | null;
}

export interface RunHead {
  runId: string;
  taskId: string | null;
  seq: number;
}

/** A deleted run's last event: one position past its last entry, so that it sorts after them. */
export function deletionChange(deletion: RunDeletionRecord): RunChangeRecord {
  return {
    runId: deletion.runId,
    taskId: deletion.taskId ?? "",
    seq: deletion.lastSeq + 1,
    stateVersion: deletion.lastVersion,
    kind: "DELETE",
    status: ARCHIVED_STATUS,
    archived: false,
    contentHash: deletion.headHash,
    producer: deletion.deletedBy,
    createdAt: deletion.deletedAt,
  };
}

interface ChangeRow {
  run_id: string;
  task_id: string;
  seq: number;
  state_version: number;
  kind: "COMMIT" | "NOOP";
  status: string;
  archived: boolean;
  content_hash: string;
  producer: ComponentIdentity;
  created_at: Date | string;
}

export class RunChangeReader {
  constructor(private readonly db: Database) {}

  /** Summaries of entries with seq > afterSeq, oldest first. */
  async changes(runId: string, afterSeq: number, limit: number): Promise<RunChangeRecord[]> {
    const rows = await this.db.prisma.$queryRaw<ChangeRow[]>`
      SELECT e."run_id", r."task_id", e."seq", e."state_version", e."kind"::text AS "kind", r."status",
        (e."kind" = 'NOOP' AND jsonb_array_length(e."operations") = 1 AND e."operations"->0->>'op' = ${ARCHIVE_OPERATION}) AS "archived",
        'sha256:' || encode(e."content_hash", 'hex') AS "content_hash", e."producer", e."created_at"
      FROM "ledger_entry" e JOIN "run" r ON r."id" = e."run_id"
      WHERE e."run_id" = ${runId} AND e."seq" > ${afterSeq}
      ORDER BY e."seq" LIMIT ${limit}`;
    return rows.map((row) => ({
      runId: row.run_id,
      taskId: row.task_id,
      seq: row.seq,
      stateVersion: row.state_version,
      kind: row.kind,
      status: row.status as RunStatus,
      archived: row.archived,
      contentHash: row.content_hash as ContentHash,
      producer: row.producer,
      createdAt: new Date(row.created_at),
    }));
  }

  /**
   * The ledger heads of the runs in `scope`, and the database's clock. With `updatedSince`, only
   * runs written since then: a re-check after a lost notification reads what moved, not
   * everything; it also returns the runs of the scope deleted since then, at their deletion's
   * position (`deletionChange`).
   */
  async heads(scope: RunScope, updatedSince: Date | null): Promise<{ heads: RunHead[]; now: Date }> {
    const rows = await this.db.prisma.$queryRaw<{ id: string; task_id: string | null; ledger_seq: number; now: Date | string }[]>`
      SELECT "id", "task_id", "ledger_seq", now() AS "now" FROM "run"
      WHERE (${scope.taskId}::text IS NULL OR "task_id" = ${scope.taskId}::text)
        AND (${scope.runIds}::text[] IS NULL OR "id" = ANY(${scope.runIds}::text[]))
        AND (${updatedSince}::timestamptz IS NULL OR "updated_at" >= ${updatedSince}::timestamptz)
      UNION ALL
      SELECT "run_id", "task_id", "last_seq" + 1, now() FROM "run_deletion"
      WHERE ${updatedSince}::timestamptz IS NOT NULL AND "deleted_at" >= ${updatedSince}::timestamptz
        AND (${scope.taskId}::text IS NULL OR "task_id" = ${scope.taskId}::text)
        AND (${scope.runIds}::text[] IS NULL OR "run_id" = ANY(${scope.runIds}::text[]))`;
    const now = rows[0] ? new Date(rows[0].now) : await this.now();
    return { heads: rows.map((row) => ({ runId: row.id, taskId: row.task_id, seq: row.ledger_seq })), now };
  }

  /** The deletion of a run as its last event, or null if the run was never deleted. */
  async deletion(runId: string): Promise<RunChangeRecord | null> {
    const deletion = await runDeletion(this.db.prisma, runId);
    return deletion ? deletionChange(deletion) : null;
  }

  /** The task of a run, or of a deleted run (from its tombstone). */
  async taskOf(runId: string): Promise<string | null> {
    const rows = await this.db.prisma.$queryRaw<{ task_id: string | null }[]>`
      SELECT "task_id" FROM "run" WHERE "id" = ${runId}
      UNION ALL SELECT "task_id" FROM "run_deletion" WHERE "run_id" = ${runId}`;
    return rows[0]?.task_id ?? null;
  }

  private async now(): Promise<Date> {
    const rows = await this.db.prisma.$queryRaw<{ now: Date | string }[]>`SELECT now() AS "now"`;
    return new Date(rows[0]!.now);
  }
}
