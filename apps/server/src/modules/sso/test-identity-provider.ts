import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import Provider from 'oidc-provider';

/** A person the test identity provider signs in. */
export interface IdpAccount {
  sub: string;
  email: string;
  given_name?: string;
  family_name?: string;
}

/**
 * A real OpenID Connect provider (`oidc-provider`) on a local port, for tests: one confidential
 * client, PKCE required, consent given at the first login. The test chooses who signs in next
 * (`signInAs`), and may have the next ID token re-issued with changed claims (`reissueNextIdToken`,
 * signed with the provider's own key: a token of another audience, or one already expired).
 */
export async function startTestIdentityProvider(options: { redirectUri: string; clientId?: string; clientSecret?: string }) {
  const clientId = options.clientId ?? 'fitscore-test';
  const clientSecret = options.clientSecret ?? 'a-client-secret-of-at-least-32-characters';
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const accounts = new Map<string, IdpAccount>();
  let nextLogin: string | null = null;
  let reissue: ((claims: JWTPayload) => JWTPayload) | null = null;

  // Requests reach the handler only after `provider` below is made (the port must be known first).
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) {
      void interaction(req, res).catch((err: unknown) => {
        res.statusCode = 500;
        res.end(String(err));
      });
      return;
    }
    void provider.callback()(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['test-identity-provider-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    // The email in the ID token itself, as Okta, Entra ID and Google put it.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    ttl: { Interaction: 600, Grant: 3600, Session: 3600, AccessToken: 600, IdToken: 600 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ ...account, email_verified: true, name: [account.given_name, account.family_name].filter(Boolean).join(' ') }),
      };
    },
  });
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && reissue && body?.id_token) {
      const change = reissue;
      reissue = null;
      const claims = change(decodeJwt(body.id_token));
      ctx.body = { ...body, id_token: await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: jwk.kid }).sign(privateKey) };
    }
  });

  /** The login and consent page: whoever the test chose signs in and consents to openid, email and profile. */
  async function interaction(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    const accountId = nextLogin;
    if (!accountId) {
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user cancelled the sign-in' }, { mergeWithLastSubmission: false });
      return;
    }
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  return {
    issuer,
    clientId,
    clientSecret,
    addAccount(account: IdpAccount) {
      accounts.set(account.sub, account);
    },
    /** Who signs in at the next login page (null: the person cancels). */
    signInAs(sub: string | null) {
      nextLogin = sub;
    },
    reissueNextIdToken(change: (claims: JWTPayload) => JWTPayload) {
      reissue = change;
    },
    /**
     * A browser following redirects from `url` through the provider until it is sent to
     * `stopAt` (the relying party's redirect URI): that URL, with the code and state.
     */
    async browse(url: string, stopAt: string): Promise<URL> {
      const cookies = new Map<string, string>();
      let next = url;
      for (let hop = 0; hop < 10; hop += 1) {
        if (next.startsWith(stopAt)) return new URL(next);
        const res = await fetch(next, { redirect: 'manual', headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
        for (const line of res.headers.getSetCookie()) {
          const [pair] = line.split(';');
          const eq = pair!.indexOf('=');
          cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
        }
        const location = res.headers.get('location');
        if (!location) throw new Error(`the identity provider answered ${res.status} at ${next}: ${await res.text()}`);
        next = new URL(location, next).toString();
      }
      throw new Error('too many redirects');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestIdentityProvider = Awaited<ReturnType<typeof startTestIdentityProvider>>;
