/** When an expired answer may stand in for a fresh one. */
export interface StalePolicy<T> {
  /** Whether `fresh` is no real answer (the call was not made) and `stale` may be used instead. */
  readonly reuse: (fresh: T, stale: T) => boolean;
  /** How long past its expiry an answer may still stand in. */
  readonly maxStaleMs: number;
  /** How long a stand-in is kept before the next try. */
  readonly retryMs: number;
}

/**
 * Provider answers kept for a short while, with one provider call per key at a time: concurrent checks of a
 * key wait for the call already under way instead of starting their own (single flight). With a stale policy,
 * an expired answer stands in when the new call could not be made.
 */
export class ValidationCache<T> {
  /** `staleUntil`: the end of the time the answer may stand in, counted from when it was fresh. */
  private readonly entries = new Map<string, { value: T; expiresAt: number; staleUntil: number }>();
  private readonly inFlight = new Map<string, Promise<T>>();

  constructor(
    /** How long an answer stays fresh, in ms (0: not cached). */
    private readonly ttlOf: (value: T) => number,
    /** Most answers kept; the oldest go first (bounds memory against floods of made-up keys). */
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
    private readonly stale: StalePolicy<T> | null = null,
  ) {}

  /** The fresh cached answer for `key`, else the one being fetched, else a new `load()`. */
  get(key: string, load: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > this.now()) return Promise.resolve(entry.value);
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const loading = load().then(
      (value) => {
        this.inFlight.delete(key);
        const previous = this.entries.get(key);
        if (this.stale && previous && previous.staleUntil > this.now() && this.stale.reuse(value, previous.value)) {
          // Served again for retryMs at most, and never past its staleness bound.
          const expiresAt = Math.min(this.now() + this.stale.retryMs, previous.staleUntil);
          this.entries.set(key, { ...previous, expiresAt });
          return previous.value;
        }
        this.store(key, value);
        return value;
      },
      (error: unknown) => {
        this.inFlight.delete(key);
        throw error;
      },
    );
    this.inFlight.set(key, loading);
    return loading;
  }

  /** Forgets an answer (after something changed it, such as an activation). */
  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Forgets every answer. */
  clear(): void {
    this.entries.clear();
  }

  private store(key: string, value: T): void {
    const ttl = this.ttlOf(value);
    this.entries.delete(key);
    if (ttl <= 0) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const expiresAt = this.now() + ttl;
    this.entries.set(key, { value, expiresAt, staleUntil: expiresAt + (this.stale?.maxStaleMs ?? 0) });
  }
}
