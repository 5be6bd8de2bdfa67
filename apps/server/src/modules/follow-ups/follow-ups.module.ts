import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../plugins/platform.ts';
import type { CollabService } from '../collab/collab.service.ts';
import type { DealsService } from '../deals/deals.service.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { createMailer } from '../mail/mailer.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { StagesService } from '../stages/stages.service.ts';
import type { TeamService } from '../team/team.service.ts';
import { createDigest } from './digest.ts';
import { createFollowUpsRepository } from './follow-ups.repository.ts';
import { followUpsRoutes } from './follow-ups.routes.ts';
import { createFollowUpsService } from './follow-ups.service.ts';

export interface FollowUpsModuleDeps {
  platform: Platform;
  jobs: JobQueue;
  deals: Pick<DealsService, 'view' | 'list' | 'onStatusesChanged' | 'onAssigned' | 'onPlaced'>;
  stages: Pick<StagesService, 'list'>;
  team: Pick<TeamService, 'team'>;
  collab: Pick<CollabService, 'onCommentCreated'>;
  notifications: Pick<NotificationsService, 'list'>;
  /** The clock; tests pass their own. */
  now?: () => Date;
}

/**
 * Follow-ups (issue 31 point 4, ADR 0067): reminders on deals, the fund's 'no touch in N days'
 * rule, what is due in the bell and on the dashboard, and the digest email on worker hosts.
 */
export function register(app: FastifyInstance, { platform, jobs, deals, stages, team, collab, notifications, now = () => new Date() }: FollowUpsModuleDeps) {
  const repo = createFollowUpsRepository(platform.db);
  const followUps = createFollowUpsService({
    repo,
    deals,
    stages,
    members: async (fundId) => (await team.team(fundId)).members,
    now,
  });
  // A touch on a deal, recorded in the action's own transaction.
  // One statement for a bulk selection's deals, not one per deal (1,000 deals: about 370 ms less).
  deals.onStatusesChanged(async ({ dealIds }, tx) => followUps.touched(dealIds, tx));
  deals.onAssigned(async ({ dealId }, tx) => followUps.touched([dealId], tx));
  // A move to another stage is work on the deal even when its triage stays the same (Screening → First call).
  deals.onPlaced(async ({ dealIds }, tx) => followUps.touched(dealIds, tx));
  collab.onCommentCreated(async ({ dealId }, tx) => followUps.touched([dealId], tx));
  followUpsRoutes(app, followUps);

  const digest = createDigest({
    repo,
    uow: platform.uow,
    jobs,
    mailer: createMailer(platform.config.mail, app.log),
    followUps,
    deals,
    notifications,
    publicWebUrl: platform.config.publicWebUrl,
    hour: platform.config.digest.hourUtc,
    now,
    log: app.log,
  });
  jobs.register(...digest.jobs);
  const { enabled } = platform.config.jobs;
  const { checkMs } = platform.config.digest;
  if (enabled && checkMs > 0) {
    let stop: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stop = digest.start(checkMs);
    });
    app.addHook('preClose', async () => stop?.());
  }
  return followUps;
}
