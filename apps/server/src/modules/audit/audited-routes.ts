import { createHash } from 'node:crypto';
import {
  applicantReplyEndpoints,
  apiKeyEndpoints,
  auditEndpoints,
  blindLookEndpoints,
  authEndpoints,
  brandingEndpoints,
  dealImportEndpoints,
  dealBulkEndpoints,
  dealsEndpoints,
  fundDataEndpoints,
  followUpsEndpoints,
  founderOutreachEndpoints,
  intakeEndpoints,
  integrationsEndpoints,
  savedViewEndpoints,
  ssoEndpoints,
  stagesEndpoints,
  teamEndpoints,
  vcEndpoints,
  webhookEndpoints,
  type AuditAction,
  type AuditSetting,
  type Endpoint,
} from '@fitscore/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditRepository } from './audit.repository.ts';
import type { AuditRecord, AuditRecorder } from './audit.service.ts';

type Req = FastifyRequest & { apiCaller?: { fundId: string; userId: string; keyId: string; touched: boolean } | null };
const params = (r: Req) => (r.params ?? {}) as Record<string, string | undefined>;
const body = (r: Req) => (r.body && typeof r.body === 'object' ? (r.body as Record<string, unknown>) : {});
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** What a successful answer of an audited route records; the fund and actor come from the session. */
interface Audited {
  method: string;
  path: string;
  action: AuditAction;
  target?: (r: Req) => string | undefined;
  /** The user the event is about (named in the target). */
  targetUser?: (r: Req) => string | undefined;
  details?: (r: Req) => Record<string, unknown>;
}
const on = (e: Endpoint, action: AuditAction, rest: Omit<Audited, 'method' | 'path' | 'action'> = {}): Audited => ({ method: e.method, path: e.path, action, ...rest });
const setting = (e: Endpoint, name: AuditSetting) => on(e, 'settings.changed', { target: () => name, details: () => ({ setting: name }) });

/**
 * The routes whose success is a security-relevant event. Recorded at the HTTP edge (ADR 0064), so
 * the modules that own these actions need no edits and every path to an action (web app, public
 * API) is covered by the route that serves it.
 */
const AUDITED: Audited[] = [
  on(teamEndpoints.invite, 'member.invited', { target: (r) => str(body(r).email), details: (r) => ({ role: body(r).role }) }),
  on(teamEndpoints.updateMember, 'member.role_changed', { targetUser: (r) => params(r).id, details: (r) => ({ role: body(r).role }) }),
  on(teamEndpoints.removeMember, 'member.removed', { targetUser: (r) => params(r).id }),
  on(teamEndpoints.revokeInvite, 'member.invite_revoked', { target: (r) => params(r).id }),
  on(apiKeyEndpoints.create, 'api_key.created', { target: (r) => str(body(r).name), details: (r) => ({ scopes: body(r).scopes }) }),
  on(apiKeyEndpoints.revoke, 'api_key.revoked', { target: (r) => params(r).id }),
  on(webhookEndpoints.create, 'webhook.created', { target: (r) => str(body(r).url) }),
  on(webhookEndpoints.update, 'webhook.updated', { target: (r) => params(r).id }),
  on(webhookEndpoints.remove, 'webhook.deleted', { target: (r) => params(r).id }),
  on(webhookEndpoints.rotateSecret, 'webhook.secret_rotated', { target: (r) => params(r).id }),
  on(dealsEndpoints.exportCsv, 'export.deals_csv', { target: () => 'deals' }),
  on(dealImportEndpoints.start, 'deals.imported', { target: (r) => params(r).id }),
  { method: 'GET', path: '/api/v1/deals.csv', action: 'export.deals_csv', target: () => 'deals', details: (r) => ({ via: 'api', api_key: r.apiCaller?.keyId }) },
  setting(vcEndpoints.saveFundStep, 'fund profile'),
  setting(vcEndpoints.saveScoringWeights, 'scoring weights'),
  setting(vcEndpoints.saveInvestmentWeights, 'scoring weights'),
  setting(vcEndpoints.saveScoringPreferences, 'scoring weights'),
  setting(vcEndpoints.saveIntakeSources, 'intake sources'),
  setting(intakeEndpoints.rotateWebhookSecret, 'intake webhook secret'),
  setting(intakeEndpoints.rotateEmailToken, 'intake email address'),
  setting(founderOutreachEndpoints.save, 'what founders see'),
  setting(brandingEndpoints.save, 'branding'),
  setting(brandingEndpoints.uploadLogo, 'branding'),
  setting(brandingEndpoints.deleteLogo, 'branding'),
  setting(ssoEndpoints.save, 'sso'),
  setting(ssoEndpoints.remove, 'sso'),
  setting(ssoEndpoints.createScimToken, 'sso'),
  setting(ssoEndpoints.revokeScimToken, 'sso'),
  setting(integrationsEndpoints.save, 'alerts'),
  setting(applicantReplyEndpoints.save, 'applicant email templates'),
  setting(applicantReplyEndpoints.reset, 'applicant email templates'),
  setting(stagesEndpoints.save, 'stages'),
  on(fundDataEndpoints.exportArchive, 'export.fund_archive', { target: () => 'all data' }),
  // The web app's export: recorded when its link is downloaded (a link made and never opened exports nothing),
  // for the admin who made it; the link carries no session (request.linkHolder).
  on(fundDataEndpoints.exportDownload, 'export.fund_archive', { target: () => 'all data', details: () => ({ via: 'link' }) }),
  on(fundDataEndpoints.scheduleDeletion, 'fund.deletion_scheduled', { target: (r) => str(body(r).confirm_name) }),
  on(fundDataEndpoints.cancelDeletion, 'fund.deletion_cancelled'),
  on(followUpsEndpoints.create, 'follow_up.created', { target: (r) => params(r).id, details: (r) => ({ due_at: body(r).dueAt, assignee: body(r).assigneeId ?? null }) }),
  on(followUpsEndpoints.update, 'follow_up.updated', { target: (r) => params(r).id }),
  on(followUpsEndpoints.complete, 'follow_up.completed', { target: (r) => params(r).id }),
  on(followUpsEndpoints.remove, 'follow_up.deleted', { target: (r) => params(r).id }),
  setting(followUpsEndpoints.saveRule, 'follow-up rule'),
  setting(followUpsEndpoints.saveDigest, 'digest email'),
  on(dealBulkEndpoints.apply, 'deals.bulk_changed', {
    target: (r) => str((body(r).action as Record<string, unknown> | undefined)?.kind),
    details: (r) => ({ action: body(r).action, selection: 'ids' in ((body(r).selection as object | undefined) ?? {}) ? 'picked' : 'filter' }),
  }),
  on(dealBulkEndpoints.undo, 'deals.bulk_undone', { target: (r) => params(r).batchId }),
  on(dealBulkEndpoints.exportCsv, 'export.deals_csv', { target: () => 'deals', details: () => ({ selection: true }) }),
  on(savedViewEndpoints.create, 'view.saved', { target: (r) => str(body(r).name), details: (r) => ({ shared: body(r).shared ?? false }) }),
  on(savedViewEndpoints.update, 'view.saved', { target: (r) => params(r).id, details: (r) => ({ name: body(r).name, shared: body(r).shared }) }),
  on(savedViewEndpoints.remove, 'view.deleted', { target: (r) => params(r).id }),
  on(savedViewEndpoints.setDefault, 'view.default_changed', { target: (r) => str(body(r).viewId) ?? 'none' }),
  setting(blindLookEndpoints.save, 'blind first look'),
  on(auditEndpoints.exportCsv, 'export.audit_log', { target: () => 'audit log', details: (r) => ({ filters: r.query ?? {} }) }),
];

/** The user a sign-in answer opened a session for (its JSON body names them). */
function signedInUser(payload: unknown): string | undefined {
  if (typeof payload !== 'string' || !payload.includes('"token"')) return undefined;
  try {
    const parsed = JSON.parse(payload) as { token?: unknown; user?: { id?: unknown } };
    return typeof parsed.token === 'string' && typeof parsed.user?.id === 'string' ? parsed.user.id : undefined;
  } catch {
    return undefined;
  }
}

/** Records the audited routes' events as their answers are sent (before the client has them). */
export function recordAuditedRoutes(app: FastifyInstance, audit: AuditRecorder, repo: Pick<AuditRepository, 'challengeUser'>) {
  const table = new Map(AUDITED.map((a) => [`${a.method} ${a.path}`, a]));
  const loginKey = `${authEndpoints.login.method} ${authEndpoints.login.path}`;
  const twoFactorKey = `${authEndpoints.loginTwoFactor.method} ${authEndpoints.loginTwoFactor.path}`;
  const signIns = new Map<string, AuditAction>([
    [loginKey, 'signin.password'],
    [twoFactorKey, 'signin.password'],
    [`${ssoEndpoints.exchange.method} ${ssoEndpoints.exchange.path}`, 'signin.sso'],
  ]);

  /** A refused sign-in: a wrong password or code, or a password where the fund requires single sign-on. */
  async function failedSignIn(request: Req, key: string, status: number) {
    const failed = { action: 'signin.failed' as const, ip: request.ip };
    const email = str(body(request).email);
    if (key === loginKey && email && status === 401) await audit.record({ ...failed, actorEmail: email, target: email, details: { reason: 'wrong_password' } });
    if (key === loginKey && email && status === 403) await audit.record({ ...failed, actorEmail: email, target: email, details: { reason: 'sso_required' } });
    const challenge = str(body(request).challenge);
    if (key === twoFactorKey && challenge && status === 401) {
      // The challenge names the user whose password was right; the code was not.
      const userId = await repo.challengeUser(createHash('sha256').update(challenge).digest('hex'));
      if (userId) await audit.record({ ...failed, actorUserId: userId, targetUserId: userId, details: { reason: 'wrong_code' } });
    }
  }

  app.addHook('onSend', async (request: Req, reply, payload) => {
    const key = `${request.method} ${request.routeOptions.url ?? ''}`;
    const status = reply.statusCode;
    const signIn = signIns.get(key);
    if (signIn) {
      const userId = status === 200 ? signedInUser(payload) : undefined;
      if (userId) await audit.record({ action: signIn, actorUserId: userId, target: str(body(request).email), ip: request.ip });
      else await failedSignIn(request, key, status);
      return payload;
    }
    // A key's use: heard on its first call in a minute, recorded at most once an hour.
    const caller = request.apiCaller;
    if (caller?.touched && status < 400) {
      await audit.record({ action: 'api_key.used', fundId: caller.fundId, actorUserId: caller.userId, target: caller.keyId, details: { path: request.routeOptions.url }, ip: request.ip });
    }
    const audited = table.get(key);
    if (!audited || status >= 300) return payload;
    const event: AuditRecord = {
      action: audited.action,
      // No fund on the route (the fund profile's first save makes the fund): the actor's fund.
      fundId: request.fund?.id ?? request.apiCaller?.fundId ?? request.linkHolder?.fundId,
      actorUserId: request.auth?.user.id ?? request.apiCaller?.userId ?? request.linkHolder?.userId ?? null,
      target: audited.target?.(request) ?? null,
      targetUserId: audited.targetUser?.(request),
      details: audited.details?.(request),
      ip: request.ip,
    };
    if (event.fundId || event.actorUserId) await audit.record(event);
    return payload;
  });
}
