/**
 * A token bucket per client address: `perMinute` requests a minute on average, bursts up to `perMinute`.
 * Kept per instance (a proxy in front spreads one client over instances only by their share).
 */
export class IpRateLimit {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
    private readonly maxAddresses = 50_000,
  ) {}

  /** Takes one request from the address's bucket: 0 when allowed, else seconds until one is. */
  take(address: string): number {
    const now = this.now();
    const rate = this.perMinute / 60_000;
    const bucket = this.buckets.get(address) ?? { tokens: this.perMinute, at: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * rate);
    bucket.at = now;
    if (!this.buckets.has(address)) {
      if (this.buckets.size >= this.maxAddresses) this.prune(now);
      this.buckets.set(address, bucket);
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - bucket.tokens) / rate / 1000);
  }

  /** Drops buckets that have refilled (their addresses are idle): they would start full anyway. */
  private prune(now: number): void {
    const rate = this.perMinute / 60_000;
    for (const [address, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.at) * rate >= this.perMinute) this.buckets.delete(address);
    }
    if (this.buckets.size >= this.maxAddresses) this.buckets.clear();
  }
}
