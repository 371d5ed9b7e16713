// The watches a watcher has open, each by the function that ends it, so that a shutdown can end
// them all and then wait, briefly, for their streams to complete.
export class OpenWatches {
  private readonly ends = new Set<() => void>();

  /** Counts a watch as open until the returned function is called. */
  add(end: () => void): () => void {
    this.ends.add(end);
    return () => void this.ends.delete(end);
  }

  get size(): number {
    return this.ends.size;
  }

  /** Ends every open watch (the streams complete). */
  closeAll(): void {
    for (const end of [...this.ends]) end();
  }

  /** Resolves when every watch has ended, or after `timeoutMs`. */
  async idle(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.ends.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
