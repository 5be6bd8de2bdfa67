import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import pg from 'pg';
import { createMemoryAttemptLog, type AttemptEntry, type AttemptLog } from '../auth/attempt-limiter.ts';
import { ATTEMPTS_CHANNEL, type LimitsRepository, type StoredAttempt } from './limits.repository.ts';

interface Log {
  warn(obj: object, msg: string): void;
}

/** A shared attempts log: answers from its copy in memory, and is started and closed with the app. */
export interface SharedAttemptLog extends AttemptLog {
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The attempts log in the database (ADR 0043). Each entry is written with a NOTIFY carrying it, so
 * every host sharing a PostgreSQL server applies the others' entries as they commit; a host that
 * starts, or whose LISTEN connection was lost, reloads the entries still in their window. On the
 * embedded database there is one process: the table keeps its attempts across a restart.
 */
export function createDatabaseAttemptLog(options: { repo: LimitsRepository; listenUrl: string | undefined; log: Log }): SharedAttemptLog {
  const { repo, listenUrl, log } = options;
  const origin = randomUUID();
  const copy = createMemoryAttemptLog();
  let listener: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function reload() {
    // Entries heard while reading are applied after it, unless the read had them already.
    const heard: StoredAttempt[] = [];
    const hear = (entry: StoredAttempt) => heard.push(entry);
    applyHeard = hear;
    try {
      const rows = await repo.live();
      copy.reset();
      rows.forEach(copy.apply);
      const loaded = new Set(rows.map((r) => r.id));
      heard.filter((e) => !loaded.has(e.id)).forEach(copy.apply);
    } finally {
      applyHeard = copy.apply;
    }
  }
  let applyHeard: (entry: StoredAttempt) => void = copy.apply;

  async function listen(): Promise<void> {
    if (!listenUrl || closed) return;
    const client = new pg.Client({ connectionString: listenUrl });
    listener = client;
    const lost = (err?: unknown) => {
      if (listener !== client) return;
      listener = null;
      client.removeAllListeners();
      client.on('error', () => {});
      void client.end().catch(() => {});
      if (closed) return;
      log.warn({ err }, 'attempts log: LISTEN connection lost; reconnecting');
      retry = setTimeout(() => void listen().then(reload).catch(() => {}), 500);
    };
    client.on('notification', (message) => {
      try {
        const entry = JSON.parse(message.payload ?? '') as StoredAttempt;
        if (entry.origin !== origin) applyHeard(entry);
      } catch (err) {
        log.warn({ err }, 'attempts log: unreadable notification');
      }
    });
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`listen ${ATTEMPTS_CHANNEL}`);
    } catch (err) {
      lost(err);
      throw err;
    }
  }

  return {
    times: copy.times,
    record(entry: AttemptEntry) {
      copy.apply(entry);
      repo.append(entry, origin, Boolean(listenUrl)).catch((err: unknown) => {
        if (!closed) log.warn({ err }, 'attempts log: entry not stored');
      });
    },
    async start() {
      await listen();
      await reload();
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const client = listener;
      listener = null;
      await client?.end().catch(() => {});
    },
  };
}

/**
 * The attempts log in Redis (with REDIS_URL): a stream every host appends to and reads from a
 * blocking connection of its own, trimmed to the longest window. A starting host reads the
 * stream's entries still in their window first.
 */
export function createRedisAttemptLog(options: { redis: Redis; stream: string; log: Log }): SharedAttemptLog {
  const { redis, stream: STREAM, log } = options;
  const origin = randomUUID();
  const copy = createMemoryAttemptLog();
  const reader = redis.duplicate();
  let closed = false;
  let longestWindowMs = 60 * 60_000;
  let lastId = '0-0';

  function applyFields(id: string, fields: string[]) {
    const f: Record<string, string> = {};
    for (let i = 0; i + 1 < fields.length; i += 2) f[fields[i]!] = fields[i + 1]!;
    lastId = id;
    if (f.origin === origin) return;
    const entry: AttemptEntry = {
      limiter: f.limiter ?? '',
      key: f.key ?? '',
      kind: f.kind === 'clear' ? 'clear' : 'attempt',
      at: Number(f.at),
      windowMs: Number(f.windowMs),
    };
    if (Number.isFinite(entry.at) && Number.isFinite(entry.windowMs)) copy.apply(entry);
  }

  async function follow() {
    while (!closed) {
      try {
        const batches = (await reader.xread('COUNT', 500, 'BLOCK', 5000, 'STREAMS', STREAM, lastId)) as [string, [string, string[]][]][] | null;
        for (const [, entries] of batches ?? []) for (const [id, fields] of entries) applyFields(id, fields);
      } catch (err) {
        if (closed) return;
        log.warn({ err }, 'attempts log: Redis stream not read; retrying');
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  }

  return {
    times: copy.times,
    record(entry: AttemptEntry) {
      copy.apply(entry);
      longestWindowMs = Math.max(longestWindowMs, entry.windowMs);
      const minId = String(Date.now() - longestWindowMs);
      redis
        .xadd(STREAM, 'MINID', '~', minId, '*', 'origin', origin, 'limiter', entry.limiter, 'key', entry.key, 'kind', entry.kind, 'at', String(entry.at), 'windowMs', String(entry.windowMs))
        .catch((err: unknown) => {
          if (!closed) log.warn({ err }, 'attempts log: entry not stored in Redis');
        });
    },
    async start() {
      // Catch up on the entries still counting, then follow the stream as it grows.
      lastId = `${Date.now() - longestWindowMs}-0`;
      for (;;) {
        const entries = (await redis.xrange(STREAM, `(${lastId}`, '+', 'COUNT', 1000)) as [string, string[]][];
        for (const [id, fields] of entries) applyFields(id, fields);
        if (entries.length < 1000) break;
      }
      void follow();
    },
    async close() {
      closed = true;
      reader.disconnect();
    },
  };
}
