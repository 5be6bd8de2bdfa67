import { createHash, randomBytes } from 'node:crypto';
import {
  SCIM_BASE_PATH,
  SCIM_TOKEN_PREFIX,
  SSO_CALLBACK_PATH,
  SSO_MESSAGES,
  SSO_WEB_CALLBACK_PATH,
  type SaveSsoBody,
  type SsoSignInError,
  type ScimToken,
  type SsoSettings,
} from '@fitscore/contracts';
import * as oidc from 'openid-client';
import { AppError } from '../../lib/app-error.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { AuthService, ClientMeta } from '../auth/auth.service.ts';
import type { TeamService } from '../team/team.service.ts';
import type { SecretSeal } from './secret-seal.ts';
import type { DomainConnection, ScimTokenRow, SsoConnectionRow, SsoRepository } from './sso.repository.ts';

const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');
const STATE_TTL_MS = 10 * 60_000;
const HANDOFF_TTL_MS = 2 * 60_000;
/** Discovery documents are read again after this (keys rotate; a changed issuer is seen soon). */
const DISCOVERY_TTL_MS = 5 * 60_000;

export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

export interface SsoServiceDeps {
  repo: SsoRepository;
  seal: SecretSeal;
  auth: AuthService;
  team: TeamService;
  audit: AuditRecorder;
  publicApiUrl: string;
  publicWebUrl: string;
  /** Plain-HTTP issuers (a provider on localhost in development and tests); never in production. */
  allowHttpIssuers: boolean;
  log: { warn(details: object, message: string): void };
}

/** Why a sign-in ended on the sign-in page: its code (the page shows the code's sentence). */
class SignInRefused extends Error {
  constructor(
    readonly code: SsoSignInError,
    /** The provider's OAuth error code, for `idp_refused`. */
    readonly reason: string | null = null,
  ) {
    super(code);
  }
}

function tokenView(row: ScimTokenRow): ScimToken {
  return {
    id: row.id,
    preview: `${row.preview}…`,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByName,
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
  };
}

/**
 * OpenID Connect sign-in for Enterprise funds with `openid-client`: discovery, the authorization
 * code flow with PKCE, a single-use expiring state kept in the database (any API host finishes a
 * sign-in another started), and the ID token checked for issuer, audience, expiry, signature and
 * nonce. A first sign-in makes the account a member of the fund (seats respected).
 */
export function createSsoService({ repo, seal, auth, team, audit, publicApiUrl, publicWebUrl, allowHttpIssuers, log }: SsoServiceDeps) {
  const redirectUri = `${publicApiUrl}${SSO_CALLBACK_PATH}`;
  const scimBaseUrl = `${publicApiUrl}${SCIM_BASE_PATH}`;
  const discovered = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

  function clientConfig(connection: SsoConnectionRow): Promise<oidc.Configuration> {
    const secret = seal.open(connection.clientSecretSealed, connection.fundId);
    const key = `${connection.issuerUrl}\n${connection.clientId}\n${hashOf(secret)}`;
    const cached = discovered.get(key);
    if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
    const config = discover(connection.issuerUrl, connection.clientId, secret);
    discovered.set(key, { at: Date.now(), config });
    config.catch(() => discovered.delete(key));
    return config;
  }

  function discover(issuerUrl: string, clientId: string, secret: string) {
    return oidc.discovery(new URL(issuerUrl), clientId, { redirect_uris: [redirectUri] }, oidc.ClientSecretPost(secret), {
      timeout: 10,
      ...(allowHttpIssuers ? { execute: [oidc.allowInsecureRequests] } : {}),
    });
  }

  async function enterprise(fundId: string | null): Promise<boolean> {
    return fundId !== null && (await repo.fundPlan(fundId)) === 'enterprise';
  }

  async function settings(fundId: string | null): Promise<SsoSettings> {
    const base = { redirectUri, scimBaseUrl };
    if (!fundId) return { allowed: false, connection: null, scimTokens: [], ...base };
    const [allowed, connection, tokens] = await Promise.all([enterprise(fundId), repo.connection(fundId), repo.scimTokens(fundId)]);
    return {
      allowed,
      connection: connection
        ? {
            issuerUrl: connection.issuerUrl,
            clientId: connection.clientId,
            hasClientSecret: connection.clientSecretSealed.length > 0,
            domains: connection.domains,
            requireSso: connection.requireSso,
            updatedAt: connection.updatedAt.toISOString(),
          }
        : null,
      scimTokens: tokens.map(tokenView),
      ...base,
    };
  }

  const signInPage = ({ code, reason }: SignInRefused) =>
    `${publicWebUrl}/signin?sso_error=${code}${reason && /^[a-z_]{1,40}$/.test(reason) ? `&sso_reason=${reason}` : ''}`;

  /** A live connection for an email: its domain claimed by an Enterprise fund. */
  async function connectionFor(email: string): Promise<DomainConnection> {
    const connection = await repo.connectionForDomain(domainOf(email));
    if (!connection) throw new SignInRefused('no_connection');
    if (connection.plan !== 'enterprise') throw new SignInRefused('enterprise_required');
    return connection;
  }

  /** Turns what openid-client refused into the sign-in page's message (the detail goes to the log). */
  function refusal(err: unknown): SignInRefused {
    if (err instanceof SignInRefused) return err;
    if (err instanceof oidc.AuthorizationResponseError || err instanceof oidc.ResponseBodyError) {
      log.warn({ error: err.error, description: err.error_description }, 'sso sign-in refused by the identity provider');
      return new SignInRefused('idp_refused', err.error);
    }
    const code = (err as { code?: string }).code;
    log.warn({ err }, 'sso sign-in refused');
    if (code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || err instanceof TypeError || (err as Error).name === 'AbortError' || (err as Error).name === 'TimeoutError') {
      return new SignInRefused('idp_unreachable');
    }
    return new SignInRefused('id_token_invalid');
  }

  /** Makes the signed-in person a member of the fund (just in time) and records their identity. */
  async function admit(fundId: string, email: string, claims: oidc.IDToken, ip: string) {
    const identity = await repo.identityByUserName(fundId, email);
    if (identity && !identity.active) throw new SignInRefused('deactivated');
    const name = [claims.given_name, claims.family_name].filter((p) => typeof p === 'string' && p).join(' ') || (typeof claims.name === 'string' ? claims.name : '');
    const account = await auth.investorAccount(email, name.slice(0, 200));
    if (!account) throw new SignInRefused('founder_account');
    const outcome = await team.addMember(fundId, account.user.id);
    if (outcome === 'other_fund') throw new SignInRefused('other_fund');
    if (outcome === 'no_fund') throw new SignInRefused('no_connection');
    if (typeof outcome === 'object') throw new SignInRefused('seats_full');
    if (outcome === 'added') await audit.record({ action: 'member.added', fundId, actorUserId: account.user.id, targetUserId: account.user.id, details: { via: 'sso' }, ip });
    await repo.upsertIdentity({
      fundId,
      userId: account.user.id,
      userName: email,
      subject: claims.sub,
      ...(identity ? {} : { givenName: typeof claims.given_name === 'string' ? claims.given_name : null, familyName: typeof claims.family_name === 'string' ? claims.family_name : null }),
      active: true,
    });
    return account.user.id;
  }

  return {
    settings,

    async save(fundId: string | null, adminEmail: string, body: SaveSsoBody) {
      if (!fundId || !(await enterprise(fundId))) throw new AppError('plan_limit', SSO_MESSAGES.enterpriseRequired);
      // Require SSO refuses every member's password: the admin turning it on must be able to sign in through it.
      if (body.requireSso && !body.domains.includes(domainOf(adminEmail))) {
        const message = SSO_MESSAGES.requireSsoLockout(domainOf(adminEmail));
        throw new AppError('validation_failed', message, [{ path: 'requireSso', message }]);
      }
      const existing = await repo.connection(fundId);
      const secret = body.clientSecret?.trim() || (existing ? seal.open(existing.clientSecretSealed, fundId) : '');
      if (!secret) throw new AppError('validation_failed', SSO_MESSAGES.secretRequired, [{ path: 'clientSecret', message: SSO_MESSAGES.secretRequired }]);
      const issuerUrl = body.issuerUrl.trim();
      if (!allowHttpIssuers && !issuerUrl.startsWith('https://')) {
        throw new AppError('validation_failed', 'The issuer URL starts with https://', [{ path: 'issuerUrl', message: 'The issuer URL starts with https://' }]);
      }
      try {
        await discover(issuerUrl, body.clientId, secret);
      } catch (err) {
        log.warn({ err }, 'sso discovery failed');
        throw new AppError('bad_request', SSO_MESSAGES.discoveryFailed(issuerUrl));
      }
      const saved = await repo.saveConnection(fundId, {
        issuerUrl,
        clientId: body.clientId.trim(),
        clientSecretSealed: seal.seal(secret, fundId),
        domains: body.domains,
        requireSso: body.requireSso,
      });
      if (!saved.ok) throw new AppError('conflict', SSO_MESSAGES.domainTaken(saved.taken));
      return settings(fundId);
    },

    async remove(fundId: string | null) {
      if (!fundId || !(await repo.removeConnection(fundId))) throw new AppError('not_found', SSO_MESSAGES.notConfigured);
      return { ok: true as const };
    },

    async createScimToken(fundId: string | null, userId: string) {
      if (!fundId || !(await enterprise(fundId))) throw new AppError('plan_limit', SSO_MESSAGES.enterpriseRequired);
      const token = `${SCIM_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row = await repo.insertScimToken({ fundId, tokenHash: hashOf(token), preview: token.slice(0, SCIM_TOKEN_PREFIX.length + 6), createdBy: userId });
      return { token, scimToken: tokenView(row) };
    },

    async revokeScimToken(fundId: string | null, id: string) {
      if (!fundId || !(await repo.revokeScimToken(fundId, id))) throw new AppError('not_found', SSO_MESSAGES.scimTokenNotFound);
      return { ok: true as const };
    },

    /** Whether an email signs in through a fund's identity provider (its domain, an Enterprise fund). */
    async discover(email: string) {
      const connection = await repo.connectionForDomain(domainOf(email));
      const live = connection?.plan === 'enterprise';
      return { sso: live, required: live && connection.requireSso };
    },

    /**
     * The password policy the auth module asks on every password sign-in: refused for the members of
     * an Enterprise fund that requires SSO, and for every email in its domains (whoever would join it).
     */
    async passwordRefusal(email: string): Promise<string | null> {
      const connection = await repo.connectionForDomain(domainOf(email));
      const required = (connection?.plan === 'enterprise' && connection.requireSso) || (await repo.memberMustUseSso(email));
      return required ? SSO_MESSAGES.ssoRequired : null;
    },

    /** Where the browser goes to sign in: the identity provider, or back to the sign-in page with the reason. */
    async start(email: string): Promise<string> {
      try {
        const connection = await connectionFor(email);
        const config = await clientConfig(connection);
        const state = oidc.randomState();
        const nonce = oidc.randomNonce();
        const codeVerifier = oidc.randomPKCECodeVerifier();
        await repo.insertState({ stateHash: hashOf(state), fundId: connection.fundId, codeVerifier, nonce, expiresAt: new Date(Date.now() + STATE_TTL_MS) });
        return oidc
          .buildAuthorizationUrl(config, {
            redirect_uri: redirectUri,
            scope: 'openid email profile',
            response_type: 'code',
            state,
            nonce,
            code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
            code_challenge_method: 'S256',
            login_hint: email,
          })
          .toString();
      } catch (err) {
        return signInPage(refusal(err));
      }
    },

    /**
     * The identity provider's answer: the state used once, the code exchanged, the ID token checked,
     * the member admitted. Answers where the browser goes next: the web app with a one-time code, or
     * the sign-in page with the reason. A refusal is a failed sign-in in the audit log of the fund
     * whose state it carried (a replayed or expired state too; a state never issued names no fund).
     */
    async callback(query: URLSearchParams, ip: string): Promise<string> {
      const state = query.get('state') ?? '';
      const stateHash = state.length > 0 && state.length <= 200 ? hashOf(state) : undefined;
      let fundId: string | undefined;
      let email: string | undefined;
      try {
        const pending = stateHash ? await repo.takeState(stateHash) : undefined;
        if (!pending) throw new SignInRefused('state_invalid');
        fundId = pending.fundId;
        const error = query.get('error');
        if (error) {
          log.warn({ error: error.slice(0, 100), description: query.get('error_description')?.slice(0, 300) }, 'sso sign-in refused by the identity provider');
          throw new SignInRefused('idp_refused', error);
        }
        const connection = await repo.connection(pending.fundId);
        if (!connection) throw new SignInRefused('no_connection');
        if ((await repo.fundPlan(pending.fundId)) !== 'enterprise') throw new SignInRefused('enterprise_required');
        const config = await clientConfig(connection);
        const current = new URL(redirectUri);
        current.search = query.toString();
        const tokens = await oidc.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: pending.codeVerifier,
          expectedState: state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new SignInRefused('id_token_invalid');
        // Entra ID names the account in preferred_username when no email claim is configured.
        const raw = typeof claims.email === 'string' ? claims.email : typeof claims.preferred_username === 'string' ? claims.preferred_username : '';
        const claimed = raw.trim().toLowerCase();
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(claimed) || claims.email_verified === false) throw new SignInRefused('no_email');
        email = claimed;
        if (!connection.domains.includes(domainOf(email))) throw new SignInRefused('wrong_domain');
        const userId = await admit(connection.fundId, email, claims, ip);
        const code = randomBytes(32).toString('base64url');
        await repo.insertHandoff({ codeHash: hashOf(code), userId, expiresAt: new Date(Date.now() + HANDOFF_TTL_MS) });
        return `${publicWebUrl}${SSO_WEB_CALLBACK_PATH}#code=${code}`;
      } catch (err) {
        const refused = refusal(err);
        const failedAt = fundId ?? (stateHash ? await repo.stateFund(stateHash) : undefined);
        if (failedAt) {
          await audit.record({ action: 'signin.failed', fundId: failedAt, actorEmail: email, target: email ?? 'single sign-on', details: { via: 'sso', reason: refused.code }, ip });
        }
        return signInPage(refused);
      }
    },

    /** The web app trades the one-time code for a session. */
    async exchange(code: string, meta: ClientMeta) {
      const userId = await repo.takeHandoff(hashOf(code));
      if (!userId) throw new AppError('unauthenticated', SSO_MESSAGES.handoffInvalid);
      return auth.signInVouched(userId, meta);
    },
  };
}
export type SsoService = ReturnType<typeof createSsoService>;
