import { createHash } from 'node:crypto';

/**
 * Queries whose SQL is built once per shape (ADR 0029). Drizzle renders a query builder's SQL text
 * on every run; for the pipeline's list calls that rendering cost the server more CPU than
 * PostgreSQL spent running the query. A shape is whatever decides the text (which filters are set,
 * the sort, whether a cursor is given); the values go in as `sql.placeholder`s at `execute`.
 *
 * Each shape is prepared through drizzle's own `prepare(name)` under a name made from the shape,
 * so node-postgres parses it once per connection and sends only Bind/Execute afterwards (ADR 0047);
 * with `DATABASE_NAMED_STATEMENTS=0` (a pooling proxy that cannot keep them) it is sent unnamed.
 * The embedded database has no named statements: drizzle's PGlite driver sends the text each time.
 * At most `limit` shapes are kept, the oldest dropped first; a repository made for a transaction
 * starts its own.
 */
export function statementsByShape(limit = 200) {
  const statements = new Map<string, unknown>();
  return <Q extends { prepare(name: string): unknown }>(shape: string, build: () => Q): ReturnType<Q['prepare']> => {
    let statement = statements.get(shape);
    if (statement === undefined) {
      if (statements.size >= limit) statements.delete(statements.keys().next().value!);
      statement = build().prepare(preparedName(shape));
      statements.set(shape, statement);
    }
    return statement as ReturnType<Q['prepare']>;
  };
}

let naming = true;

/** Whether shapes are prepared under a name (set from DATABASE_NAMED_STATEMENTS when the database opens). */
export function nameStatements(enabled: boolean): void {
  naming = enabled;
}

/**
 * The name to `prepare()` a statement the server repeats under: the hash of `key` (a shape, or what
 * the statement is), so one statement always has one name; '' (unnamed) when names are off.
 */
export function preparedName(key: string): string {
  return naming ? `fs_${createHash('sha1').update(key).digest('base64url').slice(0, 22)}` : '';
}
