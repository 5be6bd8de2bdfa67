/**
 * Who may call an endpoint.
 * - `public`: anyone (a session, when sent, is still read);
 * - `user`: any signed-in account; `founder` / `vc`: one role;
 * - `fund:member` / `fund:admin`: an investor acting for their fund, resolved once per request
 *   from their membership (a fund's data is reached only through this);
 * - `signed`: no session; the raw body must carry a valid webhook signature (Standard Webhooks).
 */
export const ENDPOINT_ACCESS = ['public', 'user', 'founder', 'vc', 'fund:member', 'fund:admin', 'signed'] as const;
export type EndpointAccess = (typeof ENDPOINT_ACCESS)[number];

/** A fund member's role: admins change the fund's settings, members read and work its deals. */
export const FUND_ROLES = ['admin', 'member'] as const;
export type FundRole = (typeof FUND_ROLES)[number];

/** Whether an access kind needs the caller's session token. */
export function needsSession(access: EndpointAccess): boolean {
  return access !== 'public' && access !== 'signed';
}

/**
 * Per-IP limits of unauthenticated endpoints, by purpose. A `form` is one a person fills
 * in without an account (contact sales, a fund's apply form): a few a minute is plenty.
 */
export const PUBLIC_RATE_LIMITS = ['form'] as const;
export type PublicRateLimit = (typeof PUBLIC_RATE_LIMITS)[number];
