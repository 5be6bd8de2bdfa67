import { createHash } from 'node:crypto';
import { SCIM_TOKEN_PREFIX, SSO_MESSAGES } from '@fitscore/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditRecorder } from '../audit/audit.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { TeamService } from '../team/team.service.ts';
import type { SsoIdentityRow, SsoRepository } from './sso.repository.ts';

export const SCIM_USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const SCIM_LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const SCIM_PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const SCIM_MAX_RESULTS = 200;

/** A SCIM error: its status, and `scimType` where RFC 7644 names one. */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly scimType?: string,
  ) {
    super(message);
  }
}

const hashOf = (value: string) => createHash('sha256').update(value).digest('hex');
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What a SCIM User body may set here (RFC 7643 §4.1): the rest of a provider's attributes is ignored. */
export interface ScimUserInput {
  userName: string;
  externalId?: string | null;
  givenName?: string | null;
  familyName?: string | null;
  active: boolean;
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
/** Entra ID sends booleans as the strings "True" and "False". */
function bool(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string' && /^(true|false)$/i.test(v)) return v.toLowerCase() === 'true';
  return undefined;
}

/** Reads a SCIM User body (POST, PUT). */
export function readUser(body: unknown): ScimUserInput {
  if (!body || typeof body !== 'object') throw new ScimError(400, 'The body must be a SCIM User (JSON).', 'invalidSyntax');
  const b = body as Record<string, unknown>;
  const userName = str(b.userName)?.trim().toLowerCase();
  if (!userName || !EMAIL.test(userName) || userName.length > 254) throw new ScimError(400, 'userName must be the person’s email address.', 'invalidValue');
  const name = (b.name && typeof b.name === 'object' ? b.name : {}) as Record<string, unknown>;
  const active = b.active === undefined ? true : bool(b.active);
  if (active === undefined) throw new ScimError(400, 'active must be true or false.', 'invalidValue');
  return {
    userName,
    externalId: str(b.externalId)?.slice(0, 300) ?? null,
    givenName: str(name.givenName)?.slice(0, 200) ?? null,
    familyName: str(name.familyName)?.slice(0, 200) ?? null,
    active,
  };
}

/** `userName eq "x"` (and `externalId eq "x"`), the filters Okta and Entra ID send. */
export function readFilter(filter: string | undefined): { column: 'userName' | 'externalId'; value: string } | null {
  if (filter === undefined || filter.trim() === '') return null;
  const match = /^\s*(userName|externalId|emails\.value|emails\[type eq "work"\]\.value)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i.exec(filter);
  if (!match) throw new ScimError(400, 'Only filters of the form userName eq "value" or externalId eq "value" are supported.', 'invalidFilter');
  const value = match[2]!.replace(/\\(.)/g, '$1');
  return { column: match[1]!.toLowerCase() === 'externalid' ? 'externalId' : 'userName', value };
}

/**
 * SCIM 2.0 provisioning of a fund's people (RFC 7643/7644), as Okta and Entra ID drive it: a user
 * made active becomes a member (a seat is needed); made inactive or deleted, they leave the fund
 * through the team's own removal and every session of theirs ends at once (so do their event streams).
 */
export function createScimService({ repo, auth, team, audit, scimBaseUrl }: { repo: SsoRepository; auth: AuthService; team: TeamService; audit: AuditRecorder; scimBaseUrl: string }) {
  /** A membership change the fund's identity provider made: in the audit log with SCIM as the actor. */
  const recordByScim = (action: 'member.added' | 'member.removed', fundId: string, userId: string, ip: string) =>
    audit.record({ action, fundId, actorName: 'SCIM', targetUserId: userId, details: { via: 'scim' }, ip });

  function view(row: SsoIdentityRow) {
    const formatted = [row.givenName, row.familyName].filter(Boolean).join(' ');
    return {
      schemas: [SCIM_USER_SCHEMA],
      id: row.id,
      ...(row.externalId ? { externalId: row.externalId } : {}),
      userName: row.userName,
      name: { ...(row.givenName ? { givenName: row.givenName } : {}), ...(row.familyName ? { familyName: row.familyName } : {}), ...(formatted ? { formatted } : {}) },
      ...(formatted ? { displayName: formatted } : {}),
      emails: [{ value: row.userName, type: 'work', primary: true }],
      active: row.active,
      meta: {
        resourceType: 'User',
        created: row.createdAt.toISOString(),
        lastModified: row.updatedAt.toISOString(),
        location: `${scimBaseUrl}/Users/${row.id}`,
      },
    };
  }

  async function found(fundId: string, id: string) {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await repo.identityById(fundId, id) : undefined;
    if (!row) throw new ScimError(404, `User ${id} not found`);
    return row;
  }

  /** Makes the person a member of the fund. */
  async function admit(fundId: string, userId: string, ip: string) {
    const outcome = await team.addMember(fundId, userId);
    if (outcome === 'other_fund') throw new ScimError(409, SSO_MESSAGES.otherFund, 'uniqueness');
    if (typeof outcome === 'object') throw new ScimError(409, SSO_MESSAGES.seatsFull);
    if (outcome === 'no_fund') throw new ScimError(404, 'Fund not found');
    if (outcome === 'added') await recordByScim('member.added', fundId, userId, ip);
  }

  /** Takes the person out of the fund and ends every session of theirs at once. */
  async function deprovision(fundId: string, userId: string, ip: string) {
    try {
      await team.removeMember(fundId, userId);
      await recordByScim('member.removed', fundId, userId, ip);
    } catch (err) {
      // Already not a member: nothing to take away but the sessions.
      if (!(err instanceof AppError && err.code === 'not_found')) {
        if (err instanceof AppError) throw new ScimError(409, err.message);
        throw err;
      }
    }
    await auth.endAllSessions(userId);
  }

  async function setActive(row: SsoIdentityRow, active: boolean, ip: string) {
    if (active && !row.active) await admit(row.fundId, row.userId, ip);
    if (!active && row.active) await deprovision(row.fundId, row.userId, ip);
  }

  return {
    /** The caller of `/scim/v2/`: the token's fund, or the reason it is refused. */
    async authenticate(token: string | null): Promise<string> {
      if (!token) throw new ScimError(401, 'Send your SCIM token as Authorization: Bearer <token>.');
      const holder = token.startsWith(SCIM_TOKEN_PREFIX) ? await repo.scimHolder(hashOf(token)) : undefined;
      if (!holder) throw new ScimError(401, 'This SCIM token is not valid: it may have been revoked.');
      if (holder.plan !== 'enterprise') throw new ScimError(402, SSO_MESSAGES.enterpriseRequired);
      await repo.touchScimToken(holder.id);
      return holder.fundId;
    },

    async list(fundId: string, query: { filter?: string; startIndex?: string; count?: string }) {
      const filter = readFilter(query.filter);
      const startIndex = Math.max(1, Number.parseInt(query.startIndex ?? '1', 10) || 1);
      const wanted = query.count === undefined ? SCIM_MAX_RESULTS : Number.parseInt(query.count, 10);
      const count = Math.min(SCIM_MAX_RESULTS, Math.max(0, Number.isFinite(wanted) ? wanted : SCIM_MAX_RESULTS));
      const { rows, total } = await repo.identities(fundId, filter, startIndex - 1, count);
      return { schemas: [SCIM_LIST_SCHEMA], totalResults: total, startIndex, itemsPerPage: rows.length, Resources: rows.map(view) };
    },

    async get(fundId: string, id: string) {
      return view(await found(fundId, id));
    },

    async create(fundId: string, body: unknown, ip: string) {
      const input = readUser(body);
      if (await repo.identityByUserName(fundId, input.userName)) throw new ScimError(409, `A user with userName ${input.userName} already exists.`, 'uniqueness');
      const account = await auth.investorAccount(input.userName, [input.givenName, input.familyName].filter(Boolean).join(' '));
      if (!account) throw new ScimError(409, SSO_MESSAGES.founderAccount, 'uniqueness');
      if (input.active) await admit(fundId, account.user.id, ip);
      return view(await repo.upsertIdentity({ fundId, userId: account.user.id, ...input }));
    },

    async replace(fundId: string, id: string, body: unknown, ip: string) {
      const row = await found(fundId, id);
      const input = readUser(body);
      if (input.userName !== row.userName) throw new ScimError(400, 'userName cannot change: create a new user instead.', 'mutability');
      await setActive(row, input.active, ip);
      return view(await repo.updateIdentity(row.id, { externalId: input.externalId ?? row.externalId, givenName: input.givenName, familyName: input.familyName, active: input.active }));
    },

    /** PATCH as Okta (`{"op":"replace","value":{"active":false}}`) and Entra ID (`{"op":"Replace","path":"active","value":"False"}`) send it. */
    async patch(fundId: string, id: string, body: unknown, ip: string) {
      const row = await found(fundId, id);
      const operations = (body as { Operations?: unknown } | null)?.Operations;
      if (!Array.isArray(operations) || operations.length === 0) throw new ScimError(400, 'A PatchOp needs Operations.', 'invalidSyntax');
      const set: { externalId?: string | null; givenName?: string | null; familyName?: string | null; active?: boolean } = {};
      const apply = (path: string, value: unknown, remove: boolean) => {
        const key = path.toLowerCase();
        if (key === 'active') {
          const active = remove ? false : bool(value);
          if (active === undefined) throw new ScimError(400, 'active must be true or false.', 'invalidValue');
          set.active = active;
        } else if (key === 'externalid') set.externalId = remove ? null : (str(value) ?? null);
        else if (key === 'name.givenname') set.givenName = remove ? null : (str(value) ?? null);
        else if (key === 'name.familyname') set.familyName = remove ? null : (str(value) ?? null);
        else if (key === 'name' && value && typeof value === 'object') {
          const n = value as Record<string, unknown>;
          if ('givenName' in n) set.givenName = str(n.givenName) ?? null;
          if ('familyName' in n) set.familyName = str(n.familyName) ?? null;
        } else if (key === 'username' && str(value)?.toLowerCase() !== row.userName) {
          throw new ScimError(400, 'userName cannot change: create a new user instead.', 'mutability');
        }
        // Other attributes (displayName, emails, title…) are the provider's own: accepted, not stored.
      };
      for (const raw of operations) {
        const op = raw as { op?: unknown; path?: unknown; value?: unknown };
        const kind = typeof op.op === 'string' ? op.op.toLowerCase() : '';
        if (!['add', 'replace', 'remove'].includes(kind)) throw new ScimError(400, 'op must be add, replace or remove.', 'invalidSyntax');
        if (typeof op.path === 'string' && op.path) apply(op.path, op.value, kind === 'remove');
        else if (op.value && typeof op.value === 'object' && kind !== 'remove') {
          for (const [path, value] of Object.entries(op.value as Record<string, unknown>)) apply(path, value, false);
        } else throw new ScimError(400, 'An operation without a path needs an object value.', 'noTarget');
      }
      if (set.active !== undefined) await setActive(row, set.active, ip);
      return view(await repo.updateIdentity(row.id, set));
    },

    async remove(fundId: string, id: string, ip: string) {
      const row = await found(fundId, id);
      if (row.active) await deprovision(fundId, row.userId, ip);
      await repo.deleteIdentity(row.id);
    },
  };
}
export type ScimService = ReturnType<typeof createScimService>;
