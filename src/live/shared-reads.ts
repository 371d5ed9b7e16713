// One ledger read for many watchers. When a notice for run R arrives, every watcher of R on this
// instance wakes in the same tick, usually at the same cursor, and asks for the same page: they
// share one query (in flight), and a watcher that is a little behind finds the entries it needs
// among the run's most recent ones. Ledger entries never change once written, so neither can
// serve anything stale; a page is served from memory only if it starts exactly at the cursor.
export interface Positioned {
  seq: number;
}

export type PageRead<T> = (runId: string, afterSeq: number, limit: number) => Promise<T[]>;

export interface SharedReadsOptions<T = unknown> {
  /** Most recent entries kept per run. */
  perRun: number;
  /** Runs whose recent entries are kept, least recently read first out. */
  runs: number;
  /** false: every page is its own query (CANON_WATCH_SHARED_READS=0, to measure what sharing saves). */
  shared?: boolean;
  /**
   * Bytes kept in all, by `sizeOf` (CANON_WATCH_CACHE_BYTES): entries carry whole states, and
   * 8 entries of 128 runs at 4 MB each would be 4 GB. Least recently read runs go first.
   */
  maxBytes?: number;
  sizeOf?: (entry: T) => number;
}

export const DEFAULT_WATCH_CACHE_BYTES = 64 * 1024 * 1024;

export class SharedReads<T extends Positioned> {
  private readonly inFlight = new Map<string, Promise<T[]>>();
  /** run id -> seq -> entry, for the `runs` most recently read runs. */
  private readonly recent = new Map<string, Map<number, T>>();
  /** Queries actually sent, for the benchmark and tests. */
  queries = 0;
  /** Bytes of the entries kept (by `options.sizeOf`; 0 without one). */
  bytes = 0;

  constructor(
    private readonly read: PageRead<T>,
    private readonly options: SharedReadsOptions<T> = { perRun: 32, runs: 256 },
  ) {}

  /** Entries with seq > afterSeq, oldest first: up to `limit`, possibly fewer than exist. */
  async page(runId: string, afterSeq: number, limit: number): Promise<T[]> {
    if (this.options.shared === false) {
      this.queries++;
      return this.read(runId, afterSeq, limit);
    }
    const cached = this.fromMemory(runId, afterSeq, limit);
    if (cached.length) return cached;
    const key = `${runId}\u0000${afterSeq}\u0000${limit}`;
    let pending = this.inFlight.get(key);
    if (!pending) {
      this.queries++;
      pending = this.read(runId, afterSeq, limit).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
      void pending.then(
        (entries) => this.remember(runId, entries),
        () => {},
      );
    }
    return pending;
  }

  /** Drops what is kept of a run: it was deleted, and its entries must not outlive it here. */
  forget(runId: string): void {
    for (const entry of this.recent.get(runId)?.values() ?? []) this.bytes -= this.sizeOf(entry);
    this.recent.delete(runId);
  }

  private sizeOf(entry: T): number {
    return this.options.sizeOf?.(entry) ?? 0;
  }

  private fromMemory(runId: string, afterSeq: number, limit: number): T[] {
    const entries = this.recent.get(runId);
    const found: T[] = [];
    for (let seq = afterSeq + 1; entries && found.length < limit; seq++) {
      const entry = entries.get(seq);
      if (!entry) break;
      found.push(entry);
    }
    return found;
  }

  private remember(runId: string, page: T[]): void {
    if (page.length === 0) return;
    const entries = this.recent.get(runId) ?? new Map<number, T>();
    this.recent.delete(runId); // re-inserted last: most recently used
    this.recent.set(runId, entries);
    for (const entry of page.slice(-this.options.perRun)) {
      const previous = entries.get(entry.seq);
      if (previous) this.bytes -= this.sizeOf(previous);
      entries.set(entry.seq, entry);
      this.bytes += this.sizeOf(entry);
    }
    // Map iteration is insertion order; a page is read oldest first, so the oldest go first.
    for (const [seq, entry] of entries) {
      if (entries.size <= this.options.perRun) break;
      entries.delete(seq);
      this.bytes -= this.sizeOf(entry);
    }
    for (const oldest of this.recent.keys()) {
      if (this.recent.size <= this.options.runs && !this.overBytes()) break;
      if (oldest === runId) break; // the run just read is trimmed below, oldest entries first
      this.forget(oldest);
    }
    for (const [seq, entry] of entries) {
      if (!this.overBytes()) break;
      entries.delete(seq);
      this.bytes -= this.sizeOf(entry);
    }
    if (entries.size === 0) this.recent.delete(runId);
  }

  private overBytes(): boolean {
    return this.options.maxBytes !== undefined && this.bytes > this.options.maxBytes;
  }
}
