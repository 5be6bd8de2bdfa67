import type { FundStage } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../plugins/platform.ts';
import type { CollabService } from '../collab/collab.service.ts';
import type { DealTeamService } from '../deals/deal-team.service.ts';
import type { DealsService } from '../deals/deals.service.ts';
import { MAX_DECK_BYTES } from '../decks/decks.service.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { createDealImportRepository } from './deal-import.repository.ts';
import { dealImportRoutes } from './deal-import.routes.ts';
import { createDealImportService } from './deal-import.service.ts';

export interface DealImportModuleDeps {
  platform: Platform;
  jobs: JobQueue;
  deals: Pick<DealsService, 'arriveAll' | 'attachDeck' | 'trialSpent'>;
  dealTeam: Pick<DealTeamService, 'members'>;
  stages: { list(fundId: string): Promise<FundStage[]> };
  collab: Pick<CollabService, 'postIn'>;
}

/**
 * Importing a fund's existing deal flow from a CSV (issue 31 point 5, ADR 0068): the deals are
 * created or merged by the deals module, the notes posted as comments by the collab module, the
 * decks fetched under the alert webhooks' SSRF rules and scored through the job queue.
 */
export function register(app: FastifyInstance, { platform, jobs, deals, dealTeam, stages, collab }: DealImportModuleDeps) {
  const imports = createDealImportService({
    repo: createDealImportRepository(platform.db),
    uow: platform.uow,
    blobs: platform.blobs,
    jobs,
    deals,
    stages,
    members: async (fundId) => (await dealTeam.members(fundId)).members,
    collab,
    policy: { allowPrivate: platform.config.alerts.allowPrivate },
    timeoutMs: platform.config.alerts.timeoutMs,
    maxDeckBytes: MAX_DECK_BYTES,
    log: app.log,
  });
  jobs.register(...imports.jobs);
  dealImportRoutes(app, imports);
  return imports;
}
