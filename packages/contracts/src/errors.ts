/**
 * Every error code the API can answer with, and its HTTP status.
 * Typed as a complete record so that adding a code without a status fails typecheck.
 */
export const ERROR_STATUS = {
  validation_failed: 400,
  malformed_json: 400,
  bad_request: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  two_factor_required: 401,
  wrong_account_type: 401,
  plan_limit: 402,
  forbidden: 403,
  not_found: 404,
  email_taken: 409,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable_deck: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];
