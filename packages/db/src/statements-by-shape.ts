/**
 * Queries whose SQL is built once per shape (ADR 0029). Drizzle renders a query builder's SQL text
 * on every run; for the pipeline's list calls that rendering (and its `is()` checks on every piece)
 * cost the server more CPU than PostgreSQL spent running the query. A shape is whatever decides the
 * text (which filters are set, the sort, whether a cursor is given); the values go in as
 * `sql.placeholder`s at `execute`.
 *
 * The statements are unnamed: on PostgreSQL, named-statements.ts gives the repeated ones a name
 * (and sends none under DATABASE_NAMED_STATEMENTS=0). At most `limit` shapes are kept, the
 * oldest dropped first; a repository made for a transaction starts its own.
 */
export function statementsByShape(limit = 200) {
  const statements = new Map<string, unknown>();
  return <Q extends { prepare(name: string): unknown }>(shape: string, build: () => Q): ReturnType<Q['prepare']> => {
    let statement = statements.get(shape);
    if (statement === undefined) {
      if (statements.size >= limit) statements.delete(statements.keys().next().value!);
      // '' is no name: node-postgres sends it unnamed.
      statement = build().prepare('');
      statements.set(shape, statement);
    }
    return statement as ReturnType<Q['prepare']>;
  };
}
