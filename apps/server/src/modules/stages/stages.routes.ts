import { BOARD_COLUMN_LIMIT, stagesEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { DealsService } from '../deals/deals.service.ts';
import type { createStageMoves, StagesService } from './stages.service.ts';

/** The fund's stages (members read, admins edit), a deal's move between them, and the board. */
export function stagesRoutes(
  app: FastifyInstance,
  stages: StagesService,
  moves: ReturnType<typeof createStageMoves>,
  deals: Pick<DealsService, 'board'>,
) {
  registerEndpoint(app, stagesEndpoints.list, async ({ fund }) => ({
    stages: fund.id ? await stages.list(fund.id) : [],
  }));
  registerEndpoint(app, stagesEndpoints.save, ({ fund, body }) => moves.save(fund.id, body));
  registerEndpoint(app, stagesEndpoints.move, ({ fund, auth, params, body }) =>
    moves.move(fund.id, auth.user.id, params.id, body),
  );
  registerEndpoint(app, stagesEndpoints.board, ({ fund, auth, query }) => deals.board(fund.id, auth.user.id, query, BOARD_COLUMN_LIMIT));
}
