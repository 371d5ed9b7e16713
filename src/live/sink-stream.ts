// A watch's output, with two faces: an async iterator of what it delivers (EntryQueue: SSE,
// in-process readers), or, once `redirect`ed, a feed into another sink (a socket: socket-sink.ts),
// with the iterator left to report only how the watch ended. A run's watch (run-watch.ts) and a
// runsChanged subscription (runs-watch.ts) are both one; they differ in what they deliver.
import { EntryQueue, type WatchSink } from "./watch-sink.js";

export abstract class SinkStream<T> implements AsyncIterableIterator<T> {
  protected readonly face = new EntryQueue<T>(() => this.cancel());
  protected sink: WatchSink<T> = this.face;
  protected closed = false;

  /**
   * From now on entries go to `sink`, those not yet read from the iterator first. Made before
   * anyone reads the iterator, which then only reports the end.
   */
  redirect(sink: WatchSink<T>): void {
    for (const entry of this.face.drain()) sink.offer(entry);
    this.sink = sink;
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

  next(): Promise<IteratorResult<T>> {
    return this.face.next();
  }

  return(): Promise<IteratorResult<T>> {
    return this.face.return();
  }

  throw(): Promise<IteratorResult<T>> {
    return this.face.return();
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }

  /** Called once, when the stream ends however it ends. */
  protected abstract left(): void;

  private leave(): boolean {
    if (this.closed) return false;
    this.closed = true;
    this.left();
    return true;
  }
}
