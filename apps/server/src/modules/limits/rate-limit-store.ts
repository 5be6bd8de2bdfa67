import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { LimitsRepository } from './limits.repository.ts';

/** What the plugin hands `child()`: the route's merged limit options (routeInfo is the route, or {} for `app.rateLimit()`). */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string };
  max?: unknown;
  timeWindow?: unknown;
}

/** Fixed-window counters by key: the database's table. */
export type WindowCounters = Pick<LimitsRepository, 'hit' | 'peek'>;

/**
 * @fastify/rate-limit's store interface over window counters (ADR 0043): each route's counters are
 * its own (named by method and path), and every API host sharing the counters counts against the
 * same ones. Redis, when configured, takes the plugin's own store.
 */
export function windowRateLimitStore(repo: WindowCounters): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly namespace = 'global',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      repo.hit(`${this.namespace}|${key}`, timeWindow).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (err: Error) => callback(err),
      );
    }

    /** The plugin's `{ increment: false }` peek. */
    read(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void) {
      repo.peek(`${this.namespace}|${key}`).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (err: Error) => callback(err),
      );
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // Typed as a route's options; what the plugin passes is its merged limit options (ChildOptions).
      const routeOptions = options as unknown as ChildOptions;
      const { routeInfo } = routeOptions;
      const method = Array.isArray(routeInfo?.method) ? routeInfo.method.join(',') : routeInfo?.method;
      // A limit made with app.rateLimit() has no route: its limit and window tell it apart.
      const namespace = routeInfo?.url ? `${method} ${routeInfo.url}` : `hook ${String(routeOptions.max)}/${String(routeOptions.timeWindow)}`;
      return new DatabaseStore({} as FastifyRateLimitOptions, namespace);
    }
  }
  return DatabaseStore;
}
