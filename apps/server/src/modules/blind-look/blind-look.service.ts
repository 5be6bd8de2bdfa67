import { stageOfDeal, type BlindLookBody, type DealRowStatus, type DealStatus, type FundStage, type TeamViews } from '@fitscore/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { Transaction, UnitOfWork } from '../../lib/unit-of-work.ts';
import type { BlindLookRepository } from './blind-look.repository.ts';

/** Where a deal sits: its own stage, or (unplaced) the first stage of its status (stageOfDeal). */
export interface DealPlace {
  id: string;
  pipelineStageId: string | null;
  status: DealRowStatus;
}

export interface BlindLookServiceDeps {
  repo: BlindLookRepository;
  uow: UnitOfWork;
  stages: { list(fundId: string): Promise<FundStage[]> };
}

/**
 * Blind first look (issue 31 point 7, ADR 0073): each member's own Hot/Track/Cold on a deal, and
 * what a member may see of a deal before recording theirs.
 */
export function createBlindLookService({ repo, uow, stages }: BlindLookServiceDeps) {
  /** The fund's blind stages, or none when the setting is off. */
  async function blindStages(fundId: string): Promise<string[]> {
    const { enabled, stageIds } = await repo.settings(fundId);
    return enabled ? stageIds : [];
  }

  return {
    async settings(fundId: string | null) {
      return fundId ? repo.settings(fundId) : { enabled: false, stageIds: [] };
    },

    /** The admin's switch and stages; a stage that is not the fund's own is refused. */
    async save(fundId: string | null, body: BlindLookBody) {
      if (!fundId) throw new AppError('conflict', 'Please complete your fund profile first');
      const ids = [...new Set(body.stageIds)];
      const own = await repo.ownStages(fundId, ids);
      if (own.length !== ids.length) throw new AppError('bad_request', 'Stage not found');
      if (body.enabled && !ids.length) throw new AppError('bad_request', 'Choose at least one stage for the blind first look');
      await uow.run((tx) => repo.in(tx).save(fundId, body.enabled, ids));
      return repo.settings(fundId);
    },

    /** The stages a fund's blind first look applies to now (none when it is off): the list's FitScore sort needs them. */
    blindStages,

    /**
     * What this member may see of these deals: the ids of those whose FitScore, analysis, comments
     * and teammates' votes are hidden from them — in a blind stage of a fund with the blind first
     * look on, and not yet voted on by them. Every read path of those parts asks this, once per answer.
     */
    async hiddenFrom(fundId: string, viewer: string, deals: readonly DealPlace[]): Promise<Set<string>> {
      if (!deals.length) return new Set();
      const blind = await blindStages(fundId);
      if (!blind.length) return new Set();
      const all = await stages.list(fundId);
      const inBlind = deals.filter((d) => {
        const stage = stageOfDeal(all, d);
        return stage !== undefined && blind.includes(stage.id);
      });
      if (!inBlind.length) return new Set();
      const voted = await repo.votedOn(viewer, inBlind.map((d) => d.id));
      return new Set(inBlind.filter((d) => !voted.has(d.id)).map((d) => d.id));
    },

    /** The member pressed Hot/Track/Cold: their own view, in the status change's transaction. */
    async record(vote: { dealId: string; userId: string; status: DealStatus }, tx: Transaction) {
      await repo.in(tx).recordVote(vote.dealId, vote.userId, vote.status);
    },

    /** 'Team views' of a deal the caller may see (`hidden` from deals' own view of it for the caller). */
    async views(deal: { id: string; hidden?: boolean | undefined }, viewer: string): Promise<TeamViews> {
      const votes = await repo.votes(deal.id);
      const mine = votes.find((v) => v.userId === viewer)?.vote ?? null;
      const hidden = Boolean(deal.hidden);
      const shown = hidden ? [] : votes;
      return {
        hidden,
        mine,
        views: shown.map((v) => ({ member: { id: v.userId, name: v.name || v.email }, vote: v.vote, at: v.votedAt.toISOString() })),
      };
    },
  };
}
export type BlindLookService = ReturnType<typeof createBlindLookService>;
