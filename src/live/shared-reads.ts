// One ledger read for many watchers. When a notice for run R arrives, every watcher of R on this
// instance wakes in the same tick, usually at the same cursor, and asks for the same page: they
// share one query (in flight), and a watcher that is a little behind finds the entries it needs
// among the run's most recent ones. Ledger entries never change once written, so neither can
// serve anything stale; a page is served from memory only if it starts exactly at the cursor.
export interface Positioned {
  seq: number;
}

export type PageRead<T> = (runId: string, afterSeq: number, limit: number) => Promise<T[]>;

export interface SharedReadsOptions {
  /** Most recent entries kept per run. */
  perRun: number;
  /** Runs whose recent entries are kept, least recently read first out. */
  runs: number;
  /** false: every page is its own query (CANON_WATCH_SHARED_READS=0, to measure what sharing saves). */
  shared?: boolean;
}

export class SharedReads<T extends Positioned> {
  private readonly inFlight = new Map<string, Promise<T[]>>();
  /** run id -> seq -> entry, for the `runs` most recently read runs. */
  private readonly recent = new Map<string, Map<number, T>>();
  /** Queries actually sent, for the benchmark and tests. */
  queries = 0;

  constructor(
    private readonly read: PageRead<T>,
    private readonly options: SharedReadsOptions = { perRun: 32, runs: 256 },
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
      void pending.then((entries) => this.remember(runId, entries), () => {});
    }
    return pending;
  }

  /** Drops what is kept of a run: it was deleted, and its entries must not outlive it here. */
  forget(runId: string): void {
    this.recent.delete(runId);
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
    for (const entry of page.slice(-this.options.perRun)) entries.set(entry.seq, entry);
    // Map iteration is insertion order; a page is read oldest first, so the oldest go first.
    for (const seq of entries.keys()) {
      if (entries.size <= this.options.perRun) break;
      entries.delete(seq);
    }
    for (const oldest of this.recent.keys()) {
      if (this.recent.size <= this.options.runs) break;
      this.recent.delete(oldest);
    }
  }
}
