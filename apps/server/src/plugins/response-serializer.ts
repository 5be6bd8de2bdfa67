import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

type JsonSchema = { [keyword: string]: unknown };

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNullType = (value: unknown) => isSchema(value) && value.type === 'null' && Object.keys(value).length === 1;
const mapValues = (map: unknown, f: (schema: unknown) => unknown) =>
  isSchema(map) ? Object.fromEntries(Object.entries(map).map(([name, schema]) => [name, f(schema)])) : map;

/**
 * The JSON Schema of a contract as fast-json-stringify should write it. It picks a branch of an
 * `anyOf` by validating the value against each, so:
 * - `X | null` becomes X with `nullable: true`, written without validating;
 * - `additionalProperties: false` is dropped: a row with more columns than the contract would
 *   fail that check, and fast-json-stringify writes only the named fields without it.
 */
function forWriting(schema: unknown): unknown {
  if (!isSchema(schema)) return schema;
  const { anyOf, ...rest } = schema;
  if (Array.isArray(anyOf) && anyOf.length === 2 && anyOf.filter(isNullType).length === 1) {
    const other = anyOf.find((branch) => !isNullType(branch));
    if (isSchema(other) && typeof other.type === 'string') return forWriting({ ...rest, ...other, nullable: true });
  }
  const out: JsonSchema = { ...schema };
  if (out.additionalProperties === false) delete out.additionalProperties;
  else if (isSchema(out.additionalProperties)) out.additionalProperties = forWriting(out.additionalProperties);
  for (const keyword of ['properties', 'definitions', '$defs'] as const) if (keyword in out) out[keyword] = mapValues(out[keyword], forWriting);
  for (const keyword of ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const) {
    if (Array.isArray(out[keyword])) out[keyword] = (out[keyword] as unknown[]).map(forWriting);
  }
  if ('items' in out) out.items = Array.isArray(out.items) ? out.items.map(forWriting) : forWriting(out.items);
  return out;
}

/**
 * How answers are written: each endpoint's zod response schema is turned into JSON Schema once,
 * when the route is registered, and fast-json-stringify compiles a writer for it, as Fastify does
 * for its own JSON schemas. Only the schema's fields are written (a row's other columns never
 * leak), in the schema's types. A schema several routes share (the error answer of every route)
 * is compiled once.
 *
 * The zod serializer it replaces re-checked and copied every answer through the schema before
 * `JSON.stringify`: 0.1 ms of a 25-deal pipeline page, half of the server's cost of writing it.
 * The contracts still type every handler's answer, and the API tests read the answers.
 */
const writers = new WeakMap<z.ZodType, (data: unknown) => string>();
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema, method, url }) => {
  let write = writers.get(schema);
  if (write) return write;
  try {
    write = fastJson(forWriting(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' })) as Parameters<typeof fastJson>[0]);
  } catch (error) {
    throw new Error(`${method} ${url}: its response schema cannot be written as JSON Schema`, { cause: error });
  }
  writers.set(schema, write);
  return write;
};
