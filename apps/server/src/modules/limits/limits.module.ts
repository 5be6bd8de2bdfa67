import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { DatabaseHandle } from '@fitscore/db';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { createDatabaseAttemptLog, createRedisAttemptLog, type SharedAttemptLog } from './attempt-logs.ts';
import { createLimitsRepository } from './limits.repository.ts';
import { windowRateLimitStore } from './rate-limit-store.ts';

const PRUNE_EVERY_MS = 60_000;

export interface SharedLimits {
  /** The rate-limit plugin's storage options: the database's counters, Redis, or the plugin's own memory. */
  rateLimitOptions: Pick<RateLimitPluginOptions, 'store' | 'redis' | 'nameSpace' | 'cache'>;
  /** The store of every AttemptLimiter the modules make (bound with withAttemptLog). */
  attempts: SharedAttemptLog;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Request counters the plugin keeps in memory on the embedded database (its LRU's size). */
const MEMORY_KEYS = 50_000;

/**
 * Where every limit is counted so that all API hosts see the same numbers (ADR 0043): the app's
 * database by default (PostgreSQL shared by the hosts, or the embedded one), Redis when
 * REDIS_URL is set.
 */
export function createSharedLimits(options: {
  database: DatabaseHandle;
  redis: { url: string; prefix: string } | undefined;
  log: FastifyBaseLogger;
}): SharedLimits {
  const { database, log } = options;
  if (options.redis) {
    const { url, prefix } = options.redis;
    const redis = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: true });
    redis.on('error', (err) => log.warn({ err }, 'Redis connection error'));
    const attempts = createRedisAttemptLog({ redis, stream: `${prefix}attempts`, log });
    return {
      rateLimitOptions: { redis, nameSpace: `${prefix}rate-limit:` },
      attempts,
      async start() {
        await redis.connect();
        await attempts.start();
      },
      async close() {
        await attempts.close();
        await redis.quit().catch(() => redis.disconnect());
      },
    };
  }
  const repo = createLimitsRepository(database.db);
  const attempts = createDatabaseAttemptLog({ repo, listenUrl: database.url, log });
  // Only one process can open the embedded database, so its one API host counts requests in the
  // plugin's own memory store: a map lookup, not a query on the only database connection (which
  // 2,000 stalled sign-ins queued ahead of /healthz). Hosts sharing PostgreSQL count in its table.
  let pruner: NodeJS.Timeout | undefined;
  return {
    rateLimitOptions: database.pglite ? { cache: MEMORY_KEYS } : { store: windowRateLimitStore(repo) },
    attempts,
    async start() {
      await attempts.start();
      const prune = () => {
        void repo.prune().catch((err: unknown) => log.warn({ err }, 'expired limit counters not deleted'));
      };
      pruner = setInterval(prune, PRUNE_EVERY_MS);
      pruner.unref();
    },
    async close() {
      clearInterval(pruner);
      await attempts.close();
    },
  };
}
