import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../plugins/platform.ts';
import { createSecretBox } from '../account-security/secret-box.ts';
import type { DealsService } from '../deals/deals.service.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { createIntegrationsRepository } from './integrations.repository.ts';
import { integrationsRoutes } from './integrations.routes.ts';
import { createIntegrationsService, type IntegrationsService } from './integrations.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Slack/Teams alerts, for code outside the modules (tests, scripts): `app.alerts.dispatch(fundId, event)`. */
    alerts: Pick<IntegrationsService, 'dispatch'>;
  }
}

export interface IntegrationsModuleDeps {
  platform: Platform;
  jobs: JobQueue;
  deals: DealsService;
}

/**
 * A fund's Slack and Microsoft Teams alerts. Other modules call the returned service's
 * `dispatch(fundId, event, { tx })`; the deals module's status changes are subscribed here.
 */
export function register(app: FastifyInstance, { platform, jobs, deals }: IntegrationsModuleDeps) {
  const integrations = createIntegrationsService({
    repo: createIntegrationsRepository(platform.db),
    uow: platform.uow,
    jobs,
    box: createSecretBox(platform.appSecret),
    policy: { allowPrivate: platform.config.alerts.allowPrivate },
    publicWebUrl: platform.config.publicWebUrl,
    timeoutMs: platform.config.alerts.timeoutMs,
  });
  deals.onStatusChanged((change, tx) => integrations.statusChanged(change, tx));
  jobs.register(...integrations.jobs);
  integrationsRoutes(app, integrations);
  app.decorate('alerts', { dispatch: integrations.dispatch });
  return integrations;
}
