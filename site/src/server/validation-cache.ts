/**
 * Provider answers kept for a short while, with one provider call per key at a time: concurrent checks of a
 * key wait for the call already under way instead of starting their own (single flight).
 */
export class ValidationCache<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>();
  private readonly inFlight = new Map<string, Promise<T>>();

  constructor(
    /** How long an answer stays fresh, in ms (0: not cached). */
    private readonly ttlOf: (value: T) => number,
    /** Most answers kept; the oldest go first (bounds memory against floods of made-up keys). */
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
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

  private store(key: string, value: T): void {
    const ttl = this.ttlOf(value);
    this.entries.delete(key);
    if (ttl <= 0) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt: this.now() + ttl });
  }
}
