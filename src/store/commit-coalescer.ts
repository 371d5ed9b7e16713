// Group commit for single commits. Concurrent `commitState` calls (32 agents, each committing
// its own run) each cost a database statement, a round trip and the database's share of CPU;
// `commitStates` already shares one append statement among many commits. The coalescer hands
// single commits to `commitStates` together: while `maxInFlight` groups are being written, new
// commits wait and leave together with the next group; when none is in flight a commit leaves at
// the next turn of the event loop, so an idle server adds no more than that to a commit's time.
//
// Each commit is still judged on its own (its own checks, compare-and-swap, rules and idempotency
// key) and answered on its own: `commitStates` answers each item with its result or its typed
// error, in input order, and two commits to one run are planned one after the other, as two
// requests would be. What changes is only that an unexpected failure of the shared statement
// (the database is gone) fails every commit of its group, as it would have failed each alone.
//
// DataLoader (the GraphQL Foundation's) does the queueing: a batch collects loads until its
// scheduler dispatches it, and `maxBatchSize` starts a new batch when one is full.
import DataLoader from "dataloader";

export interface CoalescerOptions {
  /** Groups being written at once; more commits wait for one of them to finish. */
  maxInFlight: number;
  /** At most this many commits in one group (the batch limit of commitStates). */
  maxBatch: number;
}

export class CommitCoalescer<Request, Result> {
  private readonly loader: DataLoader<Request, Result>;
  private inFlight = 0;
  /** Groups scheduled to leave at the next turn, not yet in flight. */
  private pendingDispatches = 0;
  /** Dispatches of full or waiting groups, in arrival order. */
  private readonly waiting: (() => void)[] = [];

  constructor(
    writeMany: (requests: readonly Request[]) => Promise<(Result | Error)[]>,
    private readonly options: CoalescerOptions,
  ) {
    this.loader = new DataLoader<Request, Result>(
      async (requests) => {
        this.inFlight++;
        try {
          return await writeMany(requests);
        } finally {
          this.inFlight--;
          this.waiting.shift()?.();
        }
      },
      {
        cache: false, // every commit is written, even two equal ones (the second is a conflict or a replay)
        maxBatchSize: options.maxBatch,
        batchScheduleFn: (dispatch) => this.schedule(dispatch),
      },
    );
  }

  write(request: Request): Promise<Result> {
    return this.loader.load(request);
  }

  private schedule(dispatch: () => void): void {
    // setImmediate: after the I/O callbacks of this turn, so requests read together leave together.
    if (this.inFlight + this.pendingDispatches < this.options.maxInFlight) {
      this.pendingDispatches++;
      setImmediate(() => {
        this.pendingDispatches--;
        dispatch();
      });
    } else {
      this.waiting.push(dispatch);
    }
  }
}
