import { DEFAULT_SHOW_UNDER_REVIEW, type FounderOutreach, type OutreachChannel, type OutreachRow, type OutreachSettings, type OutreachStatus } from '@fitscore/contracts';
import type { FounderOutreachRepository, OutreachSettingsRow } from './founder-outreach.repository.ts';

type DealRow = Awaited<ReturnType<FounderOutreachRepository['dealsByIds']>>[number];
type IntroRow = Awaited<ReturnType<FounderOutreachRepository['introsOf']>>[number];

/** One attempt of the company at one fund: a deal (from any of its arrivals) or an intro the fund has not turned into one. */
interface Thread {
  fundId: string;
  dealId: string | null;
  arrivals: { channel: OutreachChannel; at: Date }[];
  intro: IntroRow | null;
}

interface Shared {
  status: OutreachStatus;
  declineReasons: string[];
  decidedAt: Date | null;
}

const settingsOf = (row: OutreachSettingsRow | undefined): OutreachSettings => ({
  showUnderReview: row?.showUnderReview ?? DEFAULT_SHOW_UNDER_REVIEW,
  updatedAt: row?.updatedAt.toISOString() ?? null,
});

/**
 * What the fund shares of one attempt. A deal in Cold is 'passed' with the reasons the fund sent
 * (once its delay, the window to undo, has run out); an accepted intro says so; a deal the fund has
 * triaged or opened is 'under review' if the fund shows that, else 'received'. Never the fund's
 * score, votes or notes: they are not read.
 */
function sharedOf(thread: Thread, deal: DealRow | undefined, declinePending: boolean, showUnderReview: boolean): Shared {
  const reviewing: OutreachStatus = showUnderReview ? 'under_review' : 'received';
  const intro = thread.intro;
  if (deal) {
    if (deal.status === 'cold' && !declinePending) {
      return { status: 'passed', declineReasons: deal.declineReasons ?? [], decidedAt: deal.declinedAt ?? deal.movedToColdAt };
    }
    if (intro?.status === 'accepted') return { status: 'intro_accepted', declineReasons: [], decidedAt: intro.decidedAt };
    const started = deal.status !== 'new' || deal.reviewedAt !== null;
    return { status: started ? reviewing : 'received', declineReasons: [], decidedAt: null };
  }
  // An intro with no deal: asked, being discussed, dismissed (or accepted, its deal since deleted).
  switch (intro?.status) {
    case 'accepted':
      return { status: 'intro_accepted', declineReasons: [], decidedAt: intro.decidedAt };
    case 'dismissed':
    case 'declined':
      return { status: 'passed', declineReasons: [], decidedAt: intro.decidedAt };
    case 'moreinfo':
    case 'answered':
      return { status: reviewing, declineReasons: [], decidedAt: null };
    default:
      return { status: 'received', declineReasons: [], decidedAt: null };
  }
}

const firstAt = (t: Thread) => Math.min(...t.arrivals.map((a) => a.at.getTime()));

export function createFounderOutreachService({ repo, now = () => new Date() }: { repo: FounderOutreachRepository; now?: () => Date }) {
  return {
    /**
     * Every fund the company reached: applications by form or email from the account's verified
     * address, and the founder's intros. One row per fund, showing its latest attempt.
     */
    async list(userId: string): Promise<FounderOutreach> {
      const founder = await repo.founder(userId);
      const email = (founder?.email ?? '').toLowerCase();
      const verified = Boolean(founder?.verifiedAt);
      const [applications, introRows] = await Promise.all([verified ? repo.applicationsFrom(email) : [], repo.introsOf(userId)]);

      const threads = new Map<string, Thread>();
      const threadOf = (fundId: string, dealId: string | null, key: string) => {
        let t = threads.get(key);
        if (!t) threads.set(key, (t = { fundId, dealId, arrivals: [], intro: null }));
        return t;
      };
      for (const a of applications) threadOf(a.fundId, a.dealId, `deal:${a.dealId}`).arrivals.push({ channel: a.channel as OutreachChannel, at: a.receivedAt });
      // Newest first: a fund's latest intro is the one shown when several reached it without a deal.
      for (const i of introRows) {
        const key = i.dealId ? `deal:${i.dealId}` : `intro:${i.fundId}`;
        if (!i.dealId && threads.has(key)) continue;
        const t = threadOf(i.fundId, i.dealId, key);
        t.arrivals.push({ channel: 'platform', at: i.createdAt });
        t.intro ??= i;
      }

      const dealIds = [...threads.values()].flatMap((t) => (t.dealId ? [t.dealId] : []));
      const fundIds = [...new Set([...threads.values()].map((t) => t.fundId))];
      const [dealRows, scheduled, fundRows] = await Promise.all([repo.dealsByIds(dealIds), repo.declinesScheduled(dealIds), repo.fundsByIds(fundIds)]);
      const dealById = new Map(dealRows.map((d) => [d.id, d]));
      // A decline is pending while its email waits for the fund's delay. The clock is read after the
      // reads: a decline email queued with no delay while they ran is due already, not pending.
      const at = now();
      const pendingIds = new Set(scheduled.filter((r) => r.dueAt > at).map((r) => r.dealId));
      const fundById = new Map(fundRows.map((f) => [f.id, f]));

      // A fund's row is its latest attempt; the channels are every way the company reached it.
      const byFund = new Map<string, Thread[]>();
      for (const t of threads.values()) byFund.set(t.fundId, [...(byFund.get(t.fundId) ?? []), t]);
      const rows: OutreachRow[] = [];
      for (const [fundId, list] of byFund) {
        const fund = fundById.get(fundId);
        if (!fund) continue;
        const latest = list.reduce((a, b) => (firstAt(b) > firstAt(a) ? b : a));
        const deal = latest.dealId ? dealById.get(latest.dealId) : undefined;
        const shared = sharedOf(latest, deal, latest.dealId ? pendingIds.has(latest.dealId) : false, fund.showUnderReview ?? DEFAULT_SHOW_UNDER_REVIEW);
        const channels = [...new Set(list.flatMap((t) => t.arrivals).sort((a, b) => a.at.getTime() - b.at.getTime()).map((a) => a.channel))];
        rows.push({
          fundId,
          fundName: fund.fundName || 'Unnamed fund',
          channels,
          sentAt: new Date(firstAt(latest)).toISOString(),
          status: shared.status,
          declineReasons: shared.declineReasons,
          decidedAt: shared.decidedAt?.toISOString() ?? null,
        });
      }
      rows.sort((a, b) => Date.parse(b.sentAt) - Date.parse(a.sentAt));
      return { funds: rows, emailVerified: verified, email };
    },

    settings: async (fundId: string) => settingsOf(await repo.settings(fundId)),

    save: async (fundId: string, userId: string, showUnderReview: boolean) => settingsOf(await repo.saveSettings(fundId, userId, showUnderReview)),
  };
}
export type FounderOutreachService = ReturnType<typeof createFounderOutreachService>;
