import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../plugins/platform.ts';
import type { DealTeamService } from '../deals/deal-team.service.ts';
import { createMailer } from '../mail/mailer.ts';
import { createTeamRepository } from './team.repository.ts';
import { teamRoutes } from './team.routes.ts';
import { createTeamService } from './team.service.ts';

/** The fund as a team: members, roles, invite links (issue 13 §1). */
export function register(app: FastifyInstance, { platform, dealTeam }: { platform: Platform; dealTeam: Pick<DealTeamService, 'releaseOwnedBy'> }) {
  const team = createTeamService({
    repo: createTeamRepository(platform.db),
    uow: platform.uow,
    mailer: createMailer(platform.config.mail, app.log),
    publicWebUrl: platform.config.publicWebUrl,
    log: app.log,
    deals: dealTeam,
  });
  app.addHook('preClose', async () => {
    await team.drain();
  });
  teamRoutes(app, team);
  return team;
}
