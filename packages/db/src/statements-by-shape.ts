import { Column, getTableName, is, SQL, Subquery, type DriverValueDecoder } from 'drizzle-orm';

/**
 * Queries whose SQL is built once per shape (ADR 0029). Drizzle renders a query builder's SQL text
 * on every run; for the pipeline's list calls that rendering (and its `is()` checks on every piece)
 * cost the server more CPU than PostgreSQL spent running the query. A shape is whatever decides the
 * text (which filters are set, the sort, whether a cursor is given); the values go in as
 * `sql.placeholder`s at `execute`.
 *
 * The statements are unnamed: named-statements.ts on PostgreSQL and pglite-prepared.ts on PGlite
 * prepare the repeated ones under a name (and none under DATABASE_NAMED_STATEMENTS=0). At most
 * `limit` shapes are kept, the oldest dropped first; a repository made for a transaction starts
 * its own.
 */
export function statementsByShape(limit = 200) {
  const statements = new Map<string, unknown>();
  return <Q extends { prepare(name: string): unknown }>(shape: string, build: () => Q): ReturnType<Q['prepare']> => {
    let statement = statements.get(shape);
    if (statement === undefined) {
      if (statements.size >= limit) statements.delete(statements.keys().next().value!);
      // '' is no name: node-postgres sends it unnamed.
      statement = withCompiledRowMapper(build().prepare(''));
      statements.set(shape, statement);
    }
    return statement as ReturnType<Q['prepare']>;
  };
}

/** What drizzle's prepared queries (node-postgres and PGlite drivers) keep of their select. */
interface PreparedSelect {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/**
 * Gives a prepared select a row mapper worked out once from its fields, doing what drizzle's
 * `mapResultRow` does on every row: each field's decoder found by up to three `is()` checks (a
 * walk up the class chain for every field that is not a column) and each path walked with an
 * iterator. On a page of 26 deals that was a fifth of the list call's server CPU. A statement
 * whose driver keeps no fields (not a select) is left to drizzle.
 */
function withCompiledRowMapper<P>(prepared: P): P {
  const p = prepared as PreparedSelect;
  if (!Array.isArray(p.fields) || p.customResultMapper) return prepared;
  const nullable = p.joinsNotNullableMap;
  const columns = p.fields.map(({ path, field }) => ({
    parents: path.slice(0, -1),
    name: path[path.length - 1]!,
    decoder: decoderOf(field),
    // A column of a joined table, at depth one: the nested object is null when the join found no row.
    table: nullable && is(field, Column) && path.length === 2 ? getTableName(field.table) : undefined,
  }));
  p.customResultMapper = (rows) =>
    rows.map((row) => {
      const result: Record<string, unknown> = {};
      const nullify: Record<string, string | false> = {};
      for (let i = 0; i < columns.length; i++) {
        const { parents, name, decoder, table } = columns[i]!;
        let node = result;
        for (const parent of parents) node = (node[parent] ??= {}) as Record<string, unknown>;
        const raw = row[i];
        const value = (node[name] = raw === null ? null : decoder.mapFromDriverValue(raw));
        if (table !== undefined) {
          const object = parents[0]!;
          if (!(object in nullify)) nullify[object] = value === null ? table : false;
          else if (typeof nullify[object] === 'string' && nullify[object] !== table) nullify[object] = false;
        }
      }
      for (const [object, table] of Object.entries(nullify)) {
        if (typeof table === 'string' && !nullable![table]) result[object] = null;
      }
      return result;
    });
  return prepared;
}

type Decoder = DriverValueDecoder<unknown, unknown>;
/** The decoder drizzle gives a field, as mapResultRow finds it (an SQL's decoder is internal). */
function decoderOf(field: unknown): Decoder {
  const ofSql = (sql: SQL) => (sql as unknown as { decoder: Decoder }).decoder;
  if (is(field, Column)) return field;
  if (is(field, SQL)) return ofSql(field);
  if (is(field, Subquery)) return ofSql((field as unknown as { _: { sql: SQL } })._.sql);
  return ofSql((field as SQL.Aliased).sql);
}
