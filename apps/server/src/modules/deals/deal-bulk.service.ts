import { BATCH_ALREADY_UNDONE, BATCH_NOT_FOUND, BULK_MAX_DEALS, BULK_TOO_MANY, NOT_A_MEMBER, type BulkAction, type BulkBody, type BulkResult, type BulkSelection, type DealRowStatus, type FundStage } from '@fitscore/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { Transaction, UnitOfWork } from '../../lib/unit-of-work.ts';
import type { DealBatchesRepository } from './deal-batches.repository.ts';
import type { DealTeamService } from './deal-team.service.ts';
import type { DealUpdates } from './deal-updates.ts';
import { DEAL_NOT_FOUND, type DealsService } from './deals.service.ts';
import type { DealsRepository } from './deals.repository.ts';

export const REASONS_FOR_COLD = 'Give at least one reason';
export const UNDO_NOTE = 'Undo of a bulk change';
export const ONLY_AUTHOR_UNDOES = 'Only the member who made this change can undo it';

/** A decline's part the matches module owns: the reasons recorded and the applicants' emails queued, an undone decline withdrawn. */
export interface BulkDecline {
  record: (tx: Transaction, fundId: string, dealIds: string[], userId: string, reasons: string[]) => Promise<void>;
  withdraw: (tx: Transaction, dealIds: string[]) => Promise<void>;
}

/** The reasons an action declines its deals with (a plain move to Cold: none given), or null when it does not decline them. */
function declineReasons(action: BulkAction, stage?: FundStage): string[] | null {
  if (action.kind === 'decline') return action.reasons;
  if (action.kind === 'stage' && stage?.triage === 'cold') return action.reasons ?? [];
  if (action.kind === 'status' && action.status === 'cold') return [];
  return null;
}

/** Groups items by a key: one set-based statement per distinct previous value on Undo. */
function groupBy<T>(items: T[], key: (item: T) => string) {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return [...groups.values()];
}

/**
 * Bulk actions on a fund's deals (issue 31 point 3, ADR 0066): the single-deal operations (status
 * change, stage move, Assign, decline with reasons) run once for the whole selection through the
 * same service paths, in one transaction with set-based statements; each deal's previous values
 * are kept in the batch so one Undo puts them back, itself recorded in each deal's activity.
 */
export function createDealBulk({
  repo,
  batches,
  uow,
  deals,
  team,
  updates,
  stages,
  decline,
}: {
  repo: DealsRepository;
  batches: DealBatchesRepository;
  uow: UnitOfWork;
  deals: Pick<DealsService, 'changeStatuses' | 'filtersOf'>;
  team: Pick<DealTeamService, 'assignIn' | 'isMember'>;
  updates: Pick<DealUpdates, 'changed'>;
  stages: { get(fundId: string | null, stageId: string): Promise<{ stage: FundStage }> };
  decline: BulkDecline;
}) {
  /** The deals a selection names: picked ids, or every match of the filters but the exceptions (at most BULK_MAX_DEALS). */
  async function selected(fundId: string, selection: BulkSelection): Promise<string[]> {
    if (selection.ids) return [...new Set(selection.ids)];
    const { status, ...rest } = selection.filters ?? {};
    const filters = await deals.filtersOf(fundId, rest);
    const except = new Set(selection.except);
    const ids = (await repo.matchingIds(fundId, { ...filters, status }, BULK_MAX_DEALS + 1 + except.size)).filter((id) => !except.has(id));
    if (ids.length > BULK_MAX_DEALS) throw new AppError('validation_failed', BULK_TOO_MANY);
    return ids;
  }

  /** The action on the selection's deals (recorded in the batch already); how many it changed. */
  async function run(tx: Transaction, fundId: string, userId: string, dealIds: string[], action: BulkAction, stage?: FundStage): Promise<number> {
    const moved = async (status: DealRowStatus, note: string, stageId?: string) =>
      (await deals.changeStatuses(tx, { fundId, userId, dealIds, status, note, ...(stageId ? { stageId } : {}) })).filter((d) => d.from !== status || note).length;
    // A move to Cold, whichever action makes it, is a decline: its reasons are recorded with the change.
    const reasons = declineReasons(action, stage);
    if (reasons) await decline.record(tx, fundId, dealIds, userId, reasons);
    switch (action.kind) {
      case 'status':
        return moved(action.status, '');
      case 'decline':
        return moved('cold', action.note);
      case 'stage': {
        const note = action.note.trim();
        return moved(stage!.triage, note ? `${stage!.name}: ${note}` : `Moved to ${stage!.name}`, stage!.id);
      }
      case 'assign':
        return team.assignIn(tx, { fundId, userId, dealIds, ownerId: action.ownerId });
      case 'tag': {
        const r = repo.in(tx);
        const tagged = await r.addTag(fundId, dealIds, action.tag);
        await r.noteInHistory(tagged, userId, `Tagged ${action.tag}`);
        for (const dealId of tagged) updates.changed(fundId, dealId, tx);
        return tagged.length;
      }
    }
  }

  return {
    selected,

    /** The selection's deals recorded and changed in one transaction, a decline's emails queued in it. */
    async apply(fundId: string | null, userId: string, { selection, action }: BulkBody): Promise<BulkResult> {
      if (!fundId) throw new AppError('not_found', DEAL_NOT_FOUND);
      // What the action needs is checked before any deal is read or written.
      const stage = action.kind === 'stage' ? (await stages.get(fundId, action.stageId)).stage : undefined;
      if (action.kind === 'stage' && stage?.triage === 'cold' && !action.reasons?.length)
        throw new AppError('validation_failed', `${REASONS_FOR_COLD}: moving to ${stage.name} declines the deals`);
      if (action.kind === 'assign' && action.ownerId !== null && !(await team.isMember(fundId, action.ownerId))) throw new AppError('bad_request', NOT_A_MEMBER);
      const ids = await selected(fundId, selection);
      if (!ids.length) throw new AppError('validation_failed', 'No deal matches the selection');
      const result = await uow.run(async (tx) => {
        const b = batches.in(tx);
        const batchId = await b.create(fundId, userId, action);
        const found = await b.record(batchId, fundId, ids, action.kind === 'tag' ? action.tag : null);
        if (!found.length) throw new AppError('not_found', DEAL_NOT_FOUND);
        const changed = await run(tx, fundId, userId, found, action, stage);
        return { batchId, selected: found.length, changed, found };
      });
      return { batchId: result.batchId, selected: result.selected, changed: result.changed };
    },

    /** The batch's deals get back what they had (once, by its author), each change in the deal's activity. */
    async undo(fundId: string | null, userId: string, batchId: string) {
      if (!fundId) throw new AppError('not_found', BATCH_NOT_FOUND);
      const restored = await uow.run(async (tx) => {
        const b = batches.in(tx);
        const batch = await b.lock(fundId, batchId);
        if (!batch) throw new AppError('not_found', BATCH_NOT_FOUND);
        if (batch.userId !== userId) throw new AppError('forbidden', ONLY_AUTHOR_UNDOES);
        if (batch.undoneAt) throw new AppError('conflict', BATCH_ALREADY_UNDONE);
        const items = await b.items(batchId);
        const action = batch.action;
        if (action.kind === 'assign') {
          for (const group of groupBy(items, (i) => i.ownerUserId ?? '')) {
            const owner = group[0]!.ownerUserId;
            // A previous owner who has left the fund since gets nothing back: their deals stay unowned.
            const ownerId = owner && (await team.isMember(fundId, owner, tx)) ? owner : null;
            await team.assignIn(tx, { fundId, userId, dealIds: group.map((i) => i.dealId), ownerId });
          }
        } else if (action.kind === 'tag') {
          const added = items.filter((i) => !i.hadTag).map((i) => i.dealId);
          const r = repo.in(tx);
          await r.removeTag(fundId, added, action.tag);
          await r.noteInHistory(added, userId, `${UNDO_NOTE}: tag ${action.tag} removed`);
          for (const dealId of added) updates.changed(fundId, dealId, tx);
        } else {
          for (const group of groupBy(items, (i) => `${i.status}|${i.pipelineStageId ?? ''}`)) {
            const { status, pipelineStageId } = group[0]!;
            // A stage removed since: the deals go to the first stage of their status.
            const stageId = pipelineStageId && (await stages.get(fundId, pipelineStageId).then(() => true, () => false)) ? pipelineStageId : null;
            await deals.changeStatuses(tx, { fundId, userId, dealIds: group.map((i) => i.dealId), status, note: UNDO_NOTE, stageId });
          }
          // The decline this batch recorded (a decline, a move to a Cold stage or to Cold) is withdrawn from the deals it took
          // into Cold; a deal that was Cold already stays declined.
          const declined = action.kind === 'decline' || (action.kind === 'stage' && action.reasons?.length) || (action.kind === 'status' && action.status === 'cold');
          if (declined) await decline.withdraw(tx, items.filter((i) => i.status !== 'cold').map((i) => i.dealId));
        }
        await b.markUndone(batchId);
        return items.length;
      });
      return { ok: true as const, restored };
    },
  };
}
export type DealBulk = ReturnType<typeof createDealBulk>;
