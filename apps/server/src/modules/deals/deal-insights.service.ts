import { DEAL_SOURCES, TRIAL_SCORING_REFUSED, type DealWeeks, type DecisionTime } from '@fitscore/contracts';
import { AppError } from '../../lib/app-error.ts';
import { dealOwner } from '../../lib/scoring-owner.ts';
import type { DeckPageImages } from '../decks/deck-page-images.service.ts';
import type { DecksService } from '../decks/decks.service.ts';
import type { ScoringService } from '../scoring/scoring.service.ts';
import type { DealInsightsRepository } from './deal-insights.repository.ts';
import { DEAL_NOT_FOUND, type DealsService } from './deals.service.ts';

export interface DealInsightsDeps {
  repo: DealInsightsRepository;
  decks: DecksService;
  pageImages: DeckPageImages;
  deals: Pick<DealsService, 'detail' | 'list'>;
  scoring: Pick<ScoringService, 'start'>;
  now?: () => Date;
}

const DAY_MS = 86_400_000;

/** Monday 00:00 UTC of the week `at` falls in. */
function mondayOf(at: Date): Date {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
}

export interface DeckPageAnswer {
  png: Uint8Array | null;
  /** Same deck, page and drawing: same bytes. */
  etag: string;
}

/** The dashboard's chart and scoring retry, and the deal page's deck viewer (PDF pages, .pptx slides), scoped to the caller's fund. */
export function createDealInsightsService({ repo, decks, pageImages, deals, scoring, now = () => new Date() }: DealInsightsDeps) {
  return {
    /** The fund's median days to a decision (ADR 0025), to one decimal; null before the first. */
    async decisionTime(fundId: string | null): Promise<DecisionTime> {
      if (!fundId) return { medianDays: null, decisions: 0 };
      const { median, decisions } = await repo.decisionTime(fundId);
      // Never below zero: a clock step between two servers must not show a negative wait.
      return { medianDays: median === null ? null : Math.max(0, Math.round(median * 10) / 10), decisions };
    },

    async weekly(fundId: string | null, weeks: number): Promise<DealWeeks> {
      const first = new Date(mondayOf(now()).getTime() - (weeks - 1) * 7 * DAY_MS);
      const rows = fundId ? await repo.weekly(fundId, first) : [];
      return {
        weeks: Array.from({ length: weeks }, (_, i) => {
          const start = new Date(first.getTime() + i * 7 * DAY_MS).toISOString().slice(0, 10);
          const bySource = Object.fromEntries(DEAL_SOURCES.map((s) => [s, 0])) as Record<(typeof DEAL_SOURCES)[number], number>;
          for (const r of rows) if (r.week === start) bySource[r.source] += r.n;
          return { start, total: Object.values(bySource).reduce((a, b) => a + b, 0), bySource };
        }),
      };
    },

    /** A deal whose deck could not be read is scored again (on the trial, only while scores remain). */
    async retryScoring(fundId: string | null, userId: string, dealId: string) {
      const { deal } = await deals.detail(fundId, dealId, null);
      if (deal.scoring.state !== 'failed') throw new AppError('conflict', 'This deal is not waiting for a retry.');
      await scoring.start(dealOwner(dealId), {
        admit: async () => {
          const { plan } = await deals.list(fundId, null, { sort: '-date', limit: 1 });
          if (plan.name === 'trial' && plan.trialRemaining === 0) throw new AppError('plan_limit', TRIAL_SCORING_REFUSED);
        },
      });
      return { deal: (await deals.detail(fundId, dealId, userId)).deal };
    },

    /**
     * Page `n` (1-based) of the deck the deal was scored from (its current deck before a score),
     * drawn once and kept in the blob store under the deck's id: a deck never changes once stored.
     * `ifNoneMatch` that matches answers without bytes (304).
     */
    async deckPage(fundId: string | null, dealId: string, n: string, ifNoneMatch?: string): Promise<DeckPageAnswer> {
      const deal = fundId ? await repo.scoredDeckOf(fundId, dealId) : undefined;
      if (!deal) throw new AppError('not_found', DEAL_NOT_FOUND);
      const owner = dealOwner(dealId);
      const deck = deal.deckId ? (await decks.read(owner, deal.deckId)).deck : await decks.current(owner);
      if (!deck) throw new AppError('not_found', 'This deal has no deck');
      const page = pageImages.pageNumber(n);
      const etag = pageImages.etag(deck, page);
      if (ifNoneMatch?.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return { png: null, etag };
      return { png: await pageImages.png(deck, async () => (await decks.read(owner, deck.id)).bytes, page), etag };
    },
  };
}
export type DealInsightsService = ReturnType<typeof createDealInsightsService>;
