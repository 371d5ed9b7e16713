// What the API layer holds: a run's reads, writes and lifecycle, composed. Reads are RunReader's
// (run-reads.ts); the writes of a run's working life are RunWriter's (run-writes.ts); archiving
// and deletion are RunLifecycle's (run-lifecycle.ts). All three write through the one module
// that owns the ledger's statements (ledger-writes.ts). Resolvers call the methods below.
import type { Database } from "../db/database.js";
import type { ChangeFeed } from "../live/change-feed.js";
import { LedgerWrites } from "./ledger-writes.js";
import { RunLifecycle, type ArchiveRequest } from "./run-lifecycle.js";
import type { DeleteRunRequest, RunDeletionRecord } from "./run-deletion.js";
import { RunReader } from "./run-reads.js";
import { RunWriter, type CommitRequest, type ForkRunInput, type NoopRequest, type StartRunInput, type WriteResult } from "./run-writes.js";

export type { ArchiveRequest } from "./run-lifecycle.js";
export type { CommitRequest, ForkRunInput, NoopRequest, StartRunInput, WriteMeta, WriteResult } from "./run-writes.js";

export interface RunStoreOptions {
  /** Bytes of recent states the writer keeps to skip a read before a write (CANON_STATE_CACHE_BYTES; 0 keeps none). */
  stateCacheBytes?: number;
}

export class RunStore extends RunReader {
  readonly writes: RunWriter;
  readonly lifecycle: RunLifecycle;
  private readonly ledger: LedgerWrites;

  constructor(db: Database, feed: ChangeFeed, options: RunStoreOptions = {}) {
    super(db);
    this.ledger = new LedgerWrites(db, feed);
    this.writes = new RunWriter(db, this, this.ledger, options);
    this.lifecycle = new RunLifecycle(this, this.ledger);
  }

  startRun(input: StartRunInput): Promise<WriteResult> {
    return this.writes.startRun(input);
  }

  forkRun(input: ForkRunInput): Promise<WriteResult> {
    return this.writes.forkRun(input);
  }

  commitState(request: CommitRequest): Promise<WriteResult> {
    return this.writes.commitState(request);
  }

  commitStates(requests: CommitRequest[]): ReturnType<RunWriter["commitStates"]> {
    return this.writes.commitStates(requests);
  }

  recordNoop(request: NoopRequest): Promise<WriteResult> {
    return this.writes.recordNoop(request);
  }

  archiveRun(request: ArchiveRequest): Promise<WriteResult> {
    return this.lifecycle.archiveRun(request);
  }

  deleteRun(request: DeleteRunRequest): Promise<RunDeletionRecord> {
    return this.lifecycle.deleteRun(request);
  }

  /** Resolves once every write that had started has finished (for graceful shutdown). */
  drain(): Promise<void> {
    return this.ledger.drain();
  }
}
