import {
  DEAL_FACETS,
  SUB_SCORE_KEYS,
  SUB_SCORE_LABELS,
  TRIAL_EXPORT_REFUSED,
  TRIAL_SCORE_LIMIT,
  TRIAL_SCORING_REFUSED,
  type DealFacet,
  type DealFactsBody,
  type DealUploadFieldsSchema,
  type DealFilters,
  type DealListQuery,
  type DealRowStatus,
  type DealSort,
  type FitScoreAnalysis,
  type SubScoreKey,
} from '@fitscore/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { dealOwner, type ScoringOwner } from '../../lib/scoring-owner.ts';
import type { Transaction, UnitOfWork } from '../../lib/unit-of-work.ts';
import type { CsvValue } from '../../plugins/downloads.ts';
import type { PageCursors } from '../../plugins/page-cursor.ts';
import type { DecksService } from '../decks/decks.service.ts';
import type { ScoringService } from '../scoring/scoring.service.ts';
import { evidenceTags, thesisFit, toDeal } from './deal-view.ts';
import { searchTermOf, type DealRow, type DealsRepository, type Filters, type FundRowForDeals, type ListSummary, type PageSummary } from './deals.repository.ts';
import { dealEventListeners, type DealAssignment, type DealReview } from './deal-events.ts';
import { searchWordIndex } from './search-words.ts';
import { statusChangeListeners } from './status-changes.ts';

export const DEAL_NOT_FOUND = 'Deal not found';
const CSV_PAGE = 1000;

export interface DealsServiceDeps {
  repo: DealsRepository;
  /** Where each deal arrived from (intake channels, merged duplicates). */
  uow: UnitOfWork;
  decks: DecksService;
  scoring: ScoringService;
  cursors: PageCursors;
  /** The web app's address, for the Deal URL column of the CSV. */
  publicWebUrl: string;
}

/** The Upload Deck & Score form as read (deal-upload.ts): its fields trimmed and checked by DealUploadFieldsSchema, and the deck. */
export type NewDealInput = z.output<typeof DealUploadFieldsSchema> & { file: { filename: string; bytes: Uint8Array } };

const orderOf = (sort: DealSort) => (sort.startsWith('-') ? 'desc' : 'asc') as 'asc' | 'desc';

function planOf(fund: Pick<FundRowForDeals, 'plan' | 'trialScoresUsed'>) {
  return {
    name: fund.plan,
    trialRemaining: Math.max(0, TRIAL_SCORE_LIMIT - fund.trialScoresUsed),
    trialLimit: TRIAL_SCORE_LIMIT,
  };
}

/** The answer for an investor whose fund does not exist yet. */
const EMPTY_LIST = {
  deals: [],
  nextCursor: null,
  counts: { all: 0, hot: 0, track: 0, cold: 0 },
  countsCap: null,
  plan: { name: 'trial' as const, trialRemaining: TRIAL_SCORE_LIMIT, trialLimit: TRIAL_SCORE_LIMIT },
};

/** The counts of a set of deals that is every match of the filters (the tab does not narrow them). */
function countsOf(rows: DealRow[]) {
  const counts = { all: rows.length, hot: 0, track: 0, cold: 0 };
  for (const { deal } of rows) if (deal.status !== 'new') counts[deal.status] += 1;
  return counts;
}

const CSV_HEADER = [
  // The byte-order mark lets Excel read the file as UTF-8 (accents).
  '\uFEFFDate',
  'Startup',
  'Sector',
  'Stage',
  'Geography',
  'FitScore',
  'Confidence',
  'Status',
  'Source',
  'Owner',
  ...SUB_SCORE_KEYS.map((k) => SUB_SCORE_LABELS[k]),
  'Website',
  'Deal URL',
];

/** A fund's deals: intake by upload, the pipeline list and export, triage, and scores under the fund's weights. */
export function createDealsService({ repo, uow, decks, scoring, cursors, publicWebUrl }: DealsServiceDeps) {
  const statusChanges = statusChangeListeners();
  const assignments = dealEventListeners<DealAssignment>();
  const reviews = dealEventListeners<DealReview>();

  async function fundOf(fundId: string | null): Promise<FundRowForDeals | undefined> {
    return fundId ? repo.fund(fundId) : undefined;
  }

  async function getRow(fundId: string | null, dealId: string): Promise<DealRow> {
    const row = fundId ? await repo.get(fundId, dealId) : undefined;
    if (!row) throw new AppError('not_found', DEAL_NOT_FOUND);
    return row;
  }

  const indexWords = searchWordIndex(repo.uncommonWords);

  /**
   * The repository's filters: the list's, with its search term planned (a round trip for words not
   * seen lately). The term loses the character that parts the name from the sector in what a search looks in.
   */
  async function filtersOf(fundId: string, { q, ...filters }: Omit<DealFilters, 'sort' | 'status'>): Promise<Filters> {
    const term = q && searchTermOf(q);
    return term ? { ...filters, search: { term, indexWords: await indexWords(fundId, term) } } : filters;
  }

  /**
   * Reads the filtered pipeline a page at a time, from a cursor (signed, tied to its sort), with
   * the summary its rows carried (PageSummary): none when the page is empty.
   */
  async function readPage(fundId: string, query: DealListQuery, filters: Filters, summary: PageSummary) {
    const { sort, limit, cursor, status } = query;
    const order = orderOf(sort);
    const after = cursor ? cursors.decode(cursor, { sort, order }).after : undefined;
    const { rows, summary: carried } = await repo.page({ fundId, filters: { ...filters, status }, sort, limit, after }, summary);
    return { page: cursors.page(rows, { limit, sort, order }, (row) => [row.sortKey, row.deal.id]), carried };
  }

  return {
    /** Another module's work when a deal's status changes, in the change's transaction. */
    onStatusChanged: statusChanges.on,
    /** Another module's work when a deal is assigned (activity, the assignee's notification), in its transaction. */
    onAssigned: assignments.on,
    /** Told by Assign (deal-team.service) inside its transaction. */
    assigned: assignments.emit,
    /** Another module's work when a deal is first marked as reviewed, in its transaction. */
    onReviewed: reviews.on,

    /** One deal as the list shows it, sources included. */
    view: async (fundId: string, dealId: string) => toDeal(await getRow(fundId, dealId)),

    async latest(fundId: string | null) {
      const row = fundId ? await repo.latestScored(fundId) : undefined;
      return { deal: row ? toDeal(row) : null };
    },

    async list(fundId: string | null, query: DealListQuery) {
      const { sort: _sort, limit: _limit, cursor: _cursor, status: _status, ...listFilters } = query;
      if (!fundId) return EMPTY_LIST;
      const filters = await filtersOf(fundId, listFilters);
      // A search is counted over its matching rows (deal_counts cannot answer it). On the first page of
      // every status, a narrow search that fits on the page has all its matches there: they are counted
      // from the page instead of being searched for a second time (the search is most of such a call's
      // cost). A broad search's counts stop at their cap, and come with the page in the same statement.
      const countsFromPage = Boolean(filters.search?.indexWords.length && !query.status && !query.cursor);
      const { page, carried } = await readPage(fundId, query, filters, countsFromPage ? 'plan' : 'counts');
      const answer = (summary: ListSummary | undefined) =>
        summary
          ? { deals: page.items.map(toDeal), nextCursor: page.next_cursor, counts: summary.counts, countsCap: summary.countsCap, plan: planOf(summary.fund) }
          : EMPTY_LIST;
      if (!carried) return answer(await repo.listSummary(fundId, filters));
      if (carried.counts) return answer({ counts: carried.counts, countsCap: carried.countsCap ?? null, fund: carried.fund });
      if (page.next_cursor === null) return answer({ counts: countsOf(page.items), countsCap: null, fund: carried.fund });
      return answer(await repo.listSummary(fundId, filters));
    },

    /** The filter options' counts in a tab; the values with no deal are left out. */
    async facets(fundId: string | null, status?: DealRowStatus) {
      const facets = Object.fromEntries(DEAL_FACETS.map((f) => [f, {} as Record<string, number>])) as Record<DealFacet, Record<string, number>>;
      for (const row of fundId ? await repo.facetCounts(fundId, status) : []) {
        if (row.n > 0) facets[row.facet as DealFacet][row.value] = row.n;
      }
      return { facets };
    },

    async detail(fundId: string | null, dealId: string) {
      const row = await getRow(fundId, dealId);
      const fund = (await fundOf(fundId))!;
      const [stored, history] = await Promise.all([
        row.deal.scoreId ? repo.analysisOf(row.deal.scoreId) : undefined,
        repo.history(dealId),
      ]);
      const weights: Record<SubScoreKey, number> = {
        team: fund.weightTeam,
        market: fund.weightMarket,
        problemSolution: fund.weightProblemSolution,
        traction: fund.weightTraction,
        product: fund.weightProduct,
        businessModel: fund.weightBusinessModel,
        financials: fund.weightFinancials,
        gtm: fund.weightGtm,
        risks: fund.weightRisks,
      };
      let analysis = null;
      if (stored && row.deal.fitScore !== null) {
        const a = stored.score.analysis as FitScoreAnalysis;
        analysis = {
          fitScore: row.deal.fitScore,
          subScores: Object.fromEntries(
            SUB_SCORE_KEYS.map((k) => [
              k,
              {
                score: a.subScores[k].score,
                weight: weights[k],
                summary: a.subScores[k].summary,
                evidence: a.subScores[k].evidence.map((e) => ({ page: e.page, quote: e.quote })),
              },
            ]),
          ) as Record<SubScoreKey, { score: number; weight: number; summary: string; evidence: { page: number | null; quote: string }[] }>,
          strengths: a.strengths,
          risks: a.insights.filter((i) => i.kind === 'weak').map((i) => ({ dimension: i.dimension, text: i.text })),
          redFlags: a.contradictions.map((c) => ({ message: c.message, page: c.page })),
          pages: a.deck.pages,
          deck: { filename: stored.filename ?? null, version: stored.score.deckVersion, format: stored.format ?? null },
        };
      }
      return {
        deal: toDeal(row),
        analysis,
        history: history.map((h) => ({
          from: h.entry.fromStatus,
          to: h.entry.toStatus,
          note: h.entry.note,
          at: h.entry.createdAt.toISOString(),
          by: h.userId ? { id: h.userId, name: h.name ?? '' } : null,
        })),
      };
    },

    async markReviewed(fundId: string | null, userId: string, dealId: string) {
      if (!fundId) throw new AppError('not_found', DEAL_NOT_FOUND);
      await uow.run(async (tx) => {
        const deals = repo.in(tx);
        const deal = await deals.lock(fundId, dealId);
        if (!deal) throw new AppError('not_found', DEAL_NOT_FOUND);
        // Reviewed once: the first review is the one the deal and its activity keep.
        if (deal.reviewedAt) return;
        await deals.markReviewed(fundId, dealId);
        await reviews.emit({ fundId, dealId, userId }, tx);
      });
      return { ok: true as const, deal: toDeal(await getRow(fundId, dealId)) };
    },

    /**
     * A member corrects the deal's name, stage, sector or geography; the thesis fit follows, and
     * each fact that changed is no longer marked as read from the deck.
     */
    async updateFacts(fundId: string | null, dealId: string, body: DealFactsBody) {
      const fund = await fundOf(fundId);
      const current = await getRow(fundId, dealId);
      if (!fund) throw new AppError('not_found', DEAL_NOT_FOUND);
      const fields = { sector: body.sector, stage: body.stage, geography: body.geography };
      const fit = thesisFit(fund, fields);
      const next = { startupName: body.startupName, ...fields, stage: fit.stage };
      const factsFromDeck = current.deal.factsFromDeck.filter((fact) => next[fact] === current.deal[fact]);
      await repo.updateFacts(fund.id, dealId, { ...next, region: fit.region, fitSector: fit.fitSector, fitStage: fit.fitStage, fitGeography: fit.fitGeography, factsFromDeck });
      return { ok: true as const, deal: toDeal(await getRow(fund.id, dealId)) };
    },

    /** Hot/Track/Cold, with who, when, from and the note in the deal's history (one unit of work). */
    async setStatus(fundId: string | null, userId: string, dealId: string, body: { status: 'hot' | 'track' | 'cold'; note: string }) {
      if (!fundId) throw new AppError('not_found', DEAL_NOT_FOUND);
      await uow.run(async (tx) => {
        const before = await repo.in(tx).changeStatus({ fundId, dealId, userId, to: body.status, note: body.note });
        if (!before) throw new AppError('not_found', DEAL_NOT_FOUND);
        if (before.from !== body.status) await statusChanges.emit({ fundId, dealId, startupName: before.startupName, from: before.from, to: body.status, userId }, tx);
      });
      return { ok: true as const, deal: toDeal(await getRow(fundId, dealId)) };
    },

    /**
     * The dashboard's Upload Deck & Score: the deal is made, its deck checked by content and
     * stored, and its scoring queued. On the trial, a fund with no score left is refused first.
     */
    async upload(fundId: string | null, input: NewDealInput) {
      const fund = await fundOf(fundId);
      if (!fund) throw new AppError('conflict', 'Please complete your fund profile first');
      if (fund.plan === 'trial') {
        const inFlight = await repo.scoringsInFlight(fund.id);
        if (fund.trialScoresUsed + inFlight >= TRIAL_SCORE_LIMIT) throw new AppError('plan_limit', TRIAL_SCORING_REFUSED);
      }
      const fields = { sector: input.sector, stage: input.stage, geography: '' };
      const deal = await repo.insert({
        fundId: fund.id,
        startupName: input.companyName,
        ...fields,
        ...thesisFit(fund, fields),
        source: 'upload',
      });
      const owner = dealOwner(deal.id);
      try {
        await decks.upload(owner, input.file, { versionsKept: null });
      } catch (err) {
        await repo.remove(deal.id);
        throw err;
      }
      await scoring.start(owner);
      return { deal: toDeal(await getRow(fund.id, deal.id)) };
    },

    /** The CSV export: refused on a spent trial; rows produced a page at a time as the socket takes them. */
    async exportRows(fundId: string | null, filters: DealFilters) {
      const fund = await fundOf(fundId);
      if (fund && planOf(fund).name === 'trial' && planOf(fund).trialRemaining === 0) {
        throw new AppError('plan_limit', TRIAL_EXPORT_REFUSED);
      }
      const base = publicWebUrl.replace(/\/$/, '');
      async function* rows(): AsyncGenerator<readonly CsvValue[]> {
        if (!fund) return;
        const { sort, status, ...rest } = filters;
        const planned = { ...(await filtersOf(fund.id, rest)), status };
        let after: [string | number | null, string] | undefined;
        for (;;) {
          const rows = await repo.exportPage({ fundId: fund.id, filters: planned, sort, limit: CSV_PAGE, after });
          const items = rows.slice(0, CSV_PAGE);
          for (const d of items) {
            yield [
              d.date,
              d.startupName,
              d.sector,
              d.stage,
              d.geography,
              d.fitScore,
              d.confidence,
              d.status,
              d.source,
              d.ownerName ?? '',
              ...d.subScores,
              d.website,
              `${base}/vc/deal/${d.id}`,
            ];
          }
          const last = items[items.length - 1];
          if (rows.length <= CSV_PAGE || !last) return;
          after = [last.sortKey, last.id];
        }
      }
      return { header: CSV_HEADER, rows: rows() };
    },

    /** A finished analysis of a deal becomes its score (in the scoring's own transaction). */
    async scored(owner: ScoringOwner, score: { id: string; analysis: unknown }, tx: Transaction) {
      if (owner.kind !== 'deal') return;
      const analysis = score.analysis as FitScoreAnalysis;
      const deals = repo.in(tx);
      const row = await deals.getById(owner.dealId);
      if (!row) return;
      const tags = evidenceTags(analysis, { sector: row.deal.fitSector, stage: row.deal.fitStage, geography: row.deal.fitGeography });
      await deals.applyScore(owner.dealId, { id: score.id, confidence: analysis.confidence.level, tags });
    },

    /** The fund's weights changed: every deal is re-ranked (joins the weight save's transaction). */
    rerank: (fundId: string, tx?: Transaction) => repo.in(tx).rerank(fundId),
  };
}
export type DealsService = ReturnType<typeof createDealsService>;
