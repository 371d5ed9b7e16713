// Where a watch hands its entries. The watch decides what is delivered and in which order; a
// sink only holds what it was handed until it is out: read by an async consumer (EntryQueue,
// below), or written to a socket (src/live/socket-sink.ts). Handing over is synchronous, so
// a live entry reaches every watcher of a run in one pass instead of one promise chain each.

export interface WatchSink<T> {
  /** Takes the next entry. */
  offer(entry: T): void;
  /** Entries taken and not yet out: the watch's measure of how far its consumer is behind. */
  readonly backlog: number;
  /** Resolves once the backlog is under `limit`, or the sink was aborted. */
  below(limit: number): Promise<void>;
  /** Resolves once everything taken is out (or dropped by `abort`). */
  flushed(): Promise<void>;
  /** The consumer went away: drop what is not out yet. */
  abort(): void;
}

interface Reader<T> {
  resolve: (result: IteratorResult<T>) => void;
  reject: (error: unknown) => void;
}

const DONE = { done: true, value: undefined } as const;

/** Who waits for a sink's backlog to fall under a limit (`below`). */
export class BacklogWaiters {
  private waiting: { limit: number; resolve: () => void }[] = [];

  wait(limit: number): Promise<void> {
    return new Promise((resolve) => this.waiting.push({ limit, resolve }));
  }

  /** The backlog is now `backlog`: releases those waiting for less. */
  notify(backlog: number): void {
    if (this.waiting.length === 0) return;
    const waiting = this.waiting;
    this.waiting = waiting.filter((waiter) => backlog >= waiter.limit);
    for (const waiter of waiting) if (backlog < waiter.limit) waiter.resolve();
  }

  releaseAll(): void {
    for (const waiter of this.waiting.splice(0)) waiter.resolve();
  }
}

/**
 * An async iterator over offered entries: what `for await` consumers (SSE, tests, other
 * subscriptions' generic path) read. After `close`, what is queued is still read, then the
 * iterator ends, with `error` if one was given. `return()` (the consumer leaving) calls
 * `onReturn` and drops the queue.
 */
export class EntryQueue<T> implements WatchSink<T>, AsyncIterableIterator<T> {
  private items: T[] = [];
  private readers: Reader<T>[] = [];
  private ending: { error?: unknown } | undefined;
  private finished = false;
  private readonly room = new BacklogWaiters();

  constructor(private readonly onReturn: () => void) {}

  offer(entry: T): void {
    if (this.finished || this.ending) return;
    const reader = this.readers.shift();
    if (reader) reader.resolve({ done: false, value: entry });
    else this.items.push(entry);
  }

  get backlog(): number {
    return this.items.length;
  }

  below(limit: number): Promise<void> {
    if (this.finished || this.items.length < limit) return Promise.resolve();
    return this.room.wait(limit);
  }

  flushed(): Promise<void> {
    return Promise.resolve();
  }

  abort(): void {
    this.items = [];
    this.finish();
  }

  /** Takes what is queued out, oldest first (for a watch moving to another sink). */
  drain(): T[] {
    const items = this.items;
    this.items = [];
    this.room.notify(0);
    return items;
  }

  /** No more entries: the reader gets what is queued, then the end (or `error`). */
  close(error?: unknown): void {
    if (this.ending || this.finished) return;
    this.ending = { error };
    const reader = this.readers.shift();
    if (reader) this.settleEnd(reader);
  }

  next(): Promise<IteratorResult<T>> {
    if (this.items.length > 0) {
      const value = this.items.shift()!;
      this.room.notify(this.items.length);
      return Promise.resolve({ done: false, value });
    }
    if (this.finished) return Promise.resolve(DONE);
    if (this.ending) return new Promise((resolve, reject) => this.settleEnd({ resolve, reject }));
    return new Promise((resolve, reject) => this.readers.push({ resolve, reject }));
  }

  return(): Promise<IteratorResult<T>> {
    if (!this.finished) {
      this.abort();
      this.onReturn();
    }
    return Promise.resolve(DONE);
  }

  throw(): Promise<IteratorResult<T>> {
    return this.return();
  }

  [Symbol.asyncIterator](): AsyncIterableIterator<T> {
    return this;
  }

  private settleEnd(reader: Reader<T>): void {
    const error = this.ending?.error;
    this.finish();
    if (error === undefined) reader.resolve(DONE);
    else reader.reject(error);
  }

  private finish(): void {
    this.finished = true;
    for (const reader of this.readers.splice(0)) reader.resolve(DONE);
    this.room.releaseAll();
  }
}
