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
  stages: { list(fundId: string, tx?: Transaction): Promise<FundStage[]> };
}

/**
 * Blind first look (issue 31 point 7, ADR 0073): each member's own Hot/Track/Cold on a deal, and
 * what a member may see of a deal before recording theirs.
 */
export function createBlindLookService({ repo, uow, stages }: BlindLookServiceDeps) {
  /** The fund's blind stages, or none when the setting is off. */
  async function blindStages(fundId: string, tx?: Transaction): Promise<string[]> {
    const { enabled, stageIds } = await repo.in(tx).settings(fundId);
    return enabled ? stageIds : [];
  }

  /**
   * Those of these deals that sit in one of the fund's blind stages now (none when the setting is
   * off); `known`: the blind stages already read for this answer.
   */
  async function inBlindStage<D extends DealPlace>(fundId: string, deals: readonly D[], tx?: Transaction, known?: readonly string[]): Promise<D[]> {
    if (!deals.length) return [];
    const blind = known ?? (await blindStages(fundId, tx));
    if (!blind.length) return [];
    const all = await stages.list(fundId, tx);
    return deals.filter((d) => {
      const stage = stageOfDeal(all, d);
      return stage !== undefined && blind.includes(stage.id);
    });
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
     * `blindStages`: the fund's blind stages when the answer has read them already (a list's FitScore sort).
     */
    async hiddenFrom(fundId: string, viewer: string, deals: readonly DealPlace[], blindStages?: readonly string[]): Promise<Set<string>> {
      const inBlind = await inBlindStage(fundId, deals, undefined, blindStages);
      if (!inBlind.length) return new Set();
      const voted = await repo.votedOn(viewer, inBlind.map((d) => d.id));
      return new Set(inBlind.filter((d) => !voted.has(d.id)).map((d) => d.id));
    },

    /**
     * The same rule for one deal and many members (what notifications about it may tell each): those
     * of `viewers` from whom the deal is hidden now, read in `tx` (the notification's transaction).
     */
    async blindTo(fundId: string, deal: DealPlace, viewers: readonly string[], tx?: Transaction): Promise<Set<string>> {
      if (!viewers.length || !(await inBlindStage(fundId, [deal], tx)).length) return new Set();
      const voted = new Set((await repo.in(tx).votes(deal.id)).map((v) => v.userId));
      return new Set(viewers.filter((v) => !voted.has(v)));
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
