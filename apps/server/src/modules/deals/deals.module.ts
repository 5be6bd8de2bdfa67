import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../plugins/platform.ts';
import type { DecksService } from '../decks/decks.service.ts';
import type { FundsService } from '../funds/funds.service.ts';
import type { ScoringService } from '../scoring/scoring.service.ts';
import { createDealSourcesRepository } from './deal-sources.repository.ts';
import { createDealsRepository } from './deals.repository.ts';
import { dealsRoutes } from './deals.routes.ts';
import { createDealsService } from './deals.service.ts';

export interface DealsModuleDeps {
  platform: Platform;
  decks: DecksService;
  scoring: ScoringService;
  funds: FundsService;
}

/** A fund's deals: the pipeline, triage, CSV, and scores under the fund's weights. */
export function register(app: FastifyInstance, { platform, decks, scoring, funds }: DealsModuleDeps) {
  const deals = createDealsService({
    repo: createDealsRepository(platform.db),
    sources: createDealSourcesRepository(platform.db),
    uow: platform.uow,
    decks,
    scoring,
    cursors: platform.cursors,
    publicWebUrl: platform.config.publicWebUrl,
  });
  scoring.onScored((owner, score, tx) => deals.scored(owner, score, tx));
  funds.onWeightsSaved((fundId, tx) => deals.rerank(fundId, tx));
  dealsRoutes(app, deals);
  return deals;
}
