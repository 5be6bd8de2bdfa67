import { z } from 'zod';
import { IsoDateTimeSchema, OkSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { IntakeReceiptSchema } from './intake.ts';

/**
 * API access for Enterprise funds (issue 33 point 1): admins create keys under Settings → API, each
 * with the scopes it may use; other systems call the versioned public API under `/api/v1/` with
 * `Authorization: Bearer <key>`.
 */
export const API_KEY_SCOPES = ['deals:read', 'deals:write', 'intake:write', 'team:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'deals:read': 'Read deals, comments and CSV exports',
  'deals:write': 'Change status, assign and comment',
  'intake:write': 'Send deals into the intake',
  'team:read': 'Read the fund’s members',
};

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'fsk_';
/** Calls one key may make per minute on the public API; `RateLimit-*` headers say where it stands. */
export const API_KEY_RATE_LIMIT_PER_MINUTE = 600;

export const API_MESSAGES = {
  enterpriseRequired: 'API access is part of the Enterprise plan. Contact sales to add it to your fund.',
  keyNotFound: 'API key not found',
  missingKey: 'Send your API key as Authorization: Bearer <key>.',
  invalidKey: 'This API key is not valid: it may have been revoked or have expired.',
  scopeMissing: (scope: ApiKeyScope) => `This API key does not have the ${scope} scope.`,
} as const;

export const ApiKeySchema = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    /** The first characters of the key (`fsk_AbC1…`), to tell keys apart; the key itself is never shown again. */
    preview: z.string(),
    createdAt: IsoDateTimeSchema,
    createdBy: z.string().nullable(),
    lastUsedAt: IsoDateTimeSchema.nullable(),
    expiresAt: IsoDateTimeSchema.nullable(),
    revokedAt: IsoDateTimeSchema.nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const ApiKeyListSchema = z.object({
  keys: z.array(ApiKeySchema),
  /** Whether the fund's plan includes API access (Enterprise). */
  allowed: z.boolean(),
});

export const CreateApiKeyBodySchema = z.object({
  name: z.string().trim().min(1, 'Give the key a name').max(80, 'The name must be at most 80 characters'),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: `Scopes are ${API_KEY_SCOPES.join(', ')}` }))
    .min(1, 'Choose at least one scope')
    .max(API_KEY_SCOPES.length)
    .refine((s) => new Set(s).size === s.length, 'Each scope once'),
  /** Optional: the key stops working at this time. */
  expiresAt: z.iso
    .datetime({ offset: true, error: 'expiresAt must be an ISO 8601 date-time' })
    .refine((v) => Date.parse(v) > Date.now(), 'The expiry must be in the future')
    .nullable()
    .optional(),
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBodySchema>;

/** The new key, whole, in this answer only. */
export const CreatedApiKeySchema = z.object({ key: z.string(), apiKey: ApiKeySchema });

/**
 * Operations of the public API that the web app has no twin of. Served under an API key's guard
 * (its scope named where it is registered), never with a session.
 */
export const publicApiEndpoints = {
  createIntakeItem: defineEndpoint({
    method: 'POST',
    path: '/api/v1/intake/items',
    access: 'public',
    summary:
      'Sends a deal into the intake like the signed webhook: JSON (WebhookDeal, the deck as deck_base64) or multipart/form-data with the deck in `file`. The same Idempotency-Key again answers with the first item',
    tags: ['intake'],
    status: 201,
    // No body schema: JSON and multipart are both read from the raw body, as the webhook's are.
    response: IntakeReceiptSchema,
  }),
} as const;

const ApiKeyIdParamsSchema = z.object({ id: z.string().uuid('API key not found') });

export const apiKeyEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/vc/api-keys',
    access: 'fund:admin',
    summary: "The fund's API keys (never the keys themselves)",
    tags: ['api-access'],
    response: ApiKeyListSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/vc/api-keys',
    access: 'fund:admin',
    summary: 'Creates an API key; the key is in this answer only (402 without the Enterprise plan)',
    tags: ['api-access'],
    body: CreateApiKeyBodySchema,
    status: 201,
    response: CreatedApiKeySchema,
  }),
  revoke: defineEndpoint({
    method: 'DELETE',
    path: '/api/vc/api-keys/:id',
    access: 'fund:admin',
    summary: 'Revokes an API key: its next call is refused',
    tags: ['api-access'],
    params: ApiKeyIdParamsSchema,
    response: OkSchema,
  }),
} as const;
