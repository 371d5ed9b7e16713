// Token buckets, in memory: one per API token and one per run. Per instance on purpose: N
// instances behind a load balancer allow up to N times the rate; a shared limiter would put a
// round trip on every write. The defaults (docs/limits.md) sit above what one laptop-sized
// instance can commit for one token, so they stop runaway loops, never normal use.
import { RateLimitedError } from "../contracts/errors.js";

export interface RateLimitOptions {
  /** Writes per second a key earns; 0 turns the limit off. */
  perSecond: number;
  /** How many writes a key may make at once after being idle. */
  burst: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly options: RateLimitOptions,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one write from `key`'s bucket: null when allowed, else how many ms until it would be. */
  take(key: string): number | null {
    const { perSecond, burst } = this.options;
    if (perSecond <= 0) return null;
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return null;
    }
    // Idle buckets are dropped once full again, so memory follows active keys only.
    if (this.buckets.size > 10_000) this.sweep(now);
    return Math.ceil(((1 - bucket.tokens) / perSecond) * 1000);
  }

  private sweep(now: number) {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.options.perSecond >= this.options.burst) this.buckets.delete(key);
    }
  }
}

/**
 * A write spends one from its token's bucket and, when it names a run, one from the run's: a
 * token cannot starve the instance, a loop on one run cannot flood that run's subscribers. A
 * batch (commitStates) spends one per item, so batching neither evades nor doubles the limit.
 */
export class WriteLimits {
  private readonly perToken: RateLimiter;
  private readonly perRun: RateLimiter;

  constructor(options: { token: RateLimitOptions; run: RateLimitOptions }, now: () => number = Date.now) {
    this.perToken = new RateLimiter(options.token, now);
    this.perRun = new RateLimiter(options.run, now);
  }

  /** Null when the write may go ahead; else the typed refusal (nothing is spent from the run's bucket then). */
  take(tokenId: string, runId: string | null): RateLimitedError | null {
    const tokenWait = this.perToken.take(tokenId);
    if (tokenWait !== null) return new RateLimitedError(tokenWait, "token");
    const runWait = runId === null ? null : this.perRun.take(runId);
    return runWait === null ? null : new RateLimitedError(runWait, "run");
  }
}
