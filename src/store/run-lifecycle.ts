// The end of a run's life. archiveRun is a durable, hash-chained ledger entry (a NOOP whose one
// operation is archiveRun, see src/domain/run-archive.ts), appended by the same one statement as
// a commit, which also moves the run's status to ARCHIVED; from then on the database refuses
// every write to the run (ledger-writes.ts turns that refusal into ERR_RUN_ARCHIVED). deleteRun
// removes an archived run and leaves its tombstone (run-deletion.ts).
import { StateConflictError } from "../contracts/errors.js";
import { RunArchivedError } from "../contracts/watch-errors.js";
import { canonicalJson, sha256Of } from "../domain/content-hash.js";
import { ARCHIVED_STATUS, archiveOperation, isArchiveEntry } from "../domain/run-archive.js";
import type { RunRecord } from "../db/records.js";
import type { LedgerWrites } from "./ledger-writes.js";
import type { DeleteRunRequest, RunDeletionRecord } from "./run-deletion.js";
import type { RunReader } from "./run-reads.js";
import { replayOf, type WriteResult } from "./run-writes.js";
import { checkWriteMeta, endOfRunReasonProblems, type WriteMeta } from "./write-meta.js";

export interface ArchiveRequest extends WriteMeta {
  runId: string;
  expectedVersion: number;
  reason: string;
}

export class RunLifecycle {
  constructor(
    private readonly reads: RunReader,
    private readonly ledger: LedgerWrites,
  ) {}

  async archiveRun(request: ArchiveRequest): Promise<WriteResult> {
    const { runId, expectedVersion, reason } = request;
    checkWriteMeta(request, {
      refusal: "the archive is invalid; nothing was written",
      versions: { "/expectedVersion": expectedVersion },
      problems: endOfRunReasonProblems(reason),
    });
    const run = await this.reads.requireRun(runId);
    const requestHash = request.idempotencyKey ? sha256Of(canonicalJson({ archiveRun: request })) : null;
    if (run.status === ARCHIVED_STATUS) return this.replayOrRefuse(run, request, requestHash);
    if (run.stateVersion !== expectedVersion) throw new StateConflictError(runId, expectedVersion, run.stateVersion);
    const written = await this.ledger.append({
      runId,
      operations: [archiveOperation(reason)],
      producer: request.producer,
      provenance: request.provenance,
      reason,
      idempotencyKey: request.idempotencyKey ?? null,
      requestHash,
      // The compare-and-swap also requires the content hash read here, which the entry's digest covers.
      kind: "ARCHIVE",
      expectedVersion,
      stateVersion: expectedVersion,
      state: run.state,
      contentHash: run.contentHash,
      receipts: [],
      committedAt: null,
      previous: null,
    });
    if (typeof written === "string") {
      // Someone wrote (or archived) first.
      const now = await this.reads.requireRun(runId);
      if (now.status === ARCHIVED_STATUS) return this.replayOrRefuse(now, request, requestHash);
      throw new StateConflictError(runId, expectedVersion, now.stateVersion);
    }
    return { ...written, replayed: false };
  }

  /** Deletes an archived run and ends its watches, here and on other instances. */
  async deleteRun(request: DeleteRunRequest): Promise<RunDeletionRecord> {
    checkWriteMeta(
      { producer: request.producer },
      {
        refusal: "the deletion is invalid; nothing was deleted",
        versions: { "/expectedVersion": request.expectedVersion },
        problems: endOfRunReasonProblems(request.reason),
      },
    );
    return this.ledger.deleteRun(request);
  }

  /** A retry of the archive that happened answers with it; anything else is refused. */
  private async replayOrRefuse(run: RunRecord, request: ArchiveRequest, requestHash: string | null): Promise<WriteResult> {
    const original = request.idempotencyKey ? await replayOf(this.reads, run.id, request.idempotencyKey, requestHash) : null;
    if (original && isArchiveEntry(original)) return { run, entry: original, replayed: true };
    throw new RunArchivedError(run.id, run.ledgerSeq);
  }
}
