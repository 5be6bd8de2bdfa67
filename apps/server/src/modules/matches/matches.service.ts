import {
  GEOGRAPHIES,
  GEOGRAPHY_LABELS,
  INTRO_COOLDOWN_DAYS,
  INTRO_STATUS_LABELS,
  INVESTOR_MATCHES_FEATURE,
  MATCHES_LIMIT,
  formatMoney,
  type FitScoreAnalysis,
  type FounderProfile,
  type Geography,
  type Intro,
  type InvestorMatch,
  type NotificationAction,
  type ThesisFit,
} from '@fitscore/contracts';
import { regionsOf, stageOf, thesisFitOf } from '@fitscore/thesis';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { Transaction, UnitOfWork } from '../../lib/unit-of-work.ts';
import { dealOwner, founderOwner } from '../../lib/scoring-owner.ts';
import { evidenceTags } from '../deals/deal-view.ts';
import type { DealsService } from '../deals/deals.service.ts';
import type { ActionContext, NotificationsService } from '../notifications/notifications.service.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import type { FounderFacts, FundRow, IntroRow, MatchesRepository } from './matches.repository.ts';
import type { ApplicantRepliesService } from '../applicant-replies/applicant-replies.service.ts';
import { suggestDeclineReasons } from './decline-reasons.ts';
import { defineJob } from '../jobs/define-job.ts';
import type { JobQueue } from '../jobs/job-queue.ts';

export const FUND_NOT_FOUND = 'Fund not found';
export const INTRO_NOT_FOUND = 'Intro not found';
export const NEEDS_SCORE = 'Get your FitScore first: the fund sees your score with your request.';
const DAY_MS = 86_400_000;

export const NOTIFY_DECLINES_QUEUE = 'notify-declines';

export interface MatchesServiceDeps {
  repo: MatchesRepository;
  uow: UnitOfWork;
  profiles: Pick<ProfilesService, 'current'>;
  /** Throws plan_limit unless the founder is on Premium (billing). */
  assertPremium: (userId: string, featureName: string) => Promise<void>;
  notifications: Pick<NotificationsService, 'notifyFund'>;
  deals: Pick<DealsService, 'changeStatus' | 'scored' | 'detail' | 'arrive' | 'carryDeck'>;
  /** Emails the reasons of a decline to the deal's applicants by form or email. */
  replies: Pick<ApplicantRepliesService, 'declined'>;
  jobs: Pick<JobQueue, 'send'>;
  now?: () => Date;
}

interface ApprovedIntro {
  dealId: string;
  /** The company was already in the pipeline: the intro became a new source on that deal. */
  merged: boolean;
  /** The founder's deck the shared score came from (null: their current deck). */
  deckId: string | null;
  /** The new deal's copy of the founder's analysis (null when merged). */
  scoreId: string | null;
}

const joinList = (list: string[]) => list.join(', ');
const geoLabels = (codes: string[]) => codes.map((g) => GEOGRAPHY_LABELS[g as Geography] ?? g);

function ticketRange(fund: FundRow) {
  const { ticketSizeMin: min, ticketSizeMax: max } = fund;
  if (min !== null && max !== null) return `${formatMoney(min)}–${formatMoney(max)}`;
  if (min !== null) return `from ${formatMoney(min)}`;
  return `up to ${formatMoney(max ?? 0)}`;
}

/**
 * Why a fund matches and what does not fit, from the same four parts the ranking counts. Told to
 * the founder ('your round') or, in a warm-intro notification, to the fund ('their round').
 */
export function explainFit(fund: FundRow, fit: ThesisFit, profile: FounderProfile, reader: 'founder' | 'fund' = 'founder') {
  const your = reader === 'founder' ? 'your' : 'their';
  const reasons: string[] = [];
  const mismatches: string[] = [];
  const sectorText = fund.sectors.includes('Agnostic') ? 'sector-agnostic' : joinList(fund.sectors);
  if (fit.sector) reasons.push(fund.sectors.includes('Agnostic') ? 'Invests in any sector' : `Invests in ${profile.industry}`);
  else mismatches.push(`Sector: invests in ${sectorText || 'other sectors'}, not ${profile.industry}`);
  if (fit.stage) reasons.push(`Backs ${profile.stage} companies`);
  else if (fit.stage === false) mismatches.push(`Stage: backs ${joinList(fund.stages) || 'other stages'}, not ${profile.stage}`);
  else mismatches.push(`Stage unknown: ${your} profile gives no stage`);
  const regions = geoLabels(fund.geography);
  if (fit.geography) reasons.push(fund.geography.includes('GLOBAL') ? 'Invests globally' : `Invests in ${joinList(regions)}`);
  else if (fit.geography === false) mismatches.push(`Geography: invests in ${joinList(regions) || 'other regions'}, not ${profile.hq_geo}`);
  else mismatches.push(`Geography unknown: we could not place '${profile.hq_geo}' (a city or country reads best)`);
  const round = formatMoney(profile.round_target_amount);
  if (fit.ticket === true) reasons.push(`Ticket ${ticketRange(fund)} suits ${your} ${round} round`);
  else if (fit.ticket === false) mismatches.push(`Ticket: ${ticketRange(fund)} does not suit ${your} ${round} round`);
  return { reasons, mismatches };
}

/** The places a founder gives: where the company is and where it sells. */
const placesOf = (profile: FounderProfile) => [profile.hq_geo, profile.target_geo];

/**
 * How the company fits one fund's thesis, read exactly as the fund's side reads its deals
 * (@fitscore/thesis): what the founder sees is what the fund sees.
 */
function thesisFitFor(fund: FundRow, profile: FounderProfile, ticket: boolean | null): ThesisFit {
  const fit = thesisFitOf(fund, { sector: profile.industry, stage: profile.stage ?? '', places: placesOf(profile) });
  return { sector: fit.sector, stage: fit.stage, geography: fit.geography, ticket };
}

function factsOf(userId: string, profile: FounderProfile): FounderFacts {
  const { regions } = regionsOf(...placesOf(profile));
  return {
    userId,
    industry: profile.industry,
    stage: stageOf(profile.stage ?? '') ?? '',
    // A company that sells everywhere is in every fund's region, as thesisFitOf reads it.
    regions: regions.includes('GLOBAL') ? [...GEOGRAPHIES] : regions,
    roundTargetAmount: profile.round_target_amount,
  };
}

/** Investor matches, warm-intro requests and their outcomes, and the reasons a fund gives for a no. */
export function createMatchesService({ repo, uow, profiles, assertPremium, notifications, deals, replies, jobs, now = () => new Date() }: MatchesServiceDeps) {
  async function introView(founderUserId: string, introId: string): Promise<Intro> {
    const [row] = await repo.foundersIntros(founderUserId, introId);
    if (!row) throw new AppError('not_found', INTRO_NOT_FOUND);
    return toIntro(row);
  }

  function toIntro(row: Awaited<ReturnType<MatchesRepository['foundersIntros']>>[number]): Intro {
    const { intro } = row;
    return {
      id: intro.id,
      fundId: intro.fundId,
      fundName: row.fundName,
      status: intro.status,
      note: intro.note,
      requestedAt: intro.createdAt.toISOString(),
      decidedAt: intro.decidedAt?.toISOString() ?? null,
      question: intro.question,
      answer: intro.answer,
      contact:
        intro.status === 'accepted' || (intro.status === 'declined' && intro.dealId)
          ? { name: row.deciderName ?? '', email: row.deciderEmail ?? '', website: row.fundWebsite }
          : null,
      declineReasons: intro.status === 'declined' ? (row.declineReasons ?? []) : [],
    };
  }

  /**
   * Approve: the company lands in the fund's pipeline like an arrival on any channel (issue 29
   * point 3): the same company or deck as a deal the fund has becomes a new 'platform' source on
   * it; otherwise a new platform deal with a copy of the founder's analysis, scored under the
   * fund's weights. The founder's deck is carried to the deal once the transaction commits.
   */
  async function approve(intro: IntroRow, profile: FounderProfile | null, userId: string, tx: Transaction): Promise<ApprovedIntro> {
    const r = repo.in(tx);
    const score = await r.latestScore(intro.founderUserId);
    const email = await r.founderEmail(intro.founderUserId);
    if (!profile || !score) throw new AppError('conflict', 'The founder has no current FitScore to share; ask them to score their deck again.');
    const [ranked] = await r.rankFunds(factsOf(intro.founderUserId, profile), { limit: 1, fundId: intro.fundId });
    const fund = ranked?.fund;
    const fit = fund ? thesisFitOf(fund, { sector: profile.industry, stage: profile.stage ?? '', places: [profile.hq_geo] }) : null;
    const thesis = { sector: fit?.sector ?? false, stage: fit?.stage ?? null, geography: fit?.geography ?? null };
    const analysis = score.analysis as FitScoreAnalysis;
    const { regions } = regionsOf(profile.hq_geo);
    const arrived = await deals.arrive(
      {
        fundId: intro.fundId,
        companyName: profile.startup_name,
        website: profile.website ?? '',
        contactEmail: email,
        oneLiner: profile.one_liner,
        sector: profile.industry,
        stage: profile.stage ?? '',
        geography: regions[0] ?? profile.hq_geo,
        deckHash: await r.founderDeckHash(intro.founderUserId, score.deckId),
        deckLink: null,
        scored: false,
        source: { channel: 'platform', receivedAt: now(), intakeItemId: null, note: intro.note },
        extra: {
          region: fit?.region ?? '',
          fitSector: thesis.sector,
          fitStage: thesis.stage,
          fitGeography: thesis.geography,
          fitTicket: ranked?.fitTicket ?? null,
          confidence: analysis.confidence?.level ?? 'Low',
          tags: Array.isArray(analysis.facts) ? evidenceTags(analysis, thesis) : [],
        },
      },
      tx,
    );
    if (arrived.outcome === 'refused') throw new AppError('plan_limit', arrived.reason);
    let scoreId: string | null = null;
    if (arrived.outcome === 'created') {
      scoreId = await r.copyScoreToDeal(arrived.dealId, score);
      await deals.scored(dealOwner(arrived.dealId), { id: scoreId, analysis: score.analysis }, tx);
    }
    await r.updateIntro(intro.id, { status: 'accepted', decidedByUserId: userId, dealId: arrived.dealId, decided: true });
    return { dealId: arrived.dealId, merged: arrived.outcome === 'merged', deckId: score.deckId, scoreId };
  }

  /** The applicants of declined deals are emailed the reasons, by a job the decline queued. */
  const notifyDeclines = defineJob({
    name: NOTIFY_DECLINES_QUEUE,
    payload: z.object({ fundId: z.uuid(), dealIds: z.array(z.uuid()).min(1), reasons: z.array(z.string()) }),
    async handler({ fundId, dealIds, reasons }) {
      await replies.declined(fundId, dealIds, reasons, await repo.introFounderEmails(dealIds));
    },
    options: { retryLimit: 5, retryDelaySeconds: 30 },
  });

  /**
   * A decline's part in the deals module's one status change, a deal's or a bulk selection's: the
   * reasons recorded and the applicants' emails queued in its transaction, so they exist exactly
   * when the move to Cold does, and the answer never waits for them (a bulk Cold of 1,000 deals).
   */
  const declines = {
    async record(tx: Transaction, fundId: string, dealIds: string[], userId: string, reasons: string[]) {
      if (!dealIds.length) return;
      const unique = [...new Set(reasons)];
      await repo.in(tx).recordDecline(dealIds, userId, unique);
      await jobs.send(notifyDeclines, { fundId, dealIds, reasons: unique }, { tx });
    },
    /** An undone bulk decline: the reasons withdrawn (the emails already due are not recalled). */
    withdraw: (tx: Transaction, dealIds: string[]) => repo.in(tx).withdrawDecline(dealIds),
  };

  return {
    jobs: [notifyDeclines],

    async matches(userId: string): Promise<{ matches: InvestorMatch[]; profileMissing: boolean }> {
      await assertPremium(userId, INVESTOR_MATCHES_FEATURE);
      const profile = await profiles.current(userId);
      if (!profile) return { matches: [], profileMissing: true };
      const [ranked, intros] = await Promise.all([repo.rankFunds(factsOf(userId, profile), { limit: MATCHES_LIMIT }), repo.latestIntros(userId)]);
      const introOf = new Map(intros.map((i) => [i.fundId, i]));
      return {
        profileMissing: false,
        matches: ranked.map((row) => {
          const thesisFit = thesisFitFor(row.fund, profile, row.fitTicket);
          const intro = introOf.get(row.fund.id);
          return {
            fundId: row.fund.id,
            fundName: row.fund.fundName,
            fitScore: row.fitScore,
            thesisFit,
            ...explainFit(row.fund, thesisFit, profile),
            intro: intro ? { id: intro.id, status: intro.status, requestedAt: intro.createdAt.toISOString() } : null,
          };
        }),
      };
    },

    /** One request per fund per 30 days; the fund's members get a warm-intro notification. */
    async requestIntro(userId: string, fundId: string, note: string) {
      await assertPremium(userId, INVESTOR_MATCHES_FEATURE);
      const profile = await profiles.current(userId);
      if (!profile) throw new AppError('conflict', 'Please complete your profile first');
      const fund = await repo.fund(fundId);
      if (!fund) throw new AppError('not_found', FUND_NOT_FOUND);
      const score = await repo.latestScore(userId);
      if (!score) throw new AppError('conflict', NEEDS_SCORE);
      const [ranked] = await repo.rankFunds(factsOf(userId, profile), { limit: 1, fundId });
      const fitScore = ranked?.fitScore ?? null;
      const intro = await uow.run(async (tx) => {
        const r = repo.in(tx);
        await r.lockFounderFund(userId, fundId);
        const since = new Date(now().getTime() - INTRO_COOLDOWN_DAYS * DAY_MS);
        const recent = await r.recentIntro(userId, fundId, since);
        if (recent) {
          const next = new Date(recent.createdAt.getTime() + INTRO_COOLDOWN_DAYS * DAY_MS).toISOString().slice(0, 10);
          throw new AppError('conflict', `You asked ${fund.fundName} for an intro in the last ${INTRO_COOLDOWN_DAYS} days. You can ask again on ${next}.`);
        }
        const created = await r.insertIntro({ founderUserId: userId, fundId, note });
        const thesis = ranked ? explainFit(fund, thesisFitFor(fund, profile, ranked.fitTicket), profile, 'fund') : { reasons: [] };
        await notifications.notifyFund(
          fundId,
          {
            type: 'warmintro',
            title: `${profile.startup_name} asks for an intro`,
            reason: [
              [profile.industry, profile.stage, profile.hq_geo].filter(Boolean).join(' · '),
              ...(fitScore !== null ? [`FitScore ${fitScore} under your weights`] : []),
              ...thesis.reasons,
            ],
            details: note || profile.one_liner,
            dealId: null,
            introId: created.id,
          },
          tx,
        );
        return created;
      });
      return { intro: { id: intro.id, status: intro.status } };
    },

    async intros(userId: string) {
      const rows = await repo.foundersIntros(userId);
      return { intros: rows.map(toIntro) };
    },

    /** The founder answers the fund's question, once; the fund's members are told. */
    async answer(userId: string, introId: string, answer: string) {
      const profile = await profiles.current(userId);
      await uow.run(async (tx) => {
        const r = repo.in(tx);
        const intro = await r.lockFoundersIntro(userId, introId);
        if (!intro) throw new AppError('not_found', INTRO_NOT_FOUND);
        if (intro.status === 'answered') throw new AppError('conflict', 'You have already answered this question.');
        if (intro.status !== 'moreinfo') throw new AppError('conflict', 'The fund has not asked you a question.');
        await r.updateIntro(intro.id, { status: 'answered', answer });
        const startup = profile?.startup_name ?? 'The founder';
        await notifications.notifyFund(
          intro.fundId,
          {
            type: 'warmintro',
            title: `${startup} answered your question`,
            reason: intro.question ? [`You asked: ${intro.question}`] : [],
            details: answer,
            dealId: null,
            introId: intro.id,
          },
          tx,
        );
      });
      return { intro: await introView(userId, introId) };
    },

    /** A warm intro's actions, for the notifications module: approve, ask for more info, dismiss. */
    async decideIntro(action: NotificationAction, { fundId, userId, notification, question }: ActionContext) {
      if (!notification.introId) throw new AppError('not_found', INTRO_NOT_FOUND);
      const seen = await repo.introOfFund(fundId, notification.introId);
      if (!seen) throw new AppError('not_found', INTRO_NOT_FOUND);
      // Read before the transaction: statements outside it would wait for it on a one-connection database.
      const profile = action === 'approve' ? await profiles.current(seen.founderUserId) : null;
      const decided = await uow.run(async (tx) => {
        const r = repo.in(tx);
        const intro = await r.lockIntro(fundId, notification.introId!);
        if (!intro) throw new AppError('not_found', INTRO_NOT_FOUND);
        const open = intro.status === 'pending' || intro.status === 'moreinfo' || intro.status === 'answered';
        if (!open) throw new AppError('conflict', `This intro is already closed (${INTRO_STATUS_LABELS[intro.status]}).`);
        if (action === 'approve') return { ...(await approve(intro, profile, userId, tx)), founderUserId: intro.founderUserId };
        if (action === 'moreinfo') {
          if (intro.status !== 'pending') throw new AppError('conflict', 'The founder was already asked for more information; approve or dismiss the intro.');
          const asked = question?.trim() || 'Could you tell us more about your company?';
          await r.updateIntro(intro.id, { status: 'moreinfo', question: asked, decidedByUserId: userId, decided: true });
        } else {
          await r.updateIntro(intro.id, { status: 'dismissed', decidedByUserId: userId, decided: true });
        }
        return null;
      });
      if (!decided) return { dealId: null, outcome: action === 'moreinfo' ? 'Asked the founder for more information' : 'Dismissed' };
      // The founder's deck goes with the company (the deal page shows the pages its evidence cites);
      // a new deck on a deal already in the pipeline is scored like any channel's.
      const carried = await deals.carryDeck(decided.dealId, founderOwner(decided.founderUserId), decided.deckId, { score: decided.merged });
      // The copied analysis cites the pages of the deck the deal now holds.
      if (carried && decided.scoreId) await repo.linkScoreDeck(decided.scoreId, carried);
      return {
        dealId: decided.dealId,
        outcome: decided.merged ? 'Approved: already in your pipeline, added as another source' : 'Approved: added to your pipeline',
      };
    },

    /**
     * Cold with reasons: the deal moves (with the internal note in its history); the founder sees the
     * reasons only, in the app ('Where your deck went') and by email: applicants by form or email at
     * the address they applied from, platform founders at their account's (never the note).
     */
    async decline(fundId: string | null, userId: string, dealId: string, body: { reasons: string[]; note: string }) {
      const reasons = [...new Set(body.reasons)];
      // The reasons are part of the status change: recorded in its transaction, or not at all.
      await deals.changeStatus(fundId, userId, dealId, { status: 'cold', note: body.note }, (tx) => declines.record(tx, fundId!, [dealId], userId, reasons));
      return { ok: true as const, reasons };
    },

    /** The reasons the fund last gave for passing on its deal, and when (null: it never passed with reasons). */
    async lastDecline(fundId: string | null, dealId: string) {
      await deals.detail(fundId, dealId, null);
      return repo.declineOf(dealId);
    },

    /** A bulk decline's part (issue 31 point 3), the same as a deal's. */
    bulkDecline: declines,

    /** What the Cold dialog offers (prefilled): thesis mismatches and weak sub-scores of the fund's own deal. */
    async declineReasons(fundId: string | null, userId: string, dealId: string) {
      // As the member may see the deal: before their own view in a blind stage, no weak sub-score.
      const { deal, analysis } = await deals.detail(fundId, dealId, userId);
      return { reasons: suggestDeclineReasons({ deal, analysis }) };
    },
  };
}
export type MatchesService = ReturnType<typeof createMatchesService>;
