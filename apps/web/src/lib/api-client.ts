import {
  buildPath,
  encodeQuery,
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  type QueryValue,
} from '@fitscore/contracts';
import { API_URL } from '@/config/env';
import { STORAGE_KEYS, storage } from './storage';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The text to show for a failed call: the server's `error` when there is one, else the screen's fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}

/** Raised when the server says the session is gone; the auth provider signs the user out. */
export const UNAUTHORIZED_EVENT = 'fitscore:unauthorized';

export interface CallInput<E extends Endpoint> {
  body?: EndpointBody<E> | FormData;
  params?: EndpointParams<E>;
  query?: EndpointQuery<E>;
  signal?: AbortSignal;
}

export function apiUrl(path: string): string {
  return `${API_URL}${path}`;
}

export function authHeader(): Record<string, string> {
  const token = storage.get(STORAGE_KEYS.token);
  return token ? { Authorization: `Token ${token}` } : {};
}

export async function readError(response: Response, fallback: string): Promise<ApiError> {
  let body: { error?: unknown; code?: unknown; details?: unknown } = {};
  try {
    body = await response.json();
  } catch {
    /* not JSON: keep the fallback */
  }
  const message = typeof body.error === 'string' && body.error ? body.error : fallback;
  return new ApiError(message, response.status, typeof body.code === 'string' ? body.code : 'unknown', body.details);
}

/**
 * Calls one contract endpoint: fills the path, sends the token, parses the answer with the
 * contract's schema, and turns failures into ApiError carrying the server's `error` text.
 */
export async function callEndpoint<E extends Endpoint>(
  endpoint: E,
  input: CallInput<E> = {},
  fallbackError = 'Something went wrong. Please try again.',
): Promise<EndpointResponse<E>> {
  const url = apiUrl(
    buildPath(endpoint.path, input.params as Record<string, string> | undefined) + encodeQuery(input.query as Record<string, QueryValue> | undefined),
  );
  const headers: Record<string, string> = { ...authHeader() };
  let body: BodyInit | undefined;
  if (input.body instanceof FormData) body = input.body;
  else if (input.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(input.body);
  }

  let response: Response;
  try {
    response = await fetch(url, { method: endpoint.method, headers, body, signal: input.signal ?? null });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError('Cannot reach the FitScore server. Check your connection and try again.', 0, 'network');
  }
  if (!response.ok) {
    const error = await readError(response, fallbackError);
    if (response.status === 401 && endpoint.access !== 'public') {
      window.dispatchEvent(new CustomEvent(UNAUTHORIZED_EVENT, { detail: error.message }));
    }
    throw error;
  }
  if (response.status === 204) return undefined as EndpointResponse<E>;
  return endpoint.response.parse(await response.json()) as EndpointResponse<E>;
}
