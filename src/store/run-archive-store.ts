// archiveRun and deleteRun, beside the write path rather than inside it: RunStore plus the end of
// a run's life. The archive is a durable, hash-chained ledger entry (a NOOP whose one operation
// is archiveRun, see src/domain/run-archive.ts), written with the same single-statement
// compare-and-swap as a commit, and the run's status becomes ARCHIVED in that statement. From
// then on the database refuses every write to the run (migration 20261202170000_run_archive);
// this class turns that refusal into ERR_RUN_ARCHIVED. Deletion is in run-deletion.ts.
import type { ContentHash } from "../contracts/common.js";
import { IdempotencyKeyReusedError, InvalidInputError, NotFoundError, StateConflictError } from "../contracts/errors.js";
import { problemsOf, validateComponentIdentity } from "../contracts/validation.js";
import { RunArchivedError } from "../contracts/watch-errors.js";
import { canonicalJson, sha256Of } from "../domain/content-hash.js";
import { entryDigest } from "../domain/ledger-chain.js";
import { ARCHIVED_STATUS, archiveOperation, isArchiveEntry } from "../domain/run-archive.js";
import { requireModelProvenance } from "../domain/rules/provenance.js";
import type { LedgerEntryRecord, RunRecord } from "../db/records.js";
import { deleteArchivedRun, type DeleteRunRequest, type RunDeletionRecord } from "./run-deletion.js";
import { endOfRunReasonProblems, metaProblems, RunStore, versionProblems, type CommitRequest, type NoopRequest, type WriteMeta, type WriteResult } from "./run-store.js";
import { toLedgerEntryRecord } from "../db/row-mapping.js";

export interface ArchiveRequest extends WriteMeta {
  runId: string;
  expectedVersion: number;
  reason: string;
}

interface ArchivedRow {
  ledger_seq: number;
  updated_at: Date | string;
  head_hash: ContentHash;
  head_parent_hash: ContentHash;
}

export class ArchivingRunStore extends RunStore {
  override async commitState(request: CommitRequest): Promise<WriteResult> {
    return super.commitState(request).catch((error: unknown) => refused(error, request.runId));
  }

  override async recordNoop(request: NoopRequest): Promise<WriteResult> {
    return super.recordNoop(request).catch((error: unknown) => refused(error, request.runId));
  }

  async archiveRun(request: ArchiveRequest): Promise<WriteResult> {
    const { runId, expectedVersion, reason } = request;
    const problems = metaProblems(request);
    problems.push(...versionProblems(expectedVersion, "/expectedVersion"), ...endOfRunReasonProblems(reason));
    if (problems.length) throw new InvalidInputError("the archive is invalid; nothing was written", problems);
    requireModelProvenance(request.producer, request.provenance, []);
    const run = await this.getRun(runId);
    if (!run) throw new NotFoundError("run", runId);
    const operations = [archiveOperation(reason)];
    const requestHash = request.idempotencyKey ? sha256Of(canonicalJson({ archiveRun: request })) : null;
    if (run.status === ARCHIVED_STATUS) return this.replayOrRefuse(run, request, requestHash);
    if (run.stateVersion !== expectedVersion) throw new StateConflictError(runId, expectedVersion, run.stateVersion);
    const digest = entryDigest({
      runId, stateVersion: expectedVersion, kind: "NOOP", operations,
      producer: request.producer, provenance: request.provenance, reason, contentHash: run.contentHash,
    });
    // The CAS also requires the content hash read above, which the digest covers.
    const rows = await this.db.prisma.$queryRaw<ArchivedRow[]>`
      WITH moved AS (
        UPDATE "run" SET
          "ledger_seq" = "ledger_seq" + 1,
          "status" = ${ARCHIVED_STATUS},
          "head_parent_hash" = "head_hash",
          "head_hash" = 'sha256:' || encode(sha256(convert_to("head_hash" || '|' || ("ledger_seq" + 1) || '|' || ${digest}, 'UTF8')), 'hex'),
          "updated_at" = now()
        WHERE "id" = ${runId} AND "state_version" = ${expectedVersion} AND "content_hash" = ${run.contentHash} AND "status" <> ${ARCHIVED_STATUS}
        RETURNING "ledger_seq", "updated_at", "head_hash", "head_parent_hash"
      ), appended AS (
        INSERT INTO "ledger_entry" ("run_id", "seq", "state_version", "kind", "operations", "producer", "provenance",
          "reason", "state", "content_hash", "parent_hash", "entry_hash", "idempotency_key", "request_hash", "created_at")
        SELECT ${runId}, m."ledger_seq", ${expectedVersion}, 'NOOP'::"LedgerKind", ${JSON.stringify(operations)}::jsonb,
          ${JSON.stringify(request.producer)}::jsonb, ${JSON.stringify(request.provenance)}::jsonb, ${reason},
          NULL, ${run.contentHash}, m."head_parent_hash", m."head_hash", ${request.idempotencyKey ?? null}, ${requestHash}, m."updated_at"
        FROM moved m
        RETURNING "seq"
      )
      SELECT m.* FROM moved m JOIN appended a ON a."seq" = m."ledger_seq"`.catch((error: unknown) => refused(error, runId));
    const row = rows[0];
    if (!row) {
      // Someone wrote (or archived) first.
      const now = await this.requireRun(runId);
      if (now.status === ARCHIVED_STATUS) return this.replayOrRefuse(now, request, requestHash);
      throw new StateConflictError(runId, expectedVersion, now.stateVersion);
    }
    const at = new Date(row.updated_at);
    const entry: LedgerEntryRecord = {
      runId, seq: row.ledger_seq, stateVersion: expectedVersion, kind: "NOOP", operations,
      producer: request.producer, provenance: request.provenance, reason, state: null,
      contentHash: run.contentHash, parentHash: row.head_parent_hash, entryHash: row.head_hash, createdAt: at,
    };
    this.announce({ runId, seq: row.ledger_seq, entry });
    const archived: RunRecord = { ...run, status: ARCHIVED_STATUS, ledgerSeq: row.ledger_seq, headHash: row.head_hash, updatedAt: at };
    return { run: archived, entry, replayed: false };
  }

  /** Deletes an archived run (run-deletion.ts) and ends its watches, here and on other instances. */
  async deleteRun(request: DeleteRunRequest): Promise<RunDeletionRecord> {
    const problems = [
      ...(validateComponentIdentity(request.producer) ? [] : problemsOf(validateComponentIdentity, "/producer")),
      ...versionProblems(request.expectedVersion, "/expectedVersion"),
      ...endOfRunReasonProblems(request.reason),
    ];
    if (problems.length) throw new InvalidInputError("the deletion is invalid; nothing was deleted", problems);
    const deletion = await deleteArchivedRun(this.db, request);
    // No entry has this seq: other instances read nothing there, look for the tombstone, and find it.
    this.announce({ runId: deletion.runId, seq: deletion.lastSeq + 1, gone: true });
    return deletion;
  }

  /** A retry of the archive that happened answers with it; anything else is refused. */
  private async replayOrRefuse(run: RunRecord, request: ArchiveRequest, requestHash: string | null): Promise<WriteResult> {
    const key = request.idempotencyKey;
    const original = key ? await this.entryByIdempotencyKey(run.id, key) : null;
    if (key && original) {
      if (original.requestHash !== requestHash) throw new IdempotencyKeyReusedError(key);
      const entry = toLedgerEntryRecord(original);
      if (isArchiveEntry(entry)) return { run, entry, replayed: true };
    }
    throw new RunArchivedError(run.id, run.ledgerSeq);
  }
}

/** The database's refusal to write to an archived run, as the typed error. */
function refused(error: unknown, runId: string): never {
  const text = error instanceof Error ? `${error.message} ${JSON.stringify(error, Object.getOwnPropertyNames(error))}` : String(error);
  if (text.includes("canon_run_archived")) throw new RunArchivedError(runId, null);
  throw error;
}
