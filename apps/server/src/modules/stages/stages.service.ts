import {
  DEFAULT_FUND_STAGES,
  STAGE_TRIAGE_LABELS,
  STAGE_TRIAGES,
  type FundStage,
  type MoveToStageBody,
  type StagesBody,
} from '@fitscore/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { Transaction, UnitOfWork } from '../../lib/unit-of-work.ts';
import { stagePlanOf, type DealsService } from '../deals/deals.service.ts';
import type { StagesRepository } from './stages.repository.ts';

export const STAGE_NOT_FOUND = 'Stage not found';
export const REASONS_REQUIRED = 'Give at least one reason';

/** The fund's own stages: made with the defaults on the fund's first read, edited by its admins. */
export function createStagesService({ repo, uow }: { repo: StagesRepository; uow: UnitOfWork }) {
  async function list(fundId: string, tx?: Transaction): Promise<FundStage[]> {
    const stages = await repo.in(tx).list(fundId);
    if (stages.length) return stages;
    // Under the fund's lock, so two first reads at once make the defaults once (PostgreSQL; PGlite has one connection).
    const make = async (t: Transaction) => {
      const r = repo.in(t);
      if (!(await r.lockFund(fundId))) return [];
      const again = await r.list(fundId);
      if (again.length) return again;
      await r.insert(
        fundId,
        DEFAULT_FUND_STAGES.map((s, position) => ({ ...s, position })),
      );
      return r.list(fundId);
    };
    return tx ? make(tx) : uow.run(make);
  }

  async function get(fundId: string | null, stageId: string): Promise<{ stage: FundStage; all: FundStage[] }> {
    const all = fundId ? await list(fundId) : [];
    const stage = all.find((s) => s.id === stageId);
    if (!stage) throw new AppError('not_found', STAGE_NOT_FOUND);
    return { stage, all };
  }

  return { list, get };
}
export type StagesService = ReturnType<typeof createStagesService>;

/** Moving deals between stages and editing the stages: both need the deals module (the one writer of deals). */
export function createStageMoves({
  stages,
  repo,
  uow,
  deals,
  decline,
}: {
  stages: StagesService;
  repo: StagesRepository;
  uow: UnitOfWork;
  deals: Pick<DealsService, 'changeStatus' | 'view' | 'moveStageDeals' | 'stageCounts'>;
  /** The Cold dialog's decline (matches module): reasons recorded with the change, emailed to applicants. */
  decline: (
    fundId: string | null,
    userId: string,
    dealId: string,
    body: { reasons: string[]; note: string },
  ) => Promise<unknown>;
}) {
  return {
    /**
     * A deal moved on the board: its triage becomes the stage's through the status change (history,
     * alerts, live events); a stage mapped to Cold declines it with reasons, as the Cold dialog does.
     */
    async move(fundId: string | null, userId: string, dealId: string, body: MoveToStageBody) {
      // A foreign or unknown deal is a 404 before anything about the stage.
      await deals.view(fundId ?? '', dealId, userId).catch(() => {
        throw new AppError('not_found', 'Deal not found');
      });
      const { stage } = await stages.get(fundId, body.stageId);
      const note = body.note.trim();
      if (stage.triage === 'cold') {
        const reasons = body.reasons ?? [];
        if (!reasons.length)
          throw new AppError('validation_failed', `${REASONS_REQUIRED}: moving to ${stage.name} declines the deal`);
        await decline(fundId, userId, dealId, { reasons, note });
        // The decline puts the deal in the first Cold stage; another Cold stage is where it was dropped.
        await deals.changeStatus(fundId, userId, dealId, { status: 'cold', note: '' }, undefined, { stageId: stage.id });
      } else {
        await deals.changeStatus(
          fundId,
          userId,
          dealId,
          { status: stage.triage, note: note ? `${stage.name}: ${note}` : `Moved to ${stage.name}` },
          undefined,
          { stageId: stage.id },
        );
      }
      return { ok: true as const, deal: await deals.view(fundId!, dealId, userId) };
    },

    /**
     * The admin's list: kept stages renamed, reordered or re-mapped, new ones added, missing ones
     * removed, their deals moved where `moves` says (a stage of the same triage). Every triage keeps
     * a stage, since Hot/Track/Cold put a deal in the first stage of its status.
     */
    async save(fundId: string | null, body: StagesBody) {
      if (!fundId) throw new AppError('conflict', 'Please complete your fund profile first');
      const before = await stages.list(fundId);
      const byId = new Map(before.map((s) => [s.id, s]));
      for (const s of body.stages) if (s.id && !byId.has(s.id)) throw new AppError('not_found', STAGE_NOT_FOUND);
      const ids = body.stages.flatMap((s) => (s.id ? [s.id] : []));
      if (new Set(ids).size !== ids.length) throw new AppError('validation_failed', 'A stage appears twice');
      const names = body.stages.map((s) => s.name.toLowerCase());
      const twice = body.stages.find((s, i) => names.indexOf(s.name.toLowerCase()) !== i);
      if (twice) throw new AppError('validation_failed', `Two stages are named ${twice.name}`);
      const missing = STAGE_TRIAGES.filter((t) => !body.stages.some((s) => s.triage === t));
      if (missing.length) {
        throw new AppError(
          'validation_failed',
          `Keep a stage for ${missing.map((t) => STAGE_TRIAGE_LABELS[t]).join(', ')}: Hot, Track and Cold move deals to the first stage of their triage`,
        );
      }
      const counts = await deals.stageCounts(fundId, before);
      for (const s of body.stages) {
        const old = s.id ? byId.get(s.id) : undefined;
        if (old && old.triage !== s.triage && (counts.get(old.id) ?? 0) > 0) {
          throw new AppError(
            'validation_failed',
            `${old.name} holds ${counts.get(old.id)} deals: move them before mapping it to another triage`,
          );
        }
      }
      const removed = before.filter((s) => !ids.includes(s.id));
      const moves: { from: FundStage; to: string }[] = [];
      for (const gone of removed) {
        const n = counts.get(gone.id) ?? 0;
        if (!n) continue;
        const to = body.moves[gone.id];
        if (!to)
          throw new AppError('conflict', `${gone.name} holds ${n} deals: choose the stage they go to`, {
            stageId: gone.id,
            deals: n,
          });
        const target = body.stages.find((s) => s.id === to);
        if (!target) throw new AppError('validation_failed', `The deals of ${gone.name} must go to a stage that stays`);
        if (target.triage !== gone.triage) {
          throw new AppError(
            'validation_failed',
            `The deals of ${gone.name} (${STAGE_TRIAGE_LABELS[gone.triage]}) must go to a stage mapped to ${STAGE_TRIAGE_LABELS[gone.triage]}`,
          );
        }
        moves.push({ from: gone, to });
      }
      await uow.run(async (tx) => {
        const r = repo.in(tx);
        if (!(await r.lockFund(fundId))) throw new AppError('not_found', 'Fund not found');
        for (const { from, to } of moves) await deals.moveStageDeals(fundId, stagePlanOf(before, [from.id]), to, tx);
        await r.remove(
          fundId,
          removed.map((s) => s.id),
        );
        const added: { name: string; triage: FundStage['triage']; position: number }[] = [];
        for (const [position, s] of body.stages.entries()) {
          if (s.id) await r.update(fundId, s.id, { name: s.name, triage: s.triage, position });
          else added.push({ name: s.name, triage: s.triage, position });
        }
        await r.insert(fundId, added);
      });
      return { stages: await stages.list(fundId) };
    },
  };
}
