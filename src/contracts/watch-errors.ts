// Typed ends of watches and of writes to archived or deleted runs, in the ErrorV1 shape of errors.ts.
import { CanonError } from "./errors.js";

/** The run was archived: it takes no more writes, and watches of it end after the archive entry. */
export class RunArchivedError extends CanonError {
  constructor(
    readonly runId: string,
    /** The archive entry's ledger position: nothing comes after it. */
    readonly archivedAtSeq: number | null,
  ) {
    super({
      family: "STATE",
      code: "ERR_RUN_ARCHIVED",
      message: `run ${runId} is archived and takes no more writes`,
      retryable: false,
      details: archivedAtSeq === null ? { runId } : { runId, archivedAtSeq },
    });
  }
}

/** The run was deleted (deleteRun): its ledger is gone, and watches of it end. */
export class RunDeletedError extends CanonError {
  constructor(
    readonly runId: string,
    /** The last ledger position the run had: nothing was delivered, or will be, after it. */
    readonly lastSeq: number,
  ) {
    super({
      family: "NOT_FOUND",
      code: "ERR_RUN_DELETED",
      message: `run ${runId} was deleted`,
      retryable: false,
      details: { runId, lastSeq },
    });
  }
}

export interface RunPosition {
  runId: string;
  seq: number;
}

/**
 * Ends a runsChanged subscription whose consumer fell too far behind. `positions` holds the last
 * entry delivered of every run that had undelivered entries or delivered any: re-subscribing with
 * `after: positions` resumes those runs exactly (see docs/watch-semantics.md for the rest).
 */
export class RunsSubscriberTooSlowError extends CanonError {
  constructor(
    readonly positions: RunPosition[],
    readonly maxLag: number,
  ) {
    super({
      family: "SYSTEM",
      code: "ERR_SUBSCRIBER_TOO_SLOW",
      message: `the subscriber fell more than ${maxLag} ledger entries behind; resume with after: details.positions`,
      retryable: true,
      details: { positions, maxLag },
    });
  }
}
