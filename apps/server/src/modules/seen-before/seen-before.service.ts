import { compareAnalyses, returnedAt, type FitScoreAnalysis, type SeenBefore } from '@fitscore/contracts';
import { weightedScore } from '@fitscore/deck-analysis';
import { dealOwner } from '../../lib/scoring-owner.ts';
import type { CollabService } from '../collab/collab.service.ts';
import type { DecksService } from '../decks/decks.service.ts';
import type { DealsService } from '../deals/deals.service.ts';
import type { MatchesService } from '../matches/matches.service.ts';
import type { ScoringService } from '../scoring/scoring.service.ts';

export interface SeenBeforeDeps {
  deals: Pick<DealsService, 'detail' | 'weights'>;
  decks: Pick<DecksService, 'list' | 'current'>;
  scoring: Pick<ScoringService, 'scoresOfDecks'>;
  collab: Pick<CollabService, 'list'>;
  matches: Pick<MatchesService, 'lastDecline'>;
}

/** A decline's reasons belong to the Cold decision recorded in the same change (within this much). */
const SAME_CHANGE_MS = 60_000;

/**
 * What the fund saw and decided before a company came back (issue 31 point 6): read from the
 * modules that own each part (the deal and its decisions, its decks and their scores, the
 * comments, the reasons of a pass), cut at the moment it came back.
 */
export function createSeenBeforeService({ deals, decks, scoring, collab, matches }: SeenBeforeDeps) {
  return {
    async of(fundId: string | null, userId: string, dealId: string): Promise<SeenBefore> {
      const { deal, history } = await deals.detail(fundId, dealId, userId);
      const arrivals = deal.sources.map((s) => ({ channel: s.channel, receivedAt: s.receivedAt }));
      const back = returnedAt(deal.sources);
      const nothing = { earlierDecks: [], changes: null, decisions: [], comments: [] };
      if (!back) return { returnedAt: null, hidden: false, arrivals, ...nothing };
      // Blind first look: the earlier scores, decisions and comments wait for the member's own view.
      if (deal.hidden) return { returnedAt: back, hidden: true, arrivals, ...nothing };
      const cut = Date.parse(back);
      const before = (at: Date | string) => (typeof at === 'string' ? Date.parse(at) : at.getTime()) < cut;

      const owner = dealOwner(dealId);
      const [all, current, weights, { comments }, decline] = await Promise.all([
        decks.list(owner),
        decks.current(owner),
        deals.weights(fundId),
        collab.list(fundId, userId, dealId),
        matches.lastDecline(fundId, dealId),
      ]);
      const scores = await scoring.scoresOfDecks(owner, all.map((d) => d.id));
      const fitScoreOf = (deckId: string) => {
        const score = scores.get(deckId);
        return score ? weightedScore(score.analysis as FitScoreAnalysis, weights).overall : null;
      };
      const earlier = all.filter((d) => before(d.createdAt)).sort((a, b) => a.version - b.version);

      // What changed: from the last scored deck it sent before, to the deck it came back with.
      const lastScored = [...earlier].reverse().find((d) => scores.has(d.id));
      const now = current && current.id !== lastScored?.id ? scores.get(current.id) : undefined;
      const then = lastScored && scores.get(lastScored.id);
      const changes = then && now && current && lastScored
        ? {
            engineDiffers: then.engineVersion !== now.engineVersion,
            ...compareAnalyses(then.analysis as FitScoreAnalysis, now.analysis as FitScoreAnalysis),
            fromVersion: lastScored.version,
            toVersion: current.version,
            fromFitScore: fitScoreOf(lastScored.id)!,
            toFitScore: fitScoreOf(current.id)!,
          }
        : null;

      const decisions = history.filter((h) => before(h.at)).map((h) => ({ ...h, reasons: [] as string[] }));
      if (decline && before(decline.at)) {
        const cold = [...decisions].reverse().find((d) => d.to === 'cold' && Math.abs(Date.parse(d.at) - decline.at.getTime()) <= SAME_CHANGE_MS);
        if (cold) cold.reasons = decline.reasons;
      }

      return {
        returnedAt: back,
        hidden: false,
        arrivals,
        earlierDecks: earlier.map((d) => ({ id: d.id, version: d.version, filename: d.filename, uploadedAt: d.createdAt.toISOString(), fitScore: fitScoreOf(d.id) })),
        changes,
        decisions,
        comments: comments.filter((c) => before(c.createdAt)),
      };
    },
  };
}
export type SeenBeforeService = ReturnType<typeof createSeenBeforeService>;
