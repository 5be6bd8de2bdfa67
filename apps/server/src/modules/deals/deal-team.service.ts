import { NOT_A_MEMBER, type Deal } from '@fitscore/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { DealTeamRepository } from './deal-team.repository.ts';
import type { DealsRepository } from './deals.repository.ts';
import { DEAL_NOT_FOUND } from './deals.service.ts';

/** Assign: a deal's owner is one of the fund's real members (never a fixed sample list). */
export function createDealTeamService({
  team,
  deals,
  view,
}: {
  team: DealTeamRepository;
  deals: DealsRepository;
  /** The deal as answers show it. */
  view: (fundId: string, dealId: string) => Promise<Deal>;
}) {
  return {
    async members(fundId: string | null) {
      return { members: fundId ? await team.members(fundId) : [] };
    },

    async assign(fundId: string | null, dealId: string, ownerId: string | null) {
      if (!fundId) throw new AppError('not_found', DEAL_NOT_FOUND);
      // The deal first: a foreign or unknown deal is a 404 whoever the owner would be.
      if (!(await deals.get(fundId, dealId))) throw new AppError('not_found', DEAL_NOT_FOUND);
      if (ownerId !== null && !(await team.isMember(fundId, ownerId))) throw new AppError('bad_request', NOT_A_MEMBER);
      if (!(await team.assign(fundId, dealId, ownerId))) throw new AppError('not_found', DEAL_NOT_FOUND);
      return { ok: true as const, deal: await view(fundId, dealId) };
    },
  };
}
export type DealTeamService = ReturnType<typeof createDealTeamService>;
