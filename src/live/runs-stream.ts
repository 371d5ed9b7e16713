// One runsChanged subscription's output. Its loop (runs-watch.ts) decides what is delivered and
// in which order; the stream hands each change to its sink (sink-stream.ts), which graphql-ws
// redirects to the subscriber's socket, so that each change is encoded once per operation
// rather than once per subscriber, as for a run's watches.
import type { RunChangeRecord } from "./run-changes.js";
import { SinkStream } from "./sink-stream.js";

/** Changes that may wait in the sink before the loop waits for its consumer. */
const PACE = 16;

export class RunsStream extends SinkStream<RunChangeRecord> {
  /** `onEnd` is called once, when the stream ends however it ends. */
  constructor(private readonly onEnd: () => void) {
    super();
  }

  /** Changes handed over and not yet out. */
  get backlog(): number {
    return this.sink.backlog;
  }

  /** Hands `change` over; resolves once the consumer has room for more. */
  async deliver(change: RunChangeRecord): Promise<void> {
    if (this.closed) return;
    this.sink.offer(change);
    if (this.sink.backlog >= PACE) await this.sink.below(PACE);
  }

  protected left(): void {
    this.onEnd();
  }
}
