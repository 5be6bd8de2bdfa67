import { notificationSubject } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../plugins/platform.ts';
import { createSecretBox } from '../account-security/secret-box.ts';
import type { CollabService } from '../collab/collab.service.ts';
import type { DealsService } from '../deals/deals.service.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { ScoringService } from '../scoring/scoring.service.ts';
import { createWebhooksOutRepository } from './webhooks-out.repository.ts';
import { webhooksOutRoutes } from './webhooks-out.routes.ts';
import { createWebhooksOutService } from './webhooks-out.service.ts';

export interface WebhooksOutModuleDeps {
  platform: Platform;
  jobs: JobQueue;
  deals: Pick<DealsService, 'view' | 'onCreated' | 'onStatusChanged' | 'onAssigned'>;
  scoring: Pick<ScoringService, 'onScored'>;
  collab: Pick<CollabService, 'onCommentCreated'>;
  notifications: Pick<NotificationsService, 'onNotificationCreated'>;
}

/**
 * Outgoing webhooks for Enterprise funds (issue 33 point 2, ADR 0052). Subscribes to where the
 * events happen (deals, scoring, comments, warm intros), each in its cause's transaction where there
 * is one, and registers Settings → Webhooks.
 */
export function register(
  app: FastifyInstance,
  { platform, jobs, deals, scoring, collab, notifications }: WebhooksOutModuleDeps,
) {
  const { config } = platform;
  const webhooks = createWebhooksOutService({
    repo: createWebhooksOutRepository(platform.db),
    uow: platform.uow,
    jobs,
    box: createSecretBox(platform.appSecret),
    policy: { allowPrivate: config.alerts.allowPrivate },
    timeoutMs: config.alerts.timeoutMs,
    schedule: config.webhooksOut,
    deals,
  });
  deals.onCreated(({ fundId, dealId }, tx) => webhooks.raise({ fundId, type: 'deal.created', dealId }, tx));
  // Registered after the deals module's own listener: the score is on the deal when this runs.
  scoring.onScored(async (owner, _score, tx) => {
    if (owner.kind !== 'deal') return;
    const fundId = await webhooks.dealFund(owner.dealId, tx);
    if (fundId) await webhooks.raise({ fundId, type: 'deal.scored', dealId: owner.dealId }, tx);
  });
  deals.onStatusChanged(({ fundId, dealId, from, to, userId }, tx) =>
    webhooks.raise({ fundId, type: 'deal.status_changed', dealId, from, to, by: userId }, tx),
  );
  deals.onAssigned(({ fundId, dealId, from, to, userId }, tx) =>
    webhooks.raise({ fundId, type: 'deal.assigned', dealId, from, to, by: userId }, tx),
  );
  collab.onCommentCreated(({ fundId, dealId, comment }, tx) =>
    webhooks.raise({ fundId, type: 'comment.created', dealId, comment }, tx),
  );
  // Warm intros are heard once stored and committed (the notifications module's hook), once per fund.
  notifications.onNotificationCreated(async (n, { fundId }) => {
    if (n.type !== 'warmintro' || !n.introId) return;
    await webhooks.raise({
      fundId,
      type: 'intro.requested',
      dealId: n.dealId,
      intro: { introId: n.introId, startupName: notificationSubject(n.title), note: n.details },
    });
  });
  jobs.register(...webhooks.jobs);
  webhooksOutRoutes(app, webhooks);
  return webhooks;
}
