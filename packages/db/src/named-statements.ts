import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Named statements for the queries the server repeats (ADR 0029). PostgreSQL parses, analyses and
 * plans an unnamed statement every time it is sent; a named one is parsed once per connection and
 * planned once (GENERIC_PLANS). The pipeline's list calls spent about 0.3 ms of the
 * database's CPU per statement on that, more than on running them (`npm run bench:pipeline`).
 *
 * Every client of the pool sends a parameterised query under its `repeatedStatementNames` name,
 * up to `limit` names, which bounds what each connection keeps. `limit` 0 sends everything
 * unnamed, as a transaction-pooling proxy (PgBouncer in transaction mode) needs.
 */
export function nameRepeatedStatements(pool: pg.Pool, limit: number): void {
  if (limit <= 0) return;
  const nameFor = repeatedStatementNames(limit);

  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
      const name = statementName(config, values, nameFor);
      return query(name ? { ...(config as object), name } : config, values, callback);
    };
  });
}

/**
 * Named statements keep one generic plan, made on their first run (ADR 0032). Left to choose,
 * PostgreSQL planned the pipeline's page statements again on every call (0.3-1.1 ms each, more than
 * running them): it compares a generic plan's estimate, made for any fund, with the custom plans
 * made for this fund, and the estimate of a LIMIT over a fund of average size never wins. Our
 * statements are written so that one plan fits every value (their shapes decide the SQL, LIMITs
 * are literal, a broad search is its own shape), so the generic plan is the one they were written for.
 */
const PLAN_CACHE_MODE = { name: 'plan_cache_mode', value: 'force_generic_plan' } as const;
export const GENERIC_PLANS = `set ${PLAN_CACHE_MODE.name} = ${PLAN_CACHE_MODE.value}`;
/**
 * GENERIC_PLANS as a pool's connection option: a startup parameter of each connection, in force
 * before its first query (a statement sent from the pool's 'connect' event ran beside the first
 * query, which pg deprecates). None when nothing is named (a transaction-pooling proxy such as
 * PgBouncer refuses startup parameters it does not know).
 */
export const genericPlansOption = (limit: number): { options?: string } =>
  limit > 0 ? { options: `-c ${PLAN_CACHE_MODE.name}=${PLAN_CACHE_MODE.value}` } : {};

/**
 * Gives a statement text a name from its second sighting on (one-off statements stay unnamed), up
 * to `limit` names. A name is the text's hash, so one text always has one name and two texts never
 * share one. Both drivers prepare their repeated statements under these names (pglite-prepared.ts).
 */
export function repeatedStatementNames(limit: number): (text: string) => string | undefined {
  const named = new Map<string, string>();
  const seenOnce = new Set<string>();
  return (text) => {
    const known = named.get(text);
    if (known || named.size >= limit) return known;
    if (!seenOnce.has(text)) {
      if (seenOnce.size >= limit * 4) seenOnce.clear();
      seenOnce.add(text);
      return undefined;
    }
    seenOnce.delete(text);
    const name = `fs_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
    named.set(text, name);
    return name;
  };
}

/** The name to send a query under: only for a parameterised query config that has none yet. */
function statementName(config: unknown, values: unknown, nameFor: (text: string) => string | undefined): string | undefined {
  if (!config || typeof config !== 'object') return undefined;
  const c = config as { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };
  if (typeof c.text !== 'string' || c.name || typeof c.submit === 'function') return undefined;
  const params = Array.isArray(values) ? values : c.values;
  return Array.isArray(params) && params.length > 0 ? nameFor(c.text) : undefined;
}
