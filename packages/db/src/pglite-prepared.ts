import { protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { GENERIC_PLANS, repeatedStatementNames } from './named-statements.ts';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/**
 * Prepared statements for the queries the server repeats on the embedded database (ADR 0031), as
 * named-statements.ts does on PostgreSQL. PGlite's `query()` parses and plans every statement afresh
 * and crosses into its WebAssembly engine six times per statement (Parse, Describe, Bind, Describe,
 * Execute, Sync), about 0.9 ms even for `select 1`. A statement prepared once is then run with a
 * single crossing (Bind, Execute, Sync) and no parsing: at 10 clients the pipeline's first page went
 * from p95 92 to 36 ms (`npm run bench:pipeline`).
 *
 * Only the client's own `query` is wrapped, for a parameterised text seen twice (the same names as
 * on PostgreSQL, up to `limit`); statements inside a transaction go through the transaction's own
 * `query` unchanged. A statement whose cached plan no longer fits the schema is prepared again.
 */
export async function prepareRepeatedStatements(client: PGlite, limit: number): Promise<void> {
  if (limit <= 0) return;
  await client.exec(GENERIC_PLANS);
  const nameFor = repeatedStatementNames(limit);
  const prepared = new Map<string, Statement>();
  const query = client.query.bind(client);

  const run = async <T>(text: string, params: unknown[], options: QueryOptions | undefined, name: string, again = true): Promise<Results<T>> => {
    let statement = prepared.get(text);
    if (!statement) {
      statement = await prepare(client, name, text, options);
      prepared.set(text, statement);
    }
    let messages: BackendMessage[];
    try {
      messages = await client.execProtocolStream(execute(client, statement, params, options), { syncToFs: false, onNotice: options?.onNotice });
    } catch (error) {
      if (!again || !isStale(error)) throw withQuery(error, text, params, options);
      prepared.delete(text);
      await client.execProtocolStream(concat([protocol.serialize.close({ type: 'S', name }), protocol.serialize.sync()]), { syncToFs: false });
      return run(text, params, options, name, false);
    }
    if (!client.isInTransaction()) await client.syncToFs();
    return results<T>(client, statement, messages, options);
  };

  client.query = <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    const name = !client.closed && params?.length && !options?.blob && !options?.paramTypes ? nameFor(text) : undefined;
    if (!name) return query<T>(text, params, options);
    return client._runExclusiveTransaction(() => client._runExclusiveQuery(() => run<T>(text, params!, options, name)));
  };
}

interface Statement {
  name: string;
  /** The type of each parameter, as PostgreSQL inferred it: what each value is serialised as. */
  paramTypes: number[];
  /** The columns of its rows; empty for a statement that returns none. */
  fields: { name: string; dataTypeID: number }[];
}

/** Parses and describes a statement under `name`, once. */
async function prepare(client: PGlite, name: string, text: string, options: QueryOptions | undefined): Promise<Statement> {
  const { serialize } = protocol;
  let messages: BackendMessage[];
  try {
    messages = await client.execProtocolStream(concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]), {
      syncToFs: false,
    });
  } catch (error) {
    throw withQuery(error, text, undefined, options);
  }
  const statement: Statement = { name, paramTypes: [], fields: [] };
  for (const message of messages) {
    if (message instanceof protocol.messages.ParameterDescriptionMessage) statement.paramTypes = message.dataTypeIDs;
    if (message instanceof protocol.messages.RowDescriptionMessage) {
      statement.fields = message.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }));
    }
  }
  return statement;
}

/** Bind, Execute and Sync in one message: each value serialised as PGlite's `query()` does. */
function execute(client: PGlite, statement: Statement, params: unknown[], options: QueryOptions | undefined): Uint8Array {
  const values = params.map((param, i) => {
    if (param === null || param === undefined) return null;
    const oid = statement.paramTypes[i]!;
    const serialize = options?.serializers?.[oid] ?? client.serializers[oid];
    return serialize ? serialize(param) : String(param);
  });
  const { serialize } = protocol;
  return concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]);
}

/** The answer `query()` gives: rows (arrays or objects) parsed by type, fields and counts. */
function results<T>(client: PGlite, statement: Statement, messages: BackendMessage[], options: QueryOptions | undefined): Results<T> {
  const { fields } = statement;
  const parsers = fields.map(({ dataTypeID }) => options?.parsers?.[dataTypeID] ?? client.parsers[dataTypeID]);
  const parse = (value: string | null, i: number) => {
    const parser = parsers[i];
    return value === null || !parser ? value : parser(value, fields[i]!.dataTypeID);
  };
  const rows: unknown[] = [];
  const answer: Results<T> = { rows: rows as T[], fields, affectedRows: 0 };
  for (const message of messages) {
    if (message instanceof protocol.messages.DataRowMessage) {
      const values = message.fields as (string | null)[];
      if (options?.rowMode === 'array') rows.push(values.map(parse));
      else rows.push(Object.fromEntries(values.map((value, i) => [fields[i]!.name, parse(value, i)])));
    } else if (message instanceof protocol.messages.CommandCompleteMessage) {
      const parts = message.text.split(' ');
      const rowCount = Number.parseInt(parts[parts.length - 1]!, 10);
      const command = parts[0]!;
      if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command)) answer.affectedRows = rowCount;
      Object.assign(answer, { command }, Number.isNaN(rowCount) ? {} : { rowCount });
    }
  }
  return answer;
}

/** A plan PostgreSQL kept that no longer fits (a table changed under it), or a statement gone. */
function isStale(error: unknown): boolean {
  const code = (error as { code?: string } | undefined)?.code;
  return (code === '0A000' && /cached plan/.test(String((error as Error).message))) || code === '26000';
}

/** The error as `query()` throws it: the database's, with the statement it came from. */
function withQuery(error: unknown, query: string, params: unknown[] | undefined, queryOptions: QueryOptions | undefined): unknown {
  if (error && typeof error === 'object' && 'code' in error) Object.assign(error, { query, params, queryOptions });
  return error;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
