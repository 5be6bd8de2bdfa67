import { STRONG_MATCH_AT, STRONG_MATCH_TAG, type Deal, type FitScoreAnalysis } from '@fitscore/contracts';
import { thesisFitOf } from '@fitscore/thesis';
import type { DealRow, FundRowForDeals } from './deals.repository.ts';

/**
 * The scoring state of a deal from its newest run. A deal without one is done when it holds a
 * score all the same (an approved intro's, copied from the founder's analysis), queued otherwise,
 * unless its deck came only as a link that is not downloaded: then nothing will be scored until a
 * deck is uploaded, and it says so with the link.
 */
function scoringOf({ scoringStatus, scoringError, arrivals, scoreId, source }: DealRow['deal']): Deal['scoring'] {
  if (!scoringStatus) {
    if (scoreId) return { state: 'done' };
    const deckLink = arrivals.find((s) => s.deckLink)?.deckLink;
    if (deckLink) return { state: 'deck_link', deckLink };
    // An imported deal has no deck until one is fetched from its deck URL or uploaded.
    return source === 'import' ? { state: 'no_deck' } : { state: 'queued' };
  }
  return scoringStatus === 'failed' && scoringError ? { state: 'failed', error: scoringError } : { state: scoringStatus };
}

/** The tags a deal's analysis gave it (evidenceTags): hidden with its score. */
const REVENUE_TAG = 'Revenue';
const REPEAT_FOUNDERS_TAG = 'Repeat founders';
const SCORE_TAGS = new Set([REVENUE_TAG, REPEAT_FOUNDERS_TAG]);

/**
 * A deal as every answer shows it: 'Strong match' follows the current FitScore, the rest is evidence.
 * `sources` are its intake arrivals; a deal that came in another way (an upload) has its own one.
 * `hidden` (blind first look, for a member who has not voted on it yet): no FitScore, confidence or
 * tag read from its analysis.
 */
export function toDeal({ deal, ownerName }: DealRow, hidden = false): Deal {
  const strong = deal.fitScore !== null && deal.fitScore >= STRONG_MATCH_AT;
  const tags = strong ? [STRONG_MATCH_TAG, ...deal.tags] : deal.tags;
  const seen = hidden ? { fitScore: null, confidence: null, tags: tags.filter((t) => t !== STRONG_MATCH_TAG && !SCORE_TAGS.has(t)), hidden: true } : { fitScore: deal.fitScore, confidence: deal.confidence, tags };
  return {
    id: deal.id,
    startupName: deal.startupName,
    sector: deal.sector,
    stage: deal.stage,
    geography: deal.geography,
    source: deal.source,
    status: deal.status,
    date: deal.createdAt.toISOString(),
    owner: deal.ownerUserId ? { id: deal.ownerUserId, name: ownerName ?? '' } : null,
    website: deal.website,
    contactEmail: deal.contactEmail,
    oneLiner: deal.oneLiner,
    reviewedAt: deal.reviewedAt?.toISOString() ?? null,
    scoredAt: deal.scoredAt?.toISOString() ?? null,
    thesisFit: { sector: deal.fitSector, stage: deal.fitStage, geography: deal.fitGeography, ticket: deal.fitTicket },
    scoring: scoringOf(deal),
    sources: deal.arrivals.length ? deal.arrivals : [{ channel: deal.source, receivedAt: deal.createdAt.toISOString(), deckLink: null, note: '' }],
    factsFromDeck: deal.factsFromDeck,
    pipelineStageId: deal.pipelineStageId,
    ...seen,
  };
}

/**
 * Evidence tags that say why a row scores as it does: revenue found in the deck, founders
 * who exited before, and which parts of the fund's thesis the deal matches.
 */
export function evidenceTags(analysis: FitScoreAnalysis, thesis: { sector: boolean; stage: boolean | null; geography: boolean | null }): string[] {
  const kinds = new Set(analysis.facts.map((f) => f.kind));
  const tags: string[] = [];
  if (kinds.has('mrr') || kinds.has('arr') || kinds.has('revenue')) tags.push(REVENUE_TAG);
  if (kinds.has('priorExit')) tags.push(REPEAT_FOUNDERS_TAG);
  const thesisTag = thesisTagOf(thesis);
  if (thesisTag) tags.push(thesisTag);
  return tags;
}

export const THESIS_TAG_PREFIX = 'Thesis: ';

/** The evidence tag of the parts of the fund's thesis a deal matches ('Thesis: sector ✓ stage ✓'); null when none. */
export function thesisTagOf(thesis: { sector: boolean; stage: boolean | null; geography: boolean | null }): string | null {
  const fits = [thesis.sector && 'sector ✓', thesis.stage && 'stage ✓', thesis.geography && 'geography ✓'].filter(Boolean);
  return fits.length ? `${THESIS_TAG_PREFIX}${fits.join(' ')}` : null;
}

/**
 * The deal's thesis fit and region as stored with it (@fitscore/thesis, the same reading as the
 * founder side's): a stage or place we cannot read is unknown (null), never outside; a stage we
 * read is stored in the spec's words ('seed round' → 'Seed'), so that the Stage filter finds it.
 */
export function thesisFit(fund: FundRowForDeals, deal: { sector: string; stage: string; geography: string }) {
  const fit = thesisFitOf(fund, { sector: deal.sector, stage: deal.stage, places: [deal.geography] });
  return {
    stage: fit.canonicalStage ?? deal.stage,
    region: fit.region,
    fitSector: fit.sector,
    fitStage: fit.stage,
    fitGeography: fit.geography,
  };
}
