import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, API_MESSAGES, type ApiKey, type ApiKeyScope, type CreateApiKeyBody } from '@fitscore/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { ApiKeyRow, ApiKeysRepository } from './api-keys.repository.ts';

/** The caller of the public API: the key's fund, acting with its maker's rights within its scopes. */
export interface ApiCaller {
  keyId: string;
  fundId: string;
  /** The admin who made the key: the actor the activity log and notifications name. */
  userId: string;
  scopes: ApiKeyScope[];
  /** This call was the key's first in a minute (its last use was written): the audit log records those, once an hour. */
  touched: boolean;
}

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function view(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiKeyScope[],
    preview: `${row.preview}…`,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByName,
    lastUsedAt: iso(row.lastUsedAt),
    expiresAt: iso(row.expiresAt),
    revokedAt: iso(row.revokedAt),
  };
}

/**
 * A fund's API keys: random 256-bit keys shown once and stored as their SHA-256 (like sessions and
 * invites), scoped, revocable at once, optionally expiring, and only on the Enterprise plan.
 */
export function createApiKeysService(repo: ApiKeysRepository) {
  async function enterprise(fundId: string | null): Promise<boolean> {
    return fundId !== null && (await repo.fundPlan(fundId)) === 'enterprise';
  }

  return {
    async list(fundId: string | null) {
      if (!fundId) return { keys: [], allowed: false };
      const [keys, allowed] = await Promise.all([repo.list(fundId), enterprise(fundId)]);
      return { keys: keys.map(view), allowed };
    },

    async create(fundId: string | null, userId: string, body: CreateApiKeyBody) {
      if (!fundId || !(await enterprise(fundId))) throw new AppError('plan_limit', API_MESSAGES.enterpriseRequired);
      const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row = await repo.insert({
        fundId,
        name: body.name,
        scopes: body.scopes,
        tokenHash: hashOf(key),
        preview: key.slice(0, API_KEY_PREFIX.length + 6),
        createdBy: userId,
        expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
      });
      return { key, apiKey: view(row) };
    },

    async revoke(fundId: string | null, id: string) {
      if (!fundId || !(await repo.revoke(fundId, id))) throw new AppError('not_found', API_MESSAGES.keyNotFound);
      return { ok: true as const };
    },

    /**
     * The caller a presented key stands for, or the reason it is refused: 401 for a key that is
     * unknown, revoked or expired, or whose maker has left the fund; 402 when the fund is no longer
     * on Enterprise; 403 without the scope the call needs.
     */
    async authenticate(key: string, scope: ApiKeyScope): Promise<ApiCaller> {
      const holder = key.startsWith(API_KEY_PREFIX) ? await repo.holder(hashOf(key)) : undefined;
      if (!holder || !holder.makerInFund || !holder.createdBy) throw new AppError('unauthenticated', API_MESSAGES.invalidKey);
      if (holder.plan !== 'enterprise') throw new AppError('plan_limit', API_MESSAGES.enterpriseRequired);
      if (!holder.scopes.includes(scope)) throw new AppError('forbidden', API_MESSAGES.scopeMissing(scope));
      const touched = await repo.touch(holder.id);
      return { keyId: holder.id, fundId: holder.fundId, userId: holder.createdBy, scopes: holder.scopes, touched };
    },
  };
}
export type ApiKeysService = ReturnType<typeof createApiKeysService>;
