import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../plugins/platform.ts';
import type { ApplicantRepliesService } from '../applicant-replies/applicant-replies.service.ts';
import type { BillingService } from '../billing/billing.service.ts';
import type { DealsService } from '../deals/deals.service.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import { createMatchesRepository } from './matches.repository.ts';
import { matchesRoutes } from './matches.routes.ts';
import { createMatchesService } from './matches.service.ts';

export interface MatchesModuleDeps {
  platform: Platform;
  profiles: ProfilesService;
  billing: BillingService;
  deals: Pick<DealsService, 'changeStatus' | 'scored' | 'detail' | 'arrive' | 'carryDeck' | 'declinesThrough'>;
  notifications: Pick<NotificationsService, 'notifyFund' | 'handleActions'>;
  replies: Pick<ApplicantRepliesService, 'declined'>;
  jobs: JobQueue;
}

/** Founders meet the investors who fit: matches (Premium), warm intros, and the reasons for a no. */
export function register(app: FastifyInstance, { platform, profiles, billing, deals, notifications, replies, jobs }: MatchesModuleDeps) {
  const matches = createMatchesService({
    repo: createMatchesRepository(platform.db),
    uow: platform.uow,
    profiles,
    assertPremium: (userId, featureName) => billing.assertFeature(userId, 'investor_matches', featureName),
    notifications,
    deals,
    replies,
    jobs,
  });
  jobs.register(...matches.jobs);
  notifications.handleActions('warmintro', (action, ctx) => matches.decideIntro(action, ctx));
  // Every move to Cold is this decline: the founder hears back whichever way the deal went there.
  deals.declinesThrough(matches.decline);
  matchesRoutes(app, matches);
  return matches;
}
