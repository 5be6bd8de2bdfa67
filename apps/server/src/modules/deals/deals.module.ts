import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../plugins/platform.ts';
import type { DeckPageImages } from '../decks/deck-page-images.service.ts';
import type { DecksService } from '../decks/decks.service.ts';
import type { FundsService } from '../funds/funds.service.ts';
import type { ScoringService } from '../scoring/scoring.service.ts';
import { createDealArrivalsRepository } from './deal-arrivals.repository.ts';
import { createDealBatchesRepository } from './deal-batches.repository.ts';
import { dealBulkRoutes } from './deal-bulk.routes.ts';
import { createDealBulk, type BulkDecline } from './deal-bulk.service.ts';
import { createDealTeamRepository } from './deal-team.repository.ts';
import { createDealTeamService } from './deal-team.service.ts';
import { createDealInsightsRepository } from './deal-insights.repository.ts';
import { dealInsightsRoutes } from './deal-insights.routes.ts';
import { createDealInsightsService } from './deal-insights.service.ts';
import { createDealUpdates } from './deal-updates.ts';
import { createDealsRepository } from './deals.repository.ts';
import { dealsRoutes } from './deals.routes.ts';
import { createDealsService, type DealsServiceDeps } from './deals.service.ts';

export interface DealsModuleDeps {
  platform: Platform;
  decks: DecksService;
  /** Page images for the deal page's deck viewer (decks module). */
  pageImages: DeckPageImages;
  scoring: ScoringService;
  funds: FundsService;
  /** The fund's own stages (stages module), for the stage filter and the board. */
  stages: DealsServiceDeps['stages'];
  /** What a member may see before their own view (blind-look module). */
  blind: DealsServiceDeps['blind'];
}

/** A fund's deals: the pipeline, triage, CSV, and scores under the fund's weights. */
export function register(app: FastifyInstance, { platform, decks, pageImages, scoring, funds, stages, blind }: DealsModuleDeps) {
  // Outside a transaction the deals' statements (the list reads above all) run on the pool whose
  // sessions keep a generic plan per named statement (ADR 0055); in one, on its connection.
  const repo = createDealsRepository(platform.listDb);
  // Open screens hear of every change to a deal they may show (issue 29 point 1).
  const updates = createDealUpdates({ events: platform.events, uow: platform.uow, log: app.log });
  const deals = createDealsService({
    repo,
    arrivals: createDealArrivalsRepository(platform.db),
    updates,
    uow: platform.uow,
    decks,
    scoring,
    cursors: platform.cursors,
    publicWebUrl: platform.config.publicWebUrl,
    stages,
    blind,
  });
  scoring.onScored((owner, score, tx, deck) => deals.scored(owner, score, tx, deck));
  deals.onStatusChanged(async ({ fundId, dealId }, tx) => updates.changed(fundId, dealId, tx));
  deals.onAssigned(async ({ fundId, dealId }, tx) => updates.changed(fundId, dealId, tx));
  deals.onReviewed(async ({ fundId, dealId }, tx) => updates.changed(fundId, dealId, tx));
  scoring.onRunChanged((owner) => {
    if (owner.kind !== 'deal') return;
    repo
      .getById(owner.dealId)
      .then((row) => row && updates.changed(row.deal.fundId, row.deal.id))
      .catch((err: unknown) => app.log.warn({ err, dealId: owner.dealId }, 'deal change not pushed'));
  });
  funds.onWeightsSaved((fundId, tx) => deals.rerank(fundId, tx));
  funds.onThesisSaved((fundId, tx) => deals.refit(fundId, tx));
  const team = createDealTeamService({ team: createDealTeamRepository(platform.db), deals: repo, uow: platform.uow, assigned: deals.assigned, view: deals.view });
  dealsRoutes(app, deals, team);
  dealInsightsRoutes(app, createDealInsightsService({ repo: createDealInsightsRepository(platform.db), decks, pageImages, deals, scoring }));
  /** Bulk actions (issue 31 point 3), once the stages and the decline (matches module) exist: they reuse both. */
  function registerBulk(stagesOfFund: Parameters<typeof createDealBulk>[0]['stages'], decline: BulkDecline) {
    const bulk = createDealBulk({ repo, batches: createDealBatchesRepository(platform.db), uow: platform.uow, deals, team, updates, stages: stagesOfFund, decline });
    dealBulkRoutes(app, bulk, deals);
    return bulk;
  }
  return Object.assign(deals, { team, registerBulk });
}
