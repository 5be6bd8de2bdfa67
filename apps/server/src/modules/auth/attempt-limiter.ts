/**
 * Counts attempts per key in a sliding window (per email for sign-in and sign-up).
 * Per-IP limits are the rate-limit plugin's; this adds the per-account limit that
 * stops slow password guessing spread over many addresses. Kept in memory: with
 * several API processes each enforces its own window.
 */
export class AttemptLimiter {
  private readonly attempts = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until another attempt is allowed, or 0 when one is allowed now. */
  retryAfterMs(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.max) return 0;
    return recent[0]! + this.windowMs - this.now();
  }

  record(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now());
    this.attempts.set(key, recent);
    if (this.attempts.size > 50_000) this.prune();
  }

  clear(key: string): void {
    this.attempts.delete(key);
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    return (this.attempts.get(key) ?? []).filter((t) => t > cutoff);
  }

  private prune(): void {
    for (const key of this.attempts.keys()) {
      if (this.recent(key).length === 0) this.attempts.delete(key);
    }
  }
}
