// One runsChanged subscription's output. Its loop (runs-watch.ts) decides what is delivered and
// in which order; the stream hands each change to a sink: an async iterator by default
// (EntryQueue: SSE, in-process readers), or the subscriber's socket once the transport
// redirects it (shared-execution.ts, socket-sink.ts), so that over graphql-ws each change is
// encoded once per operation rather than once per subscriber, as for a run's watches.
import type { RunChangeRecord } from "./run-changes.js";
import { EntryQueue, type WatchSink } from "./watch-sink.js";

/** Changes that may wait in the sink before the loop waits for its consumer. */
const PACE = 16;

export class RunsStream implements AsyncIterableIterator<RunChangeRecord> {
  private readonly face = new EntryQueue<RunChangeRecord>(() => this.cancel());
  private sink: WatchSink<RunChangeRecord> = this.face;
  private closed = false;

  /** `onEnd` is called once, when the stream ends however it ends. */
  constructor(private readonly onEnd: () => void) {}

  get isClosed(): boolean {
    return this.closed;
  }

  /** Changes handed over and not yet out. */
  get backlog(): number {
    return this.sink.backlog;
  }

  /**
   * From now on changes go to `sink`, those not yet read from the iterator first. Made before
   * anyone reads the iterator, which then only reports the end.
   */
  redirect(sink: WatchSink<RunChangeRecord>): void {
    for (const change of this.face.drain()) sink.offer(change);
    this.sink = sink;
  }

  /** Hands `change` over; resolves once the consumer has room for more. */
  async deliver(change: RunChangeRecord): Promise<void> {
    if (this.closed) return;
    this.sink.offer(change);
    if (this.sink.backlog >= PACE) await this.sink.below(PACE);
  }

  /** Ends the stream: what was handed over still goes out, then the end (with `error`, if given). */
  end(error?: unknown): void {
    if (!this.leave()) return;
    const sink = this.sink;
    if (sink === this.face) this.face.close(error);
    else void sink.flushed().then(() => this.face.close(error));
  }

  /** The consumer went away: nothing more goes out. */
  cancel(): void {
    if (!this.leave()) return;
    this.sink.abort();
    this.face.abort();
  }

  next(): Promise<IteratorResult<RunChangeRecord>> {
    return this.face.next();
  }

  return(): Promise<IteratorResult<RunChangeRecord>> {
    return this.face.return();
  }

  throw(): Promise<IteratorResult<RunChangeRecord>> {
    return this.face.return();
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<RunChangeRecord> {
    return this;
  }

  private leave(): boolean {
    if (this.closed) return false;
    this.closed = true;
    this.onEnd();
    return true;
  }
}
