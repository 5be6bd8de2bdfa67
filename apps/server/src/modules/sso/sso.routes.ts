import { EmailSchema, SSO_CALLBACK_PATH, SSO_START_PATH, ssoEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { clientMeta } from '../auth/auth.routes.ts';
import type { SsoService } from './sso.service.ts';

/**
 * Settings → Single sign-on for a fund's admins; the sign-in page's SSO path: discover (does this
 * email use SSO?), start (302 to the identity provider), callback (302 back into the web app with a
 * one-time code, or to the sign-in page with the reason, never an error page) and exchange.
 */
export function ssoRoutes(app: FastifyInstance, sso: SsoService, rateLimitPerMinute: number) {
  const rateLimit = { max: rateLimitPerMinute, timeWindow: 60_000 };
  registerEndpoint(app, ssoEndpoints.get, ({ fund }) => sso.settings(fund.id));
  registerEndpoint(app, ssoEndpoints.save, ({ fund, auth, body }) => sso.save(fund.id, auth.user.email, body));
  registerEndpoint(app, ssoEndpoints.remove, ({ fund }) => sso.remove(fund.id));
  registerEndpoint(app, ssoEndpoints.createScimToken, ({ fund, auth }) => sso.createScimToken(fund.id, auth.user.id));
  registerEndpoint(app, ssoEndpoints.revokeScimToken, ({ fund, params }) => sso.revokeScimToken(fund.id, params.id));
  // Limited like sign-in itself (per address), not like a public form: a whole office signs in from one address.
  registerEndpoint(app, ssoEndpoints.discover, ({ query }) => sso.discover(query.email), { rateLimit });
  registerEndpoint(app, ssoEndpoints.exchange, ({ body, request }) => sso.exchange(body.code, clientMeta(request)), { rateLimit });

  app.get(SSO_START_PATH, { config: { rateLimit }, schema: { hide: true } }, async (request, reply) => {
    const email = EmailSchema.safeParse((request.query as { email?: unknown }).email);
    const location = await sso.start(email.success ? email.data : '');
    return reply.redirect(location, 302);
  });
  app.get(SSO_CALLBACK_PATH, { config: { rateLimit }, schema: { hide: true } }, async (request, reply) => {
    const query = new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1 || request.url.length));
    return reply.redirect(await sso.callback(query, request.ip), 302);
  });
}
