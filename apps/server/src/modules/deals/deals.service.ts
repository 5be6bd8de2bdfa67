import { createHash } from 'node:crypto';
import {
  DEAL_FACETS,
  DECK_LINK_TAG,
  INTAKE_CHANNEL_LABELS,
  investorBrief,
  SUB_SCORE_KEYS,
  SUB_SCORE_LABELS,
  TRIAL_EXPORT_REFUSED,
  TRIAL_SCORE_LIMIT,
  TRIAL_SCORING_REFUSED,
  STAGE_TRIAGES,
  stageOfDeal,
  type DealFacet,
  type FundStage,
  type DealFactsBody,
  type DealUploadFieldsSchema,
  type DealFilters,
  type DealListQuery,
  type DealRowStatus,
  type DealSort,
  type FitScoreAnalysis,
  type SubScoreKey,
} from '@fitscore/contracts';
import type { DealFactPage, DeckInspection } from '@fitscore/deck-analysis';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { dealOwner, type ScoringOwner } from '../../lib/scoring-owner.ts';
import type { Transaction, UnitOfWork } from '../../lib/unit-of-work.ts';
import type { CsvValue } from '../../plugins/downloads.ts';
import type { PageCursors } from '../../plugins/page-cursor.ts';
import type { DecksService } from '../decks/decks.service.ts';
import type { ScoredDeck, ScoringService } from '../scoring/scoring.service.ts';
import { factsFromDeckColumn, factsOfPages, withDeckFacts } from './deck-facts.ts';
import type { DealArrivalsRepository, DealArrivalsRepositoryInTx, NewArrivalDeal, NewDealSource } from './deal-arrivals.repository.ts';
import type { DealUpdates } from './deal-updates.ts';
import { evidenceTags, thesisFit, thesisTagOf, toDeal } from './deal-view.ts';
import { searchTermOf, type BlindSort, type DealRow, type DealsRepository, type Filters, type FundRowForDeals, type ListSummary, type PageSummary, type StagePlan } from './deals.repository.ts';
import { dealEventListeners, type DealAssignment, type DealCreated, type DealReview, type DealsPlaced, type DealsStatusChanged, type DealVote } from './deal-events.ts';
import { searchWordIndex } from './search-words.ts';
import { statusChangeListeners } from './status-changes.ts';

export const DEAL_NOT_FOUND = 'Deal not found';
const CSV_PAGE = 1000;

/** Where a deal sits: what the blind first look reads of it. */
type DealPlace = { id: string; pipelineStageId: string | null; status: DealRowStatus };

export interface DealsServiceDeps {
  repo: DealsRepository;
  /** Deals that arrive from outside the dashboard: intake channels and approved warm intros. */
  arrivals: DealArrivalsRepository;
  /** Open screens of the fund hear of every change to a deal (issue 29 point 1). */
  updates: Pick<DealUpdates, 'changed'>;
  /** Where each deal arrived from (intake channels, merged duplicates). */
  uow: UnitOfWork;
  decks: DecksService;
  scoring: ScoringService;
  cursors: PageCursors;
  /** The web app's address, for the Deal URL column of the CSV. */
  publicWebUrl: string;
  /** The fund's own stages (the stages module), for the stage filter and the board. */
  stages: { list(fundId: string): Promise<FundStage[]> };
  /**
   * Blind first look (the blind-look module): which of these deals' FitScore and analysis a member
   * may not see yet, and the fund's blind stages (for the FitScore sort).
   */
  blind: {
    hiddenFrom(
      fundId: string,
      viewer: string,
      deals: readonly DealPlace[],
      blindStages?: readonly string[],
    ): Promise<Set<string>>;
    blindStages(fundId: string): Promise<string[]>;
  };
}

/**
 * Who an answer is for: a member (their user id; the blind first look hides what they may not see
 * yet), or null for the server's own use (alerts, outgoing webhooks), never sent to a member.
 */
export type Viewer = string | null;

/** A deal declined: moved to Cold with the reasons the applicants are sent (none given: the template's) and the fund's note. */
export type DealDecline = (fundId: string, userId: string, dealId: string, body: { reasons: string[]; note: string }) => Promise<unknown>;

/**
 * The deals a list narrowed to some of the fund's stages holds: those placed in them, and the
 * unplaced ones whose status makes one of them their stage (stageOfDeal).
 */
export function stagePlanOf(all: readonly FundStage[], ids: readonly string[]): StagePlan {
  const statuses = STAGE_TRIAGES.filter((status) => {
    const first = stageOfDeal(all, { pipelineStageId: null, status });
    return first !== undefined && ids.includes(first.id);
  });
  const triages = [...new Set([...statuses, ...all.filter((s) => ids.includes(s.id)).map((s) => s.triage)])];
  return { ids: [...ids], statuses, triages };
}

/** The Upload Deck & Score form as read (deal-upload.ts): its fields trimmed and checked by DealUploadFieldsSchema, and the deck. */
export type NewDealInput = z.output<typeof DealUploadFieldsSchema> & { file: { filename: string; bytes: Uint8Array } };

/**
 * A company arriving in a fund's pipeline from outside the dashboard: by an intake channel (form,
 * email, webhook) or an approved warm intro (platform). Its facts, where it came from, and its
 * deck's hash when it brings one. `scored`: it will use a scoring (a deck to score), so a spent
 * trial refuses it as a new deal; an intro brings its founder's analysis and does not.
 */
export interface DealArrival {
  fundId: string;
  companyName: string;
  website: string;
  contactEmail: string;
  oneLiner: string;
  sector: string;
  stage: string;
  geography: string;
  deckHash: string | null;
  deckLink: string | null;
  scored: boolean;
  source: Omit<NewDealSource, 'dealId' | 'deckLink'>;
  /**
   * What a new deal starts with beyond its facts (an intro's thesis fit with its ticket, tags,
   * confidence; an imported deal's stage, owner and the date it was first added elsewhere).
   */
  extra?: Partial<
    Pick<NewArrivalDeal, 'region' | 'fitSector' | 'fitStage' | 'fitGeography' | 'fitTicket' | 'tags' | 'confidence' | 'factsFromDeck' | 'status' | 'pipelineStageId' | 'ownerUserId' | 'createdAt'>
  >;
}

/** What became of an arrival: a new deal, a new source on the fund's existing deal, or refused. */
export type ArrivalOutcome =
  | { outcome: 'created'; dealId: string }
  | { outcome: 'merged'; dealId: string; why: 'deck' | 'website' | 'name'; reason: string }
  | { outcome: 'refused'; reason: string };

export const TRIAL_USED_UP = 'Trial used up';

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
/** The 30-second brief of a stored analysis; null for one stored by an engine too old to carry what it reads. */
function briefOf(analysis: FitScoreAnalysis, company: { name: string; oneLiner: string | null }) {
  try {
    return investorBrief(analysis, company);
  } catch {
    return null;
  }
}

export function createDealsService({ repo, arrivals, updates, uow, decks, scoring, cursors, publicWebUrl, stages, blind }: DealsServiceDeps) {
  const statusChanges = statusChangeListeners();
  const assignments = dealEventListeners<DealAssignment>();
  const reviews = dealEventListeners<DealReview>();
  const creations = dealEventListeners<DealCreated>();
  const votes = dealEventListeners<DealVote>();
  const placements = dealEventListeners<DealsPlaced>();
  const statusBatches = dealEventListeners<DealsStatusChanged>();
  /** The matches module's decline (reasons recorded, applicants told), set once that module exists. */
  let decline: DealDecline | null = null;

  /** The fund's blind stages for one answer: read at most once, and only if the answer needs them (none for the server's own use). */
  type BlindStagesOnce = () => Promise<readonly string[]>;
  function blindStagesOnce(fundId: string, viewer: Viewer): BlindStagesOnce {
    let read: Promise<readonly string[]> | undefined;
    return () => (read ??= viewer ? blind.blindStages(fundId) : Promise.resolve([]));
  }

  /**
   * The ids of these deals whose score the viewer may not see yet (blind first look); none for the
   * server's own use. `blindStages`: the answer's one read of the fund's blind stages.
   */
  async function hiddenOf(fundId: string, viewer: Viewer, deals: readonly DealPlace[], blindStages?: BlindStagesOnce): Promise<Set<string>> {
    if (!viewer || !deals.length) return new Set();
    const known = blindStages ? await blindStages() : undefined;
    return known?.length === 0 ? new Set() : blind.hiddenFrom(fundId, viewer, deals, known);
  }

  /** Deals as this viewer may see them. */
  async function asSeen(fundId: string, viewer: Viewer, rows: readonly DealRow[], blindStages?: BlindStagesOnce) {
    const hidden = await hiddenOf(fundId, viewer, rows.map(({ deal }) => deal), blindStages);
    return rows.map((row) => toDeal(row, hidden.has(row.deal.id)));
  }
  const oneSeen = async (fundId: string, viewer: Viewer, row: DealRow) => (await asSeen(fundId, viewer, [row]))[0]!;

  /**
   * The FitScore sort of a list for this viewer: with the blind first look on, the deals they may
   * not see yet sort as unscored (their place in the order would tell their score).
   */
  async function blindSortOf(fundId: string, viewer: Viewer, sort: DealSort, blindStages: BlindStagesOnce): Promise<BlindSort | undefined> {
    if (!viewer || (sort !== 'fitScore' && sort !== '-fitScore')) return undefined;
    const ids = await blindStages();
    return ids.length ? { viewer, stages: stagePlanOf(await stages.list(fundId), ids) } : undefined;
  }

  /** The trial has no score left for a new deal (counting scorings in flight). */
  async function trialSpent(r: DealArrivalsRepositoryInTx, fund: Pick<FundRowForDeals, 'id' | 'plan' | 'trialScoresUsed'>): Promise<boolean> {
    if (fund.plan !== 'trial') return false;
    return fund.trialScoresUsed + (await r.scoringsInFlight(fund.id)) >= TRIAL_SCORE_LIMIT;
  }

  async function arriveAll(fundId: string, list: readonly DealArrival[], tx: Transaction): Promise<ArrivalOutcome[]> {
    const r = arrivals.in(tx);
    const fund = await r.lockFund(fundId);
    if (!fund) throw new AppError('not_found', 'Fund not found');
    if (list.some((a) => a.fundId !== fund.id)) throw new Error('Arrivals of one fund at a time');
    // The same company (ADR 0075): the same deck bytes, else the same website host, else the same
    // name — the fund's oldest such deal, or one an earlier arrival of the list made or filled.
    const keys = await r.companyKeys(list);
    const present = <T,>(values: (T | null)[]) => values.filter((v): v is T => v !== null);
    const known = await r.dealsWithKeys(fund.id, present(keys.map((k) => k.host)), present(keys.map((k) => k.name)));
    const byHost = new Map<string, string>();
    const byName = new Map<string, string>();
    const remember = (dealId: string, host: string | null, name: string | null) => {
      if (host && !byHost.has(host)) byHost.set(host, dealId);
      if (name && !byName.has(name)) byName.set(name, dealId);
    };
    for (const d of known) remember(d.id, d.host, d.name);
    const sameCompany = async (a: DealArrival, { host, name }: { host: string | null; name: string | null }) => {
      const byDeck = a.deckHash ? await r.dealWithDeck(fund.id, a.deckHash) : undefined;
      if (byDeck) return { dealId: byDeck, why: 'deck' as const };
      const website = host ? byHost.get(host) : undefined;
      if (website) return { dealId: website, why: 'website' as const };
      const named = name ? byName.get(name) : undefined;
      return named ? { dealId: named, why: 'name' as const } : null;
    };

    const outcomes: ArrivalOutcome[] = [];
    const sources: NewDealSource[] = [];
    const created: string[] = [];
    for (const [i, a] of list.entries()) {
      const source = { ...a.source, deckLink: a.deckLink };
      const duplicate = await sameCompany(a, keys[i]!);
      if (duplicate) {
        // A blank sector, stage or place filled by this arrival counts in the thesis fit at once.
        const filled = await r.fillDeal(duplicate.dealId, { ...a, fromDeck: a.extra?.factsFromDeck ?? [] });
        remember(duplicate.dealId, filled.host, null);
        await r.setThesisFit(duplicate.dealId, thesisFit(fund, filled));
        sources.push({ dealId: duplicate.dealId, ...source });
        if (a.deckLink) await r.addTag(duplicate.dealId, DECK_LINK_TAG);
        updates.changed(fund.id, duplicate.dealId, tx);
        const channel = a.source.channel;
        const label = channel === 'form' || channel === 'email' || channel === 'webhook' ? INTAKE_CHANNEL_LABELS[channel] : channel === 'import' ? 'CSV import' : 'Platform intro';
        outcomes.push({ outcome: 'merged', dealId: duplicate.dealId, why: duplicate.why, reason: `Same ${duplicate.why} as a deal already in the pipeline: added as another source (${label})` });
        continue;
      }
      if (a.scored && (await trialSpent(r, fund))) {
        outcomes.push({ outcome: 'refused', reason: TRIAL_USED_UP });
        continue;
      }
      const fields = { sector: a.sector, stage: a.stage, geography: a.geography };
      const deal = await r.insertDeal({
        fundId: fund.id,
        startupName: a.companyName,
        ...fields,
        ...thesisFit(fund, fields),
        website: a.website,
        contactEmail: a.contactEmail,
        oneLiner: a.oneLiner,
        source: a.source.channel,
        tags: a.deckLink ? [DECK_LINK_TAG] : [],
        ...a.extra,
      });
      sources.push({ dealId: deal.id, ...source });
      remember(deal.id, keys[i]!.host, keys[i]!.name);
      updates.changed(fund.id, deal.id, tx);
      created.push(deal.id);
      outcomes.push({ outcome: 'created', dealId: deal.id });
    }
    await r.insertSources(sources);
    for (const dealId of created) await creations.emit({ fundId: fund.id, dealId }, tx);
    return outcomes;
  }

  /**
   * An arrived deal's deck: stored once as its newest version (a retried job or a second intro
   * does not store it twice), then, when `score`, scored once.
   */
  async function attachDeck(dealId: string, deck: { filename: string; bytes: Uint8Array }, { score, inspection }: { score: boolean; inspection?: DeckInspection }) {
    const owner = dealOwner(dealId);
    const hash = createHash('sha256').update(deck.bytes).digest('hex');
    if (!(await arrivals.dealHasDeck(dealId, hash))) await decks.upload(owner, deck, { versionsKept: null, ...(inspection ? { inspection } : {}) });
    if (score && !(await arrivals.currentDeckScored(dealId))) await scoring.start(owner);
  }

  /** The fund's nine scoring weights, as its FitScores are weighted. */
  const weightsOfFund = (fund: FundRowForDeals): Record<SubScoreKey, number> => ({
    team: fund.weightTeam,
    market: fund.weightMarket,
    problemSolution: fund.weightProblemSolution,
    traction: fund.weightTraction,
    product: fund.weightProduct,
    businessModel: fund.weightBusinessModel,
    financials: fund.weightFinancials,
    gtm: fund.weightGtm,
    risks: fund.weightRisks,
  });

  /** Fills the deal's blank stage, sector and place from its scored deck's pages; true when one was filled. */
  async function fillFromScoredDeck(row: DealRow, pages: readonly DealFactPage[], tx: Transaction): Promise<boolean> {
    const { deal } = row;
    const read = withDeckFacts({ companyName: deal.startupName, stage: deal.stage, sector: deal.sector, geography: deal.geography }, factsOfPages(pages));
    const fromDeck = read.fromDeck.filter((fact) => fact !== 'companyName');
    if (fromDeck.length === 0) return false;
    const r = arrivals.in(tx);
    const fund = await r.lockFund(deal.fundId);
    if (!fund) return false;
    const filled = await r.fillDeal(deal.id, { website: '', contactEmail: '', oneLiner: '', sector: read.sector, stage: read.stage, geography: read.geography, fromDeck: factsFromDeckColumn(fromDeck) });
    // Open screens hear of it with the score: the scoring's own run change tells them after commit.
    await r.setThesisFit(deal.id, thesisFit(fund, filled));
    return true;
  }

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
  async function filtersOf(fundId: string, { q, pipelineStage, ...rest }: Omit<DealFilters, 'sort' | 'status'> & Pick<Filters, 'ids'>): Promise<Filters> {
    const filters: Filters = pipelineStage?.length ? { ...rest, pipelineStage: stagePlanOf(await stages.list(fundId), pipelineStage) } : rest;
    const term = q && searchTermOf(q);
    return term ? { ...filters, search: { term, indexWords: await indexWords(fundId, term) } } : filters;
  }

  /**
   * Reads the filtered pipeline a page at a time, from a cursor (signed, tied to its sort), with
   * the summary its rows carried (PageSummary): none when the page is empty.
   */
  async function readPage(fundId: string, query: DealListQuery, filters: Filters, summary: PageSummary, viewer: Viewer, blindStages: BlindStagesOnce) {
    const { sort, limit, cursor, status } = query;
    const order = orderOf(sort);
    const after = cursor ? cursors.decode(cursor, { sort, order }).after : undefined;
    const blindSort = await blindSortOf(fundId, viewer, sort, blindStages);
    const { rows, summary: carried } = await repo.page({ fundId, filters: { ...filters, status }, sort, limit, after, blindSort }, summary);
    return { page: cursors.page(rows, { limit, sort, order }, (row) => [row.sortKey, row.deal.id]), carried };
  }

  /**
   * The one path of every status change, a deal's or a bulk selection's (issue 31 point 3): the
   * fund's deals among `dealIds` move, each with who, when, from and the note in its history; a
   * stage (`stageId`, null: the first of its triage) places them, else a deal keeps its stage when
   * it maps to the new status and goes to the first stage of that status otherwise. Each deal's
   * listeners hear of its change in `tx`. Answers the deals found, with what they were.
   */
  async function changeStatuses(
    tx: Transaction,
    { fundId, userId, dealIds, status, note, stageId }: { fundId: string; userId: string; dealIds: string[]; status: DealRowStatus; note: string; stageId?: string | null },
  ) {
    const r = repo.in(tx);
    const before = await r.changeStatus({ fundId, dealIds, userId, to: status, note, stageId: stageId ?? null });
    const found = before.map((b) => b.id);
    if (!found.length) return before;
    if (stageId !== undefined) {
      await r.placeInStage(fundId, found, stageId);
      await placements.emit({ fundId, dealIds: found, stageId, userId }, tx);
    }
    for (const b of before) {
      if (b.from !== status) await statusChanges.emit({ fundId, dealId: b.id, startupName: b.startupName, from: b.from, to: status, userId }, tx);
      else if (stageId !== undefined) updates.changed(fundId, b.id, tx);
    }
    const moved = before.filter((b) => b.from !== status).map((b) => b.id);
    if (moved.length) await statusBatches.emit({ fundId, dealIds: moved, to: status, userId }, tx);
    return before;
  }

  /**
   * Hot/Track/Cold, with who, when, from and the note in the deal's history (one unit of work);
   * `also` is a caller's part of the same change (a decline's reasons), in its transaction. A
   * member's move to Cold with neither (the status route, the public API, a notification's action)
   * is a decline without reasons, through the one decline path: the applicants are told. Nothing
   * is read back: for callers that answer something else (setStatus answers the deal).
   */
  async function changeStatus(
    fundId: string | null,
    userId: string,
    dealId: string,
    body: { status: DealRowStatus; note: string },
    also?: (tx: Transaction) => Promise<void>,
    /** A move on the board: the fund's stage (checked by the caller) the deal goes to, its triage `body.status`. */
    place?: { stageId: string },
  ): Promise<void> {
    if (!fundId) throw new AppError('not_found', DEAL_NOT_FOUND);
    if (body.status === 'cold' && !also && !place && decline) {
      await decline(fundId, userId, dealId, { reasons: [], note: body.note });
      return;
    }
    await uow.run(async (tx) => {
      const before = await changeStatuses(tx, { fundId, userId, dealIds: [dealId], status: body.status, note: body.note, ...(place ? { stageId: place.stageId } : {}) });
      if (!before.length) throw new AppError('not_found', DEAL_NOT_FOUND);
      // Any Hot/Track/Cold a member gives is their own view of the deal (a move to a New stage is none).
      if (body.status !== 'new') await votes.emit({ fundId, dealId, userId, status: body.status }, tx);
      await also?.(tx);
    });
  }

  return {
    changeStatuses,
    changeStatus,
    /** The repository's filters of a list's (search planned, stages resolved): what a bulk selection by filter matches. */
    filtersOf,
    /** Open screens of the fund hear that the deal changed, once `tx` (if any) has committed. */
    changed: (fundId: string, dealId: string, tx?: Transaction) => updates.changed(fundId, dealId, tx),

    /**
     * A company arrives from outside the dashboard (issue 12, issue 29 point 3): the same company
     * or deck as one of the fund's deals becomes a new source on that deal (its blanks filled,
     * nothing known overwritten); otherwise a new deal, unless it needs a scoring the trial no
     * longer has. Holds the fund's lock in `tx`, so arrivals of one fund are matched one at a time.
     */
    arrive: async (a: DealArrival, tx: Transaction): Promise<ArrivalOutcome> => (await arriveAll(a.fundId, [a], tx))[0]!,

    /**
     * Many arrivals of one fund (a CSV import's batch) in `tx`, in order, each as `arrive` would
     * take it (a later one may join a deal an earlier one made): the fund is locked once and the
     * arrivals are recorded in one statement, so a batch costs what its rows need and no more.
     */
    arriveAll,

    /** Would a new deal of this fund that needs a scoring be refused now (the trial spent)? */
    trialSpent: (fund: Pick<FundRowForDeals, 'id' | 'plan' | 'trialScoresUsed'>) => trialSpent(arrivals, fund),

    attachDeck,

    /**
     * Another owner's deck (a founder's, with an approved intro) carried to the deal: the deal's
     * deck it became (id and version), or null when there was none to carry.
     */
    async carryDeck(dealId: string, from: ScoringOwner, deckId: string | null, { score }: { score: boolean }) {
      const source = deckId ? await decks.read(from, deckId).catch(() => undefined) : undefined;
      const deck = source?.deck ?? (await decks.current(from));
      if (!deck) return null;
      const bytes = source?.bytes ?? (await decks.read(from, deck.id)).bytes;
      await attachDeck(dealId, { filename: deck.filename, bytes }, { score });
      const carried = await decks.current(dealOwner(dealId));
      return carried ? { id: carried.id, version: carried.version } : null;
    },

    /** Another module's work when a deal's status changes, in the change's transaction. */
    onStatusChanged: statusChanges.on,
    /** Another module's work when a deal is assigned (activity, the assignee's notification), in its transaction. */
    onAssigned: assignments.on,
    /** Told by Assign (deal-team.service) inside its transaction. */
    assigned: assignments.emit,
    /** Another module's work when a deal is first marked as reviewed, in its transaction. */
    onReviewed: reviews.on,
    /** Another module's work when a deal is created (outgoing webhooks), in its transaction. */
    onCreated: creations.on,
    /** Another module's work when a member places deals in a stage (a move within a triage included), once per action, in its transaction. */
    onPlaced: placements.on,
    /** The deals one status change moved, heard once for them all (in its transaction). */
    onStatusesChanged: statusBatches.on,
    /** A member gave a deal their own Hot/Track/Cold (the blind-look module records it), in the change's transaction. */
    onVoted: votes.on,

    /** The fund's nine scoring weights (its FitScores are weighted by them). */
    async weights(fundId: string | null): Promise<Record<SubScoreKey, number>> {
      const fund = await fundOf(fundId);
      if (!fund) throw new AppError('not_found', 'Fund not found');
      return weightsOfFund(fund);
    },

    /** One deal as the list shows it to this viewer, sources included. */
    view: async (fundId: string | null, dealId: string, viewer: Viewer) => {
      const row = await getRow(fundId, dealId);
      return oneSeen(row.deal.fundId, viewer, row);
    },

    async latest(fundId: string | null, viewer: Viewer) {
      const row = fundId ? await repo.latestScored(fundId) : undefined;
      return { deal: row && fundId ? await oneSeen(fundId, viewer, row) : null };
    },

    async list(fundId: string | null, viewer: Viewer, query: DealListQuery) {
      const { sort: _sort, limit: _limit, cursor: _cursor, status: _status, ...listFilters } = query;
      if (!fundId) return EMPTY_LIST;
      const filters = await filtersOf(fundId, listFilters);
      // A search is counted over its matching rows (deal_counts cannot answer it). On the first page of
      // every status, a narrow search that fits on the page has all its matches there: they are counted
      // from the page instead of being searched for a second time (the search is most of such a call's
      // cost). A broad search's counts stop at their cap, and come with the page in the same statement.
      const countsFromPage = Boolean(filters.search?.indexWords.length && !query.status && !query.cursor);
      const blindStages = blindStagesOnce(fundId, viewer);
      const { page, carried } = await readPage(fundId, query, filters, countsFromPage ? 'plan' : 'counts', viewer, blindStages);
      const deals = await asSeen(fundId, viewer, page.items, blindStages);
      const answer = (summary: ListSummary | undefined) =>
        summary
          ? { deals, nextCursor: page.next_cursor, counts: summary.counts, countsCap: summary.countsCap, plan: planOf(summary.fund) }
          : EMPTY_LIST;
      if (!carried) return answer(await repo.listSummary(fundId, filters));
      if (carried.counts) return answer({ counts: carried.counts, countsCap: carried.countsCap ?? null, fund: carried.fund });
      if (page.next_cursor === null) return answer({ counts: countsOf(page.items), countsCap: null, fund: carried.fund });
      return answer(await repo.listSummary(fundId, filters));
    },

    /**
     * The pipeline as a board (issue 31 point 1): per stage of the fund, how many deals match the
     * list's filters and search, and its first page (newest first) with the cursor of the rest.
     */
    async board(fundId: string | null, viewer: Viewer, query: Omit<DealFilters, 'sort' | 'status'>, limit: number) {
      if (!fundId) return { columns: [] };
      const all = await stages.list(fundId);
      const { pipelineStage: only, ...listFilters } = query;
      const shown = only?.length ? all.filter((s) => only.includes(s.id)) : all;
      const filters = await filtersOf(fundId, listFilters);
      const counts = new Map<string, number>();
      for (const row of await repo.stageCounts(fundId, filters)) {
        const stage = stageOfDeal(all, { pipelineStageId: row.stageId, status: row.status });
        if (stage) counts.set(stage.id, (counts.get(stage.id) ?? 0) + row.n);
      }
      const columns = [];
      const blindStages = blindStagesOnce(fundId, viewer);
      for (const stage of shown) {
        const count = counts.get(stage.id) ?? 0;
        // An empty column costs no read (in date order it would walk the whole fund to find nothing).
        if (count === 0) {
          columns.push({ stage, count, deals: [], nextCursor: null });
          continue;
        }
        const column = { ...filters, pipelineStage: stagePlanOf(all, [stage.id]) };
        const { page } = await readPage(fundId, { sort: '-date', limit, cursor: undefined, status: undefined } as DealListQuery, column, 'plan', viewer, blindStages);
        columns.push({ stage, count, deals: await asSeen(fundId, viewer, page.items, blindStages), nextCursor: page.next_cursor });
      }
      return { columns };
    },

    /** The filter options' counts in a tab; the values with no deal are left out. */
    async facets(fundId: string | null, status?: DealRowStatus) {
      const facets = Object.fromEntries(DEAL_FACETS.map((f) => [f, {} as Record<string, number>])) as Record<DealFacet, Record<string, number>>;
      for (const row of fundId ? await repo.facetCounts(fundId, status) : []) {
        if (row.n > 0) facets[row.facet as DealFacet][row.value] = row.n;
      }
      return { facets };
    },

    /**
     * The deal page. A viewer who may not see the deal yet (blind first look) gets no analysis (score,
     * sub-scores, evidence, brief) and no history (the status moves are teammates' views).
     */
    async detail(fundId: string | null, dealId: string, viewer: Viewer) {
      const row = await getRow(fundId, dealId);
      const fund = (await fundOf(fundId))!;
      const [deal, stored, history] = await Promise.all([
        oneSeen(fund.id, viewer, row),
        row.deal.scoreId ? repo.analysisOf(row.deal.scoreId) : undefined,
        repo.history(dealId),
      ]);
      if (deal.hidden) {
        const deck = stored && { filename: stored.filename ?? null, version: stored.score.deckVersion, format: stored.format ?? null, pages: (stored.score.analysis as FitScoreAnalysis).deck.pages };
        return { deal, analysis: null, history: [], ...(deck ? { deck } : {}) };
      }
      const weights = weightsOfFund(fund);
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
          brief: briefOf(a, { name: row.deal.startupName, oneLiner: row.deal.oneLiner || null }),
        };
      }
      return {
        deal,
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
      return { ok: true as const, deal: await oneSeen(fundId, userId, await getRow(fundId, dealId)) };
    },

    /**
     * A member corrects the deal's name, stage, sector or geography; the thesis fit follows, and
     * each fact that changed is no longer marked as read from the deck.
     */
    async updateFacts(fundId: string | null, viewer: Viewer, dealId: string, body: DealFactsBody) {
      const fund = await fundOf(fundId);
      const current = await getRow(fundId, dealId);
      if (!fund) throw new AppError('not_found', DEAL_NOT_FOUND);
      const fields = { sector: body.sector, stage: body.stage, geography: body.geography };
      const fit = thesisFit(fund, fields);
      const next = { startupName: body.startupName, ...fields, stage: fit.stage };
      const factsFromDeck = current.deal.factsFromDeck.filter((fact) => next[fact] === current.deal[fact]);
      await repo.updateFacts(fund.id, dealId, { ...next, region: fit.region, fitSector: fit.fitSector, fitStage: fit.fitStage, fitGeography: fit.fitGeography, factsFromDeck });
      await updates.changed(fund.id, dealId);
      return { ok: true as const, deal: await oneSeen(fund.id, viewer, await getRow(fund.id, dealId)) };
    },

    /** The decline every member's move to Cold goes through (matches module): the founder hears back as from the Cold dialog. */
    declinesThrough(through: DealDecline) {
      decline = through;
    },

    /** changeStatus, answered with the deal as the member now sees it. */
    async setStatus(fundId: string | null, userId: string, dealId: string, body: { status: DealRowStatus; note: string }) {
      await changeStatus(fundId, userId, dealId, body);
      const row = await getRow(fundId, dealId);
      // Hot, Track and Cold are the member's own view of the deal, and the blind first look hides a
      // score only from members who have not given theirs: nothing to ask for those.
      return { ok: true as const, deal: body.status === 'new' ? await oneSeen(fundId!, userId, row) : toDeal(row, false) };
    },

    /**
     * The dashboard's Upload Deck & Score: the deal is made, its deck checked by content and
     * stored, and its scoring queued. On the trial, a fund with no score left is refused first.
     */
    async upload(fundId: string | null, viewer: Viewer, input: NewDealInput) {
      const fund = await fundOf(fundId);
      if (!fund) throw new AppError('conflict', 'Please complete your fund profile first');
      // The deck is opened once, in the analyzer's bounded reader: a deck it cannot read is refused
      // before any deal exists, and what the form left empty (stage, sector, always the place) is
      // read from the text it found, and marked so.
      const inspection = await decks.inspectChecked(input.file.bytes);
      const read = withDeckFacts({ companyName: input.companyName, stage: input.stage, sector: input.sector, geography: '' }, factsOfPages(inspection.deck.pages));
      const fields = { sector: read.sector, stage: read.stage, geography: read.geography };
      // Under the fund's lock, as every arrival: two uploads at once on the trial's last score
      // cannot both pass (the first one's deal counts as in flight for the second).
      const deal = await uow.run(async (tx) => {
        const locked = await arrivals.in(tx).lockFund(fund.id);
        if (!locked || (await trialSpent(arrivals.in(tx), locked))) throw new AppError('plan_limit', TRIAL_SCORING_REFUSED);
        const created = await repo.in(tx).insert({ fundId: fund.id, startupName: input.companyName, ...fields, ...thesisFit(fund, fields), source: 'upload', factsFromDeck: factsFromDeckColumn(read.fromDeck) });
        await creations.emit({ fundId: fund.id, dealId: created.id }, tx);
        return created;
      });
      const owner = dealOwner(deal.id);
      try {
        await decks.upload(owner, input.file, { versionsKept: null, inspection });
      } catch (err) {
        await repo.remove(deal.id);
        throw err;
      }
      await scoring.start(owner);
      return { deal: await oneSeen(fund.id, viewer, await getRow(fund.id, deal.id)) };
    },

    /**
     * The CSV export: refused on a spent trial; rows produced a page at a time as the socket takes
     * them. A score the viewer may not see yet (blind first look) is exported blank, sorted as unscored.
     */
    async exportRows(fundId: string | null, viewer: Viewer, filters: DealFilters & Pick<Filters, 'ids'>) {
      const fund = await fundOf(fundId);
      if (fund && planOf(fund).name === 'trial' && planOf(fund).trialRemaining === 0) {
        throw new AppError('plan_limit', TRIAL_EXPORT_REFUSED);
      }
      const base = publicWebUrl.replace(/\/$/, '');
      async function* rows(): AsyncGenerator<readonly CsvValue[]> {
        if (!fund) return;
        const { sort, status, ...rest } = filters;
        const planned = { ...(await filtersOf(fund.id, rest)), status };
        const blindStages = blindStagesOnce(fund.id, viewer);
        const blindSort = await blindSortOf(fund.id, viewer, sort, blindStages);
        let after: [string | number | null, string] | undefined;
        for (;;) {
          const rows = await repo.exportPage({ fundId: fund.id, filters: planned, sort, limit: CSV_PAGE, after, blindSort });
          const items = rows.slice(0, CSV_PAGE);
          const hidden = await hiddenOf(fund.id, viewer, items, blindStages);
          for (const row of items) {
            const d = hidden.has(row.id) ? { ...row, fitScore: null, confidence: null, subScores: row.subScores.map(() => null) } : row;
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
    async scored(owner: ScoringOwner, score: { id: string; analysis: unknown }, tx: Transaction, deck: ScoredDeck = { pages: null }) {
      if (owner.kind !== 'deal') return;
      const analysis = score.analysis as FitScoreAnalysis;
      const deals = repo.in(tx);
      let row = await deals.getById(owner.dealId);
      if (!row) return;
      // First scored: blanks the arrival could not read (an image-only deck has no text layer) take
      // what the scoring read, OCR included, marked as read from the deck. A re-score leaves a member's blanks.
      if (!row.deal.scoredAt && deck.pages && (await fillFromScoredDeck(row, deck.pages, tx))) row = (await deals.getById(owner.dealId))!;
      const tags = evidenceTags(analysis, { sector: row.deal.fitSector, stage: row.deal.fitStage, geography: row.deal.fitGeography });
      await deals.applyScore(owner.dealId, { id: score.id, confidence: analysis.confidence.level, tags });
    },

    /**
     * A removed stage's deals go to another stage of the same triage (the stages module's save,
     * in its transaction); open screens hear of each.
     */
    async moveStageDeals(fundId: string, from: StagePlan, toStageId: string, tx: Transaction) {
      const moved = await repo.in(tx).moveStageDeals(fundId, from, toStageId);
      for (const dealId of moved) await updates.changed(fundId, dealId, tx);
      return moved.length;
    },

    /** How many of the fund's deals each stage holds (no filters). */
    async stageCounts(fundId: string, all: readonly FundStage[], tx?: Transaction) {
      const counts = new Map<string, number>();
      for (const row of await repo.in(tx).stageCounts(fundId, {})) {
        const stage = stageOfDeal(all, { pipelineStageId: row.stageId, status: row.status });
        if (stage) counts.set(stage.id, (counts.get(stage.id) ?? 0) + row.n);
      }
      return counts;
    },

    /**
     * The fund's thesis changed: every deal's fit and region are read again from its facts, as at
     * its arrival (joins the thesis save's transaction); open screens hear of each deal that changed.
     */
    async refit(fundId: string, tx: Transaction) {
      const fund = await arrivals.in(tx).lockFund(fundId);
      if (!fund) return;
      const deals = repo.in(tx);
      for (const facts of await deals.thesisFacts(fundId)) {
        const fit = thesisFit(fund, facts);
        const changed = await deals.setThesisFit(fundId, facts, fit, thesisTagOf({ sector: fit.fitSector, stage: fit.fitStage, geography: fit.fitGeography }));
        for (const dealId of changed) updates.changed(fundId, dealId, tx);
      }
    },

    /** The fund's weights changed: every deal is re-ranked (joins the weight save's transaction). */
    rerank: (fundId: string, tx?: Transaction) => repo.in(tx).rerank(fundId),
  };
}
export type DealsService = ReturnType<typeof createDealsService>;
