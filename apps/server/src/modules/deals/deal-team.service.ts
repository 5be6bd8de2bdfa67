import { NOT_A_MEMBER, type Deal } from '@fitscore/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { Transaction, UnitOfWork } from '../../lib/unit-of-work.ts';
import type { DealAssignment } from './deal-events.ts';
import type { DealTeamRepository } from './deal-team.repository.ts';
import type { DealsRepository } from './deals.repository.ts';
import { DEAL_NOT_FOUND } from './deals.service.ts';

/** Assign: a deal's owner is one of the fund's real members (never a fixed sample list). */
export function createDealTeamService({
  team,
  deals,
  uow,
  assigned,
  view,
}: {
  team: DealTeamRepository;
  deals: DealsRepository;
  uow: UnitOfWork;
  /** Tells the deals service's `onAssigned` listeners (activity, the assignee's notification), in the assignment's transaction. */
  assigned: (assignment: DealAssignment, tx: Transaction) => Promise<void>;
  /** The deal as answers show it. */
  view: (fundId: string, dealId: string, viewer: string | null) => Promise<Deal>;
}) {
  /**
   * The one path of Assign, a deal's or a bulk selection's (the owner checked by the caller): the
   * fund's deals among `dealIds` with another owner get this one, each told to the `assigned`
   * listeners in `tx`. Answers how many changed.
   */
  async function assignIn(tx: Transaction, { fundId, userId, dealIds, ownerId }: { fundId: string; userId: string; dealIds: string[]; ownerId: string | null }) {
    const changed = await team.in(tx).assign(fundId, dealIds, ownerId);
    for (const d of changed) await assigned({ fundId, dealId: d.id, startupName: d.startupName, from: d.from, to: ownerId, userId }, tx);
    return changed.length;
  }

  return {
    async members(fundId: string | null) {
      return { members: fundId ? await team.members(fundId) : [] };
    },

    async assign(fundId: string | null, userId: string, dealId: string, ownerId: string | null) {
      if (!fundId) throw new AppError('not_found', DEAL_NOT_FOUND);
      await uow.run(async (tx) => {
        // The deal first: a foreign or unknown deal is a 404 whoever the owner would be.
        if (!(await deals.in(tx).lock(fundId, dealId))) throw new AppError('not_found', DEAL_NOT_FOUND);
        if (ownerId !== null && !(await team.in(tx).isMember(fundId, ownerId))) throw new AppError('bad_request', NOT_A_MEMBER);
        await assignIn(tx, { fundId, userId, dealIds: [dealId], ownerId });
      });
      return { ok: true as const, deal: await view(fundId, dealId, userId) };
    },

    assignIn,
    isMember: (fundId: string, userId: string, tx?: Transaction) => team.in(tx).isMember(fundId, userId),

    /**
     * A member left the fund (removed, or deactivated by SCIM): the deals they owned stay with the
     * fund, unowned, in the transaction that removes them; each is unassigned as Assign does it (its
     * activity entry and the open screens' `deal.changed`), by the member who left. Answers how many.
     */
    releaseOwnedBy: async (fundId: string, userId: string, tx: Transaction) =>
      assignIn(tx, { fundId, userId, dealIds: await team.in(tx).ownedBy(fundId, userId), ownerId: null }),
  };
}
export type DealTeamService = ReturnType<typeof createDealTeamService>;
