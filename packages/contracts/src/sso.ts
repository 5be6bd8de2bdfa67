import { z } from 'zod';
import { LoginSuccessSchema } from './auth.ts';
import { EmailSchema, IsoDateTimeSchema, OkSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/**
 * Single sign-on for Enterprise funds (issue 33 point 3): OpenID Connect sign-in for the email
 * domains a fund claims, members created on first sign-in, an optional "Require SSO" that refuses
 * password sign-in, and SCIM 2.0 provisioning under `/scim/v2/` with a fund's SCIM token.
 */
export const SSO_MESSAGES = {
  enterpriseRequired: 'Single sign-on is part of the Enterprise plan. Contact sales to add it to your fund.',
  ssoRequired: 'Your fund requires single sign-on. Use “Continue with SSO” to sign in.',
  noConnection: 'No single sign-on is set up for this email’s domain. Sign in with your password.',
  stateInvalid: 'This sign-in link has expired or was already used. Start the sign-in again.',
  idTokenInvalid: 'The identity provider’s answer could not be verified. Start the sign-in again, or ask your administrator to check the SSO settings.',
  idpUnreachable: 'The identity provider could not be reached. Try again, or ask your administrator to check the SSO settings.',
  noEmail: 'The identity provider did not send a verified email address for your account.',
  wrongDomain: 'The identity provider signed you in with an email outside your fund’s SSO domains.',
  founderAccount: 'This email belongs to a founder account; single sign-on is for a fund’s investors.',
  otherFund: 'This account already belongs to another fund on FitScore.',
  seatsFull: 'Your fund has no free seat for a new member. Ask your administrator to free one.',
  deactivated: 'Your account was deactivated by your fund’s administrator.',
  handoffInvalid: 'This sign-in has expired. Start the sign-in again.',
  domainTaken: (domain: string) => `The domain ${domain} is already used for single sign-on by another fund.`,
  discoveryFailed: (issuer: string) =>
    `Could not read the identity provider’s configuration at ${issuer.replace(/\/$/, '')}/.well-known/openid-configuration. Check the issuer URL.`,
  secretRequired: 'Enter the client secret from your identity provider.',
  requireSsoLockout: (domain: string) =>
    `Require SSO would lock you out: it refuses every member’s password, yours included, and single sign-on serves only emails in these domains, not ${domain}. Turn it on from an admin account whose email is in them.`,
  scimTokenNotFound: 'SCIM token not found',
  notConfigured: 'Save the single sign-on settings first.',
} as const;

/**
 * Why a single sign-on ended back on the sign-in page: the callback sends a code (`?sso_error=`), never
 * text, so a crafted link cannot put words of its own on our page. `idp_refused` may come with the
 * provider's OAuth error code (`?sso_reason=access_denied`).
 */
export const SSO_SIGN_IN_ERRORS = {
  no_connection: SSO_MESSAGES.noConnection,
  enterprise_required: SSO_MESSAGES.enterpriseRequired,
  state_invalid: SSO_MESSAGES.stateInvalid,
  idp_refused: 'Your identity provider refused the sign-in.',
  id_token_invalid: SSO_MESSAGES.idTokenInvalid,
  idp_unreachable: SSO_MESSAGES.idpUnreachable,
  no_email: SSO_MESSAGES.noEmail,
  wrong_domain: SSO_MESSAGES.wrongDomain,
  founder_account: SSO_MESSAGES.founderAccount,
  other_fund: SSO_MESSAGES.otherFund,
  seats_full: SSO_MESSAGES.seatsFull,
  deactivated: SSO_MESSAGES.deactivated,
} as const;
export type SsoSignInError = keyof typeof SSO_SIGN_IN_ERRORS;

/** The sign-in page's sentence for an `sso_error` code (and the provider's `sso_reason`, if any). */
export function ssoSignInErrorMessage(code: string, reason?: string | null): string {
  const known = Object.hasOwn(SSO_SIGN_IN_ERRORS, code) ? SSO_SIGN_IN_ERRORS[code as SsoSignInError] : 'Single sign-on did not complete. Start the sign-in again.';
  return code === 'idp_refused' && reason && /^[a-z_]{1,40}$/.test(reason) ? `${known.slice(0, -1)} (${reason}).` : known;
}

/** SCIM tokens start with this, so a leaked one is recognisable. */
export const SCIM_TOKEN_PREFIX = 'fss_';

const DomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Enter domains like example.com');

export const SsoConnectionSchema = z
  .object({
    issuerUrl: z.string(),
    clientId: z.string(),
    /** Whether a client secret is stored; the secret itself is never sent back. */
    hasClientSecret: z.boolean(),
    domains: z.array(z.string()),
    requireSso: z.boolean(),
    updatedAt: IsoDateTimeSchema,
  })
  .meta({ id: 'SsoConnection' });
export type SsoConnection = z.infer<typeof SsoConnectionSchema>;

export const ScimTokenSchema = z
  .object({
    id: z.string().uuid(),
    preview: z.string(),
    createdAt: IsoDateTimeSchema,
    createdBy: z.string().nullable(),
    lastUsedAt: IsoDateTimeSchema.nullable(),
  })
  .meta({ id: 'ScimToken' });
export type ScimToken = z.infer<typeof ScimTokenSchema>;

export const SsoSettingsSchema = z.object({
  /** Whether the fund's plan includes single sign-on (Enterprise). */
  allowed: z.boolean(),
  connection: SsoConnectionSchema.nullable(),
  /** The redirect URI to register at the identity provider. */
  redirectUri: z.string(),
  /** The SCIM base URL to give the identity provider. */
  scimBaseUrl: z.string(),
  scimTokens: z.array(ScimTokenSchema),
});
export type SsoSettings = z.infer<typeof SsoSettingsSchema>;

export const SaveSsoBodySchema = z.object({
  issuerUrl: z
    .string()
    .trim()
    .url('Enter the issuer URL, like https://your-org.okta.com')
    .max(500)
    .refine((v) => /^https?:\/\//i.test(v), 'The issuer URL starts with https://'),
  clientId: z.string().trim().min(1, 'Enter the client ID').max(300),
  /** Omitted or empty: keep the stored secret. */
  clientSecret: z.string().trim().max(1000).optional(),
  domains: z
    .array(DomainSchema)
    .min(1, 'Enter at least one email domain')
    .max(20, 'At most 20 domains')
    .refine((d) => new Set(d).size === d.length, 'Each domain once'),
  requireSso: z.boolean(),
});
export type SaveSsoBody = z.input<typeof SaveSsoBodySchema>;

export const CreatedScimTokenSchema = z.object({ token: z.string(), scimToken: ScimTokenSchema });

export const SsoDiscoverQuerySchema = z.object({ email: EmailSchema });
export const SsoDiscoverySchema = z.object({
  /** Whether this email's domain signs in through a fund's identity provider. */
  sso: z.boolean(),
  /** Whether password sign-in is refused for it. */
  required: z.boolean(),
});

export const SsoExchangeBodySchema = z.object({ code: z.string().min(1, 'Start the sign-in again').max(200) });

const IdParamsSchema = z.object({ id: z.string().uuid(SSO_MESSAGES.scimTokenNotFound) });

export const ssoEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/vc/sso',
    access: 'fund:admin',
    summary: "The fund's single sign-on settings and SCIM tokens (never the client secret or a token)",
    tags: ['sso'],
    response: SsoSettingsSchema,
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/api/vc/sso',
    access: 'fund:admin',
    summary: "Saves the fund's OpenID Connect connection after reading the issuer's discovery document (402 without Enterprise)",
    tags: ['sso'],
    body: SaveSsoBodySchema,
    response: SsoSettingsSchema,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/vc/sso',
    access: 'fund:admin',
    summary: "Removes the fund's single sign-on connection: members sign in with passwords again",
    tags: ['sso'],
    response: OkSchema,
  }),
  createScimToken: defineEndpoint({
    method: 'POST',
    path: '/api/vc/sso/scim-tokens',
    access: 'fund:admin',
    summary: 'Creates a SCIM token; the token is in this answer only (402 without Enterprise)',
    tags: ['sso'],
    status: 201,
    response: CreatedScimTokenSchema,
  }),
  revokeScimToken: defineEndpoint({
    method: 'DELETE',
    path: '/api/vc/sso/scim-tokens/:id',
    access: 'fund:admin',
    summary: 'Revokes a SCIM token: its next call is refused',
    tags: ['sso'],
    params: IdParamsSchema,
    response: OkSchema,
  }),
  discover: defineEndpoint({
    method: 'GET',
    path: '/api/auth/sso/discover',
    access: 'public',
    summary: 'Whether an email signs in with single sign-on (the sign-in page asks as the email is typed)',
    tags: ['sso'],
    query: SsoDiscoverQuerySchema,
    response: SsoDiscoverySchema,
  }),
  exchange: defineEndpoint({
    method: 'POST',
    path: '/api/auth/sso/exchange',
    access: 'public',
    summary: 'Trades the one-time code of a finished SSO sign-in for a session (the code works once, for 2 minutes)',
    tags: ['sso'],
    body: SsoExchangeBodySchema,
    response: LoginSuccessSchema,
  }),
} as const;

/** Where the browser starts and ends an SSO sign-in (redirects, not JSON). */
export const SSO_START_PATH = '/api/auth/sso/start';
export const SSO_CALLBACK_PATH = '/api/auth/sso/callback';
/** The web app's page that receives the one-time code (`?code=`) or the error (`?sso_error=`). */
export const SSO_WEB_CALLBACK_PATH = '/sso/callback';
export const SCIM_BASE_PATH = '/scim/v2';
