/**
 * Counts attempts per key in a sliding window (per email for sign-up, per account for wrong
 * second-factor codes, per sender and fund for deal intake). Per-IP request limits are the
 * rate-limit plugin's; this adds the per-account limits that stop slow guessing spread over many
 * addresses.
 *
 * The counts live in an `AttemptLog` that every API host shares (ADR 0043): the app binds its
 * shared log (database or Redis) while the modules are built, so a limiter made then counts the
 * attempts of every host. Its calls stay synchronous: the log answers from the entries it holds in
 * memory, appends this host's own to the shared store and hears the other hosts' as they happen.
 * A limiter made outside the app (a unit test) keeps its own in-memory log.
 */
export class AttemptLimiter {
  private readonly log: AttemptLog;
  private readonly name: string;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    /** What is counted, unique among the app's limiters; by default the limit and window. */
    name?: string,
  ) {
    this.log = boundLog ?? createMemoryAttemptLog();
    this.name = name ?? `${max}/${windowMs}`;
  }

  /** Milliseconds until another attempt is allowed, or 0 when one is allowed now. */
  retryAfterMs(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.max) return 0;
    return recent[recent.length - this.max]! + this.windowMs - this.now();
  }

  record(key: string): void {
    this.log.record({ limiter: this.name, key, kind: 'attempt', at: this.now(), windowMs: this.windowMs });
  }

  clear(key: string): void {
    this.log.record({ limiter: this.name, key, kind: 'clear', at: this.now(), windowMs: this.windowMs });
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    return this.log.times(this.name, key).filter((t) => t > cutoff);
  }
}

/** One counted attempt, or the forgetting of a key's attempts ('clear'). */
export interface AttemptEntry {
  limiter: string;
  key: string;
  kind: 'attempt' | 'clear';
  /** Milliseconds since the epoch. */
  at: number;
  /** How long the entry counts. */
  windowMs: number;
}

/** Where limiters keep their attempts: answered from memory, shared by whatever stands behind it. */
export interface AttemptLog {
  /** The attempt times held for a key, oldest first (the caller filters by its window). */
  times(limiter: string, key: string): readonly number[];
  record(entry: AttemptEntry): void;
}

let boundLog: AttemptLog | undefined;

/**
 * Makes `log` the store of every limiter made until the returned call (the app binds its shared
 * log while its modules are built, synchronously, so no other app's limiters are made meanwhile).
 */
export function bindAttemptLog(log: AttemptLog): () => void {
  const previous = boundLog;
  boundLog = log;
  return () => {
    boundLog = previous;
  };
}

const MAX_KEYS = 50_000;

/**
 * The entries in memory: the whole log of one process, or the copy a shared log keeps. `apply`
 * takes an entry from anywhere (this host or another); keys past their window are dropped when
 * the map grows large.
 */
export function createMemoryAttemptLog(now: () => number = Date.now) {
  const entries = new Map<string, { times: number[]; windowMs: number }>();
  const id = (limiter: string, key: string) => `${limiter}\u0000${key}`;

  function prune() {
    const t = now();
    for (const [k, e] of entries) {
      if (e.times.length === 0 || e.times[e.times.length - 1]! + e.windowMs <= t) entries.delete(k);
    }
  }

  function apply(entry: AttemptEntry) {
    const k = id(entry.limiter, entry.key);
    if (entry.kind === 'clear') {
      // Forgets what came before the clear; an attempt recorded after it (on another host) stays.
      const kept = entries.get(k)?.times.filter((t) => t > entry.at) ?? [];
      if (kept.length === 0) entries.delete(k);
      else entries.set(k, { times: kept, windowMs: entry.windowMs });
      return;
    }
    let e = entries.get(k);
    if (!e) {
      if (entries.size >= MAX_KEYS) prune();
      e = { times: [], windowMs: entry.windowMs };
      entries.set(k, e);
    }
    // Entries from other hosts can arrive slightly out of order: keep the times sorted.
    let i = e.times.length;
    while (i > 0 && e.times[i - 1]! > entry.at) i--;
    e.times.splice(i, 0, entry.at);
    const cutoff = entry.at - entry.windowMs;
    while (e.times.length > 0 && e.times[0]! <= cutoff) e.times.shift();
  }

  return {
    times: (limiter: string, key: string): readonly number[] => entries.get(id(limiter, key))?.times ?? [],
    record: apply,
    apply,
    /** Forgets everything (before a shared log reloads its copy). */
    reset: () => entries.clear(),
    size: () => entries.size,
  };
}
