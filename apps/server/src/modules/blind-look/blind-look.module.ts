import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../plugins/platform.ts';
import type { DealsService } from '../deals/deals.service.ts';
import { createBlindLookRepository } from './blind-look.repository.ts';
import { blindLookRoutes } from './blind-look.routes.ts';
import { createBlindLookService, type BlindLookServiceDeps } from './blind-look.service.ts';

/** Members' own votes and the blind first look (issue 31 point 7): made before the deals module, which asks it what a member may see. */
export function create({ platform, stages }: { platform: Platform; stages: BlindLookServiceDeps['stages'] }) {
  return createBlindLookService({ repo: createBlindLookRepository(platform.db), uow: platform.uow, stages });
}
export type BlindLook = ReturnType<typeof create>;

/** Each Hot/Track/Cold press is the member's vote; the routes once the deals exist. */
export function register(app: FastifyInstance, { blind, deals }: { blind: BlindLook; deals: Pick<DealsService, 'view' | 'onVoted'> }) {
  deals.onVoted((vote, tx) => blind.record(vote, tx));
  blindLookRoutes(app, blind, deals);
}
