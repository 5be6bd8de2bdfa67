import { DealListQuerySchema, DIGEST_FREQUENCIES, recommendationOf, type Deal, type DigestFrequency } from '@fitscore/contracts';
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

/**
 * The periods whose digests may go out at `at`: today's daily one from the digest hour (UTC), and
 * this week's weekly one from Monday at that hour. A period is a key: '2026-11-28', 'week of 2026-11-23'.
 */
export function digestPeriods(at: Date, hourUtc: number): { daily: string | null; weekly: string | null } {
  const dayStart = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  const sendsFrom = dayStart + hourUtc * 3_600_000;
  const monday = new Date(dayStart - ((at.getUTCDay() + 6) % 7) * DAY_MS);
  const weeklyFrom = monday.getTime() + hourUtc * 3_600_000;
  return {
    daily: at.getTime() >= sendsFrom ? ymd(at) : null,
    weekly: at.getTime() >= weeklyFrom ? `week of ${ymd(monday)}` : null,
  };
}

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' }).format(new Date(iso));

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
  hourUtc: number;
  now: () => Date;
  log: FastifyBaseLogger;
}

/**
 * The digest email: new deals and their scores, due follow-ups and mentions since the last one,
 * daily or weekly as each member chose. Every worker host checks on a timer; a member's digest of
 * a period is claimed by one row (member, period), so however many hosts check, one is queued and
 * one is sent (a retried job sees it already went out).
 */
export function createDigest({ repo, uow, jobs, mailer, followUps, deals, notifications, publicWebUrl, hourUtc, now, log }: DigestDeps) {
  /** The fund's deals that arrived since `since`, newest first. */
  async function newDeals(fundId: string, userId: string, since: Date) {
    const list = await deals.list(fundId, userId, DealListQuerySchema.parse({ sort: '-date', limit: LISTED + 1 }));
    const recent = list.deals.filter((d: Deal) => new Date(d.date) >= since);
    return { deals: recent.slice(0, LISTED), more: recent.length > LISTED };
  }

  async function compose(userId: string, fundId: string, frequency: DigestFrequency, at: Date) {
    const since = new Date(at.getTime() - (frequency === 'weekly' ? 7 : 1) * DAY_MS);
    const [arrived, due, inbox] = await Promise.all([newDeals(fundId, userId, since), followUps.due(fundId, userId), notifications.list(userId)]);
    const mentions = inbox.notifications.filter((n) => n.type === 'mention' && new Date(n.date) >= since);
    if (!arrived.deals.length && !due.count && !mentions.length) return null;

    const lines: string[] = [`Here is what happened ${frequency === 'weekly' ? 'this past week' : 'since yesterday'}.`, ''];
    lines.push(`New deals (${arrived.deals.length}${arrived.more ? '+' : ''})`);
    if (!arrived.deals.length) lines.push('- None');
    for (const d of arrived.deals) {
      lines.push(`- ${d.startupName}: ${d.fitScore === null ? 'not scored yet' : `FitScore ${d.fitScore} (${recommendationOf(d.fitScore).label})`}`);
    }
    if (arrived.more) lines.push(`- and more in your pipeline: ${publicWebUrl}/vc/pipeline`);
    lines.push('', `Follow-ups due (${due.count})`);
    if (!due.count) lines.push('- None');
    for (const r of due.reminders) lines.push(`- ${r.startupName}: ${r.note || 'follow up'} (due ${when(r.dueAt)})`);
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
    payload: z.object({ userId: z.uuid(), fundId: z.uuid(), period: z.string().min(1), frequency: z.enum(DIGEST_FREQUENCIES) }),
    async handler({ userId, fundId, period, frequency }) {
      // A retry after the mail went out sends nothing more.
      if (await repo.digestSent(userId, period)) return;
      const to = await repo.recipient(userId);
      const digest = to && (await compose(userId, fundId, frequency, now()));
      if (to && digest) {
        const greeting = to.name ? `Hello ${to.name},` : 'Hello,';
        await mailer.send({ to: to.email, subject: digest.subject, text: `${greeting}\n\n${digest.text}\n`, link: `${publicWebUrl}/vc/dashboard` });
      }
      // Nothing to tell: the period is done all the same (no empty emails).
      await repo.markDigestSent(userId, period);
    },
  });

  /** Claims and queues the digests due now (each claim and its job in one transaction). */
  async function check() {
    const periods = digestPeriods(now(), hourUtc);
    if (!periods.daily && !periods.weekly) return 0;
    let queued = 0;
    for (;;) {
      const due = await repo.digestsToClaim(periods, CLAIM_BATCH);
      for (const d of due) {
        if (!d.period || d.frequency === 'never') continue;
        const period = d.period;
        const frequency = d.frequency;
        await uow.run(async (tx) => {
          if (!(await repo.in(tx).claimDigest(d.userId, period))) return;
          await jobs.send(sendDigest, { userId: d.userId, fundId: d.fundId, period, frequency }, { tx });
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
