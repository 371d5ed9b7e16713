// Jittered exponential backoff ("full jitter"): attempt n waits a random time up to
// min(maxMs, baseMs * 2^n), so clients that failed together do not retry together.

export interface BackoffOptions {
  /** The first retry waits up to this long (ms). */
  baseDelayMs?: number;
  /** No retry waits longer than this (ms). */
  maxDelayMs?: number;
}

export function backoffDelay(attempt: number, { baseDelayMs = 50, maxDelayMs = 2_000 }: BackoffOptions = {}): number {
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(attempt, 30));
  return Math.floor(Math.random() * ceiling);
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted || ms <= 0) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}
