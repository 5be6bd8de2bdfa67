import { DealListQuerySchema, DEFAULT_DIGEST_TIME_ZONE, DIGEST_FREQUENCIES, HIDDEN_UNTIL_VOTE, isTimeZone, recommendationOf, type Deal, type DigestFrequency } from '@fitscore/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { UnitOfWork } from '../../lib/unit-of-work.ts';
import type { DealsService } from '../deals/deals.service.ts';
import { defineJob } from '../jobs/define-job.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { FollowUpsRepository } from './follow-ups.repository.ts';
import type { FollowUpsService } from './follow-ups.service.ts';

const DAY_MS = 86_400_000;
const CLAIM_BATCH = 200;
/** New deals a digest lists by name (it says how many more there are). */
const LISTED = 20;

const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** Formats of the wall clock in a zone (one per zone members chose: a few hundred at most). */
const clocks = new Map<string, Intl.DateTimeFormat>();
function wallClock(at: Date, timeZone: string) {
  let format = clocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', hourCycle: 'h23' });
    clocks.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  // The local calendar day as a UTC midnight (for date arithmetic), and the local hour.
  return { day: Date.UTC(part('year'), part('month') - 1, part('day')), hour: part('hour') % 24 };
}

/**
 * The periods whose digests may go out at `at` for a member in `timeZone` (IANA): the local day's
 * daily one from `hour` o'clock on their clock, and the local week's weekly one from Monday at that
 * hour. A period is a key naming the local date: '2026-11-28', 'week of 2026-11-23'. A day whose
 * `hour` is skipped by a clock change opens at the first hour after it.
 */
export function digestPeriods(at: Date, hour: number, timeZone = DEFAULT_DIGEST_TIME_ZONE): { daily: string | null; weekly: string | null } {
  const local = wallClock(at, timeZone);
  const today = new Date(local.day);
  const sinceMonday = (today.getUTCDay() + 6) % 7;
  const monday = new Date(local.day - sinceMonday * DAY_MS);
  const pastHour = local.hour >= hour;
  return {
    daily: pastHour ? ymd(today) : null,
    weekly: sinceMonday > 0 || pastHour ? `week of ${ymd(monday)}` : null,
  };
}

/** A due time as the member reads it: 'Jan 11, 7:00 AM EST' in their zone. */
const when = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone, timeZoneName: 'short' }).format(new Date(iso));

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export interface DigestDeps {
  repo: FollowUpsRepository;
  uow: UnitOfWork;
  jobs: JobQueue;
  mailer: Mailer;
  followUps: Pick<FollowUpsService, 'due'>;
  deals: Pick<DealsService, 'list'>;
  notifications: Pick<NotificationsService, 'list'>;
  publicWebUrl: string;
  /** The hour of the member's day (in their zone; UTC until they choose one) from which digests go out. */
  hour: number;
  now: () => Date;
  log: FastifyBaseLogger;
}

/**
 * The digest email: new deals and their scores, due follow-ups and mentions since the last one,
 * daily or weekly as each member chose, by the day and hour of the member's time zone. Every worker host checks on a timer; a member's digest of
 * a period is claimed by one row (member, period), so however many hosts check, one is queued and
 * one is sent (a retried job sees it already went out).
 */
export function createDigest({ repo, uow, jobs, mailer, followUps, deals, notifications, publicWebUrl, hour, now, log }: DigestDeps) {
  /** The fund's deals that arrived since `since`, newest first. */
  async function newDeals(fundId: string, userId: string, since: Date) {
    const list = await deals.list(fundId, userId, DealListQuerySchema.parse({ sort: '-date', limit: LISTED + 1 }));
    const recent = list.deals.filter((d: Deal) => new Date(d.date) >= since);
    return { deals: recent.slice(0, LISTED), more: recent.length > LISTED };
  }

  async function compose(userId: string, fundId: string, frequency: DigestFrequency, timeZone: string, at: Date) {
    const since = new Date(at.getTime() - (frequency === 'weekly' ? 7 : 1) * DAY_MS);
    const [arrived, due, inbox] = await Promise.all([newDeals(fundId, userId, since), followUps.due(fundId, userId), notifications.list(userId)]);
    const mentions = inbox.notifications.filter((n) => n.type === 'mention' && new Date(n.date) >= since);
    if (!arrived.deals.length && !due.count && !mentions.length) return null;

    const lines: string[] = [`Here is what happened ${frequency === 'weekly' ? 'this past week' : 'since yesterday'}.`, ''];
    lines.push(`New deals (${arrived.deals.length}${arrived.more ? '+' : ''})`);
    if (!arrived.deals.length) lines.push('- None');
    for (const d of arrived.deals) {
      // A deal the member may not see yet (blind first look) says so, as its FitScore cell does.
      const score = d.hidden ? `FitScore ${HIDDEN_UNTIL_VOTE.toLowerCase()}` : d.fitScore === null ? 'not scored yet' : `FitScore ${d.fitScore} (${recommendationOf(d.fitScore).label})`;
      lines.push(`- ${d.startupName}: ${score}`);
    }
    if (arrived.more) lines.push(`- and more in your pipeline: ${publicWebUrl}/vc/pipeline`);
    lines.push('', `Follow-ups due (${due.count})`);
    if (!due.count) lines.push('- None');
    for (const r of due.reminders) lines.push(`- ${r.startupName}: ${r.note || 'follow up'} (due ${when(r.dueAt, timeZone)})`);
    for (const d of due.idle) lines.push(`- ${d.startupName}: no touch in ${plural(d.idleDays, 'day')} (${d.stageName})`);
    lines.push('', `Mentions (${mentions.length})`);
    if (!mentions.length) lines.push('- None');
    for (const m of mentions) lines.push(`- ${m.title}${m.details ? `: "${m.details}"` : ''}`);
    lines.push('', `Open your dashboard: ${publicWebUrl}/vc/dashboard`, `Choose daily, weekly or never in Settings: ${publicWebUrl}/vc/settings`);

    const parts = [
      arrived.deals.length ? plural(arrived.deals.length, 'new deal') : null,
      due.count ? `${plural(due.count, 'follow-up')} due` : null,
      mentions.length ? plural(mentions.length, 'mention') : null,
    ].filter(Boolean);
    return { subject: `Your ${frequency} FitScore digest: ${parts.join(', ')}`, text: lines.join('\n') };
  }

  const sendDigest = defineJob({
    name: 'follow-ups.digest',
    // The zone the period was reckoned in (jobs queued before zones existed have none: UTC).
    payload: z.object({ userId: z.uuid(), fundId: z.uuid(), period: z.string().min(1), frequency: z.enum(DIGEST_FREQUENCIES), timeZone: z.string().optional() }),
    async handler({ userId, fundId, period, frequency, timeZone }) {
      // A retry after the mail went out sends nothing more.
      if (await repo.digestSent(userId, period)) return;
      const to = await repo.recipient(userId);
      const zone = timeZone && isTimeZone(timeZone) ? timeZone : DEFAULT_DIGEST_TIME_ZONE;
      const digest = to && (await compose(userId, fundId, frequency, zone, now()));
      if (to && digest) {
        const greeting = to.name ? `Hello ${to.name},` : 'Hello,';
        await mailer.send({ to: to.email, subject: digest.subject, text: `${greeting}\n\n${digest.text}\n`, link: `${publicWebUrl}/vc/dashboard` });
      }
      // Nothing to tell: the period is done all the same (no empty emails).
      await repo.markDigestSent(userId, period);
    },
  });

  /**
   * The periods open now in UTC (members without a zone) and in each zone members chose; zones
   * whose digest hour has not come this week or day are left out, so their members are not read.
   */
  async function openPeriods(at: Date) {
    const zones = new Set([DEFAULT_DIGEST_TIME_ZONE, ...(await repo.digestZones())]);
    return [...zones].flatMap((zone) => {
      // A zone this runtime no longer knows (its ICU data changed) goes by UTC.
      const periods = digestPeriods(at, hour, isTimeZone(zone) ? zone : DEFAULT_DIGEST_TIME_ZONE);
      return periods.daily || periods.weekly ? [{ zone, ...periods }] : [];
    });
  }

  /** Claims and queues the digests due now, each member by their own zone (each claim and its job in one transaction). */
  async function check() {
    const periods = await openPeriods(now());
    if (!periods.length) return 0;
    let queued = 0;
    for (;;) {
      const due = await repo.digestsToClaim(periods, CLAIM_BATCH);
      for (const d of due) {
        if (!d.period || d.frequency === 'never') continue;
        const period = d.period;
        const frequency = d.frequency;
        await uow.run(async (tx) => {
          if (!(await repo.in(tx).claimDigest(d.userId, period))) return;
          await jobs.send(sendDigest, { userId: d.userId, fundId: d.fundId, period, frequency, timeZone: d.timeZone }, { tx });
          queued++;
        });
      }
      if (due.length < CLAIM_BATCH) return queued;
    }
  }

  /** Checks every `everyMs` until stopped; a failed check is logged and tried again next time. */
  function start(everyMs: number) {
    let running: Promise<unknown> | null = null;
    const tick = () => {
      // One check at a time on this host (another host checking at once is safe: claims are rows).
      running ??= check()
        .catch((err: unknown) => log.error({ err }, 'digest check failed'))
        .finally(() => {
          running = null;
        });
    };
    tick();
    const timer = setInterval(tick, everyMs);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await running;
    };
  }

  return { jobs: [sendDigest], check, start };
}
