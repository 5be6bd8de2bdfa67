/**
 * What may reach the logs. Request bodies are never logged (Fastify logs method, URL and
 * addresses only); secrets that travel in headers, URLs or error objects are removed here:
 * - pino's `redact` by path for headers and any field named like a secret;
 * - an error serializer that keeps only an allow-list of fields, so a database error's SQL
 *   parameters (`params`, `parameters`), its `detail` (which quotes row values) and a failed
 *   query's message (which ends with the parameters) never reach a log line;
 * - a request serializer that hides share-link tokens and query values (SSE tickets) in URLs.
 */

export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["webhook-signature"]',
  'req.headers["stripe-signature"]',
  'body',
  'req.body',
  'password',
  'passwordHash',
  'password_hash',
  'token',
  'params',
  'parameters',
  '*.body',
  '*.password',
  '*.passwordHash',
  '*.password_hash',
  '*.token',
  '*.params',
  '*.parameters',
] as const;

/** Fields of an error (and its causes) that describe it without quoting data. */
const SAFE_ERROR_FIELDS = ['code', 'statusCode', 'severity', 'table', 'column', 'constraint', 'routine'] as const;
const MAX_CAUSES = 5;

type LoggedError = { type: string; message: string; stack: string; cause?: LoggedError } & Record<string, unknown>;

function carriesQuery(err: Record<string, unknown>) {
  return 'params' in err || 'parameters' in err || 'query' in err;
}

/** A failed query's message is "Failed query: <sql>\nparams: <values>": keep the SQL text only. */
function safeMessage(err: Error & Record<string, unknown>) {
  if (carriesQuery(err) && typeof err.query === 'string' && err.message.startsWith('Failed query')) {
    return `Failed query: ${err.query}`;
  }
  return err.message.split('\nparams:')[0] ?? '';
}

/** The stack's frames only: its first lines repeat the message. */
function framesOnly(stack: unknown) {
  if (typeof stack !== 'string') return '';
  return stack
    .split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n');
}

/** pino's `err` serializer: the error and its causes by an allow-list of fields. */
export function serializeErrorForLog(err: Error, depth = 0): LoggedError {
  const source = err as Error & Record<string, unknown>;
  const type = err.name || err.constructor.name;
  const message = safeMessage(source);
  const out: LoggedError = { type, message, stack: `${type}: ${message}\n${framesOnly(err.stack)}` };
  for (const field of SAFE_ERROR_FIELDS) {
    const value = source[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (err.cause instanceof Error && depth < MAX_CAUSES) out.cause = serializeErrorForLog(err.cause, depth + 1);
  return out;
}

/** `/public/share/<token>/` and every query value: what a URL may carry that opens something. */
export function scrubUrl(url: string) {
  const [path = '', query] = url.split('?', 2);
  const safePath = path.replace(/(\/public\/share\/)[^/]+/, '$1[redacted]');
  if (query === undefined) return safePath;
  const keys = query
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=[redacted]`);
  return `${safePath}?${keys.join('&')}`;
}

interface LoggableRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export function serializeRequestForLog(req: LoggableRequest) {
  return { method: req.method, url: scrubUrl(req.url), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort };
}
