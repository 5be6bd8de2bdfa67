import {
  DealListQuerySchema,
  DEFAULT_DIGEST_TIME_ZONE,
  FOLLOW_UP_NOT_FOUND,
  stageOfDeal,
  type Deal,
  type DigestSettings,
  type DigestSettingsResponse,
  type FollowUp,
  type FollowUpBody,
  type FollowUpEdit,
  type FollowUpRule,
  type IdleDeal,
} from '@fitscore/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { Transaction } from '../../lib/unit-of-work.ts';
import type { DealsService } from '../deals/deals.service.ts';
import type { StagesService } from '../stages/stages.service.ts';
import type { FollowUpsRepository, ReminderRow } from './follow-ups.repository.ts';

const DAY_MS = 86_400_000;
/** The idle deals a read lists (the count covers them all, up to the scan's bound). */
const IDLE_LISTED = 50;
/** Pages of 100 deals the rule reads per call: 2,000 deals in the watched stages. */
const IDLE_PAGES = 20;

export interface FollowUpsServiceDeps {
  repo: FollowUpsRepository;
  deals: Pick<DealsService, 'view' | 'list'>;
  stages: Pick<StagesService, 'list'>;
  /** The fund's members (the team module): who a reminder may be assigned to. */
  members: (fundId: string) => Promise<{ id: string; name: string }[]>;
  /** The clock (tests move it). */
  now: () => Date;
}

/** The zone as the runtime spells it when only its case differs ('america/new_york' → 'America/New_York'); otherwise as given ('Asia/Kolkata' stays). */
function zoneName(timeZone: string) {
  const resolved = new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  return resolved.toLowerCase() === timeZone.toLowerCase() ? resolved : timeZone;
}

const person = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);

export function toFollowUp({ reminder: r, assigneeName, creatorName, finisherName }: ReminderRow): FollowUp {
  return {
    id: r.id,
    dealId: r.dealId,
    dueAt: r.dueAt.toISOString(),
    note: r.note,
    assignee: person(r.assigneeUserId, assigneeName),
    createdBy: person(r.createdByUserId, creatorName),
    doneAt: r.doneAt?.toISOString() ?? null,
    doneBy: person(r.doneByUserId, finisherName),
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * Reminders on a fund's deals, the fund's 'no touch in N days' rule, and what is due for a member.
 * A touch (status or stage change, comment, assignment, reminder done) is recorded as it happens.
 */
export function createFollowUpsService({ repo, deals, stages, members, now }: FollowUpsServiceDeps) {
  const fundOf = (fundId: string | null) => {
    if (!fundId) throw new AppError('not_found', 'Deal not found');
    return fundId;
  };

  async function reminder(fundId: string, id: string) {
    const row = await repo.get(fundId, id);
    if (!row) throw new AppError('not_found', FOLLOW_UP_NOT_FOUND);
    return row;
  }

  async function checkAssignee(fundId: string, assigneeId: string | null | undefined) {
    if (!assigneeId) return;
    if (!(await members(fundId)).some((m) => m.id === assigneeId)) {
      throw new AppError('validation_failed', 'Choose a member of your fund');
    }
  }

  async function ruleOf(fundId: string | null): Promise<FollowUpRule> {
    const row = fundId ? await repo.rule(fundId) : undefined;
    return row ? { enabled: true, idleDays: row.idleDays, stageIds: row.stageIds } : { enabled: false, idleDays: 14, stageIds: [] };
  }

  /** The deals of the rule's stages untouched for its days, longest idle first, and how many there are. */
  async function idleDeals(fundId: string, at: Date): Promise<{ idle: IdleDeal[]; total: number }> {
    const rule = await repo.rule(fundId);
    if (!rule) return { idle: [], total: 0 };
    const all = await stages.list(fundId);
    const watched = rule.stageIds.filter((id) => all.some((s) => s.id === id));
    if (!watched.length) return { idle: [], total: 0 };
    const cutoff = at.getTime() - rule.idleDays * DAY_MS;
    const found: IdleDeal[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < IDLE_PAGES; page++) {
      const list = await deals.list(fundId, null, DealListQuerySchema.parse({ pipelineStage: watched, sort: 'date', limit: 100, ...(cursor ? { cursor } : {}) }));
      const touches = await repo.touchesOf(list.deals.map((d: Deal) => d.id));
      for (const deal of list.deals) {
        const last = Math.max(new Date(deal.date).getTime(), touches.get(deal.id)?.getTime() ?? 0);
        if (last > cutoff) continue;
        found.push({
          dealId: deal.id,
          startupName: deal.startupName,
          stageName: stageOfDeal(all, deal)?.name ?? '',
          lastTouchAt: new Date(last).toISOString(),
          idleDays: Math.floor((at.getTime() - last) / DAY_MS),
        });
      }
      if (!list.nextCursor) break;
      cursor = list.nextCursor;
    }
    found.sort((a, b) => a.lastTouchAt.localeCompare(b.lastTouchAt));
    return { idle: found.slice(0, IDLE_LISTED), total: found.length };
  }

  async function digestSettingsOf(userId: string): Promise<DigestSettingsResponse> {
    const { frequency, timeZone } = await repo.digestOf(userId);
    return { frequency, timeZone: timeZone ?? DEFAULT_DIGEST_TIME_ZONE, timeZoneSaved: timeZone !== null };
  }

  return {
    async ofDeal(fundId: string | null, dealId: string) {
      const fund = fundOf(fundId);
      await deals.view(fund, dealId, null);
      return { followUps: (await repo.ofDeal(fund, dealId)).map(toFollowUp) };
    },

    async create(fundId: string | null, userId: string, dealId: string, body: FollowUpBody) {
      const fund = fundOf(fundId);
      await deals.view(fund, dealId, null);
      await checkAssignee(fund, body.assigneeId);
      const id = await repo.insert({
        fundId: fund,
        dealId,
        dueAt: new Date(body.dueAt),
        note: body.note,
        assigneeUserId: body.assigneeId,
        createdByUserId: userId,
      });
      return { followUp: toFollowUp(await reminder(fund, id)) };
    },

    async update(fundId: string | null, id: string, body: FollowUpEdit) {
      const fund = fundOf(fundId);
      await reminder(fund, id);
      await checkAssignee(fund, body.assigneeId);
      await repo.update(fund, id, {
        ...(body.dueAt !== undefined ? { dueAt: new Date(body.dueAt) } : {}),
        ...(body.note !== undefined ? { note: body.note } : {}),
        ...(body.assigneeId !== undefined ? { assigneeUserId: body.assigneeId } : {}),
      });
      return { followUp: toFollowUp(await reminder(fund, id)) };
    },

    /** Done once (a second call leaves the first's who and when); the deal counts as touched. */
    async complete(fundId: string | null, userId: string, id: string) {
      const fund = fundOf(fundId);
      await reminder(fund, id);
      const at = now();
      const done = await repo.complete(fund, id, userId, at);
      if (done) await repo.touch([done.dealId], at);
      return { followUp: toFollowUp(await reminder(fund, id)) };
    },

    async remove(fundId: string | null, id: string) {
      const fund = fundOf(fundId);
      if (!(await repo.remove(fund, id))) throw new AppError('not_found', FOLLOW_UP_NOT_FOUND);
      return { ok: true as const };
    },

    /** The member's reminders whose time has come, with their deals' names, and the fund's idle deals. */
    async due(fundId: string | null, userId: string) {
      if (!fundId) return { reminders: [], idle: [], count: 0 };
      const at = now();
      const [rows, idle] = await Promise.all([repo.dueFor(fundId, userId, at), idleDeals(fundId, at)]);
      const names = new Map<string, string>();
      for (const dealId of new Set(rows.map((r) => r.reminder.dealId))) {
        names.set(dealId, (await deals.view(fundId, dealId, null)).startupName);
      }
      return {
        reminders: rows.map((r) => ({ ...toFollowUp(r), startupName: names.get(r.reminder.dealId) ?? '' })),
        idle: idle.idle,
        count: rows.length + idle.total,
      };
    },

    async rule(fundId: string | null) {
      return { rule: await ruleOf(fundId) };
    },

    async saveRule(fundId: string | null, body: FollowUpRule) {
      if (!fundId) throw new AppError('conflict', 'Please complete your fund profile first');
      if (body.enabled) {
        const all = await stages.list(fundId);
        if (body.stageIds.some((id) => !all.some((s) => s.id === id))) throw new AppError('validation_failed', 'Stage not found');
      }
      await repo.saveRule(fundId, body.enabled ? { idleDays: body.idleDays, stageIds: [...new Set(body.stageIds)] } : null);
      return { rule: await ruleOf(fundId) };
    },

    digest: (userId: string) => digestSettingsOf(userId),
    /** Saves the choice; a zone left out stays as saved. */
    async saveDigest(userId: string, body: DigestSettings) {
      await repo.saveDigest(userId, body.frequency, body.timeZone === undefined ? undefined : zoneName(body.timeZone));
      return digestSettingsOf(userId);
    },

    /** A touch on these deals (in the action's transaction, when it has one). */
    touched: (dealIds: string[], tx?: Transaction) => repo.in(tx).touch([...new Set(dealIds)], now()),

    idleDeals,
  };
}
export type FollowUpsService = ReturnType<typeof createFollowUpsService>;
