// A token bucket per API token, in memory. Per instance on purpose: N instances behind a load
// balancer allow up to N times the rate; a shared limiter would put a round trip on every write.

export interface RateLimitOptions {
  /** Writes per second a token earns; 0 turns the limit off. */
  perSecond: number;
  /** How many writes a token may make at once after being idle. */
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
    // Idle buckets are dropped once full again, so memory follows active tokens only.
    if (this.buckets.size > 10_000) this.sweep(now);
    return Math.ceil(((1 - bucket.tokens) / perSecond) * 1000);
  }

  private sweep(now: number) {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.options.perSecond >= this.options.burst) this.buckets.delete(key);
    }
  }
}
