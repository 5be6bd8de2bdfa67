import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../plugins/platform.ts';
import type { DealsService } from '../deals/deals.service.ts';
import type { StagesService } from '../stages/stages.service.ts';
import type { TeamService } from '../team/team.service.ts';
import { createFundReportsRepository } from './fund-reports.repository.ts';
import { fundReportsRoutes } from './fund-reports.routes.ts';
import { createFundReportsService } from './fund-reports.service.ts';

/** The fund's Reports screen (issue 31 point 8): reads only, over the deals, stages and team modules' data. */
export function register(
  app: FastifyInstance,
  { platform, stages, deals, team }: { platform: Platform; stages: Pick<StagesService, 'list'>; deals: Pick<DealsService, 'facets'>; team: Pick<TeamService, 'team'> },
) {
  const reports = createFundReportsService({
    repo: createFundReportsRepository(platform.db),
    stages,
    facets: (fundId) => deals.facets(fundId),
    members: (fundId) => team.team(fundId),
  });
  fundReportsRoutes(app, reports);
  return reports;
}
