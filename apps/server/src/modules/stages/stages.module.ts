import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../plugins/platform.ts';
import type { DealsService } from '../deals/deals.service.ts';
import { createStagesRepository } from './stages.repository.ts';
import { stagesRoutes } from './stages.routes.ts';
import { createStageMoves, createStagesService } from './stages.service.ts';

/** The fund's own stages (issue 31 point 1): made before the deals module, which reads them. */
export function create({ platform }: { platform: Platform }) {
  const repo = createStagesRepository(platform.db);
  return Object.assign(createStagesService({ repo, uow: platform.uow }), { repo });
}
export type Stages = ReturnType<typeof create>;

/** The routes, once the deals and the Cold dialog's decline (matches module) exist. */
export function register(
  app: FastifyInstance,
  {
    platform,
    stages,
    deals,
    decline,
  }: {
    platform: Platform;
    stages: Stages;
    deals: DealsService;
    decline: Parameters<typeof createStageMoves>[0]['decline'];
  },
) {
  const moves = createStageMoves({ stages, repo: stages.repo, uow: platform.uow, deals, decline });
  stagesRoutes(app, stages, moves, deals);
}
