import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../plugins/platform.ts';
import { createSecretBox } from '../account-security/secret-box.ts';
import type { ApplicantRepliesService } from '../applicant-replies/applicant-replies.service.ts';
import type { BrandingService } from '../branding/branding.service.ts';
import type { DealsService } from '../deals/deals.service.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { createIntakeRepository } from './intake.repository.ts';
import { intakeRoutes } from './intake.routes.ts';
import { createIntakeService } from './intake.service.ts';
import { createSmtpReceiver } from './smtp-receiver.ts';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

export interface IntakeModuleDeps {
  platform: Platform;
  jobs: JobQueue;
  replies: Pick<ApplicantRepliesService, 'applied'>;
  deals: Pick<DealsService, 'arrive' | 'attachDeck' | 'trialSpent'>;
  branding: Pick<BrandingService, 'forApplyPage'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The port the SMTP receiver listens on; null when it is off (SMTP_ENABLED=false). */
    intakeSmtpPort: number | null;
  }
}

/**
 * Deal intake (issue 12): the public apply form, forwarded email (the built-in SMTP receiver and
 * an endpoint for hosted inbound-mail services) and a signed webhook, all through one intake log.
 */
export function register(app: FastifyInstance, { platform, jobs, replies, deals, branding }: IntakeModuleDeps) {
  const { config } = platform;
  const intake = createIntakeService({
    repo: createIntakeRepository(platform.db),
    uow: platform.uow,
    blobs: platform.blobs,
    jobs,
    replies,
    deals,
    branding,
    analyzer: platform.analyzer,
    secrets: createSecretBox(platform.appSecret),
    publicWebUrl: config.publicWebUrl,
    publicApiUrl: config.publicApiUrl,
    emailDomain: config.intake.emailDomain,
    ratePerMinute: config.intake.ratePerMinute,
    payloadRetentionDays: config.intake.payloadRetentionDays,
  });
  jobs.register(...intake.jobs);
  intakeRoutes(app, intake, { webhookPerMinute: config.intake.ratePerMinute });

  // The hourly payload retention sweep, run like the server events' one (any process may run
  // it: deleting twice is harmless), not through pg-boss's scheduler.
  let sweepTimer: ReturnType<typeof setInterval> | undefined;
  let closing = false;
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = () =>
    (sweeping = intake
      .prunePayloads()
      .then((n) => n > 0 && app.log.info({ deleted: n, days: config.intake.payloadRetentionDays }, 'intake: raw payloads past retention deleted'))
      .catch((err: unknown) => {
        if (!closing) app.log.warn({ err }, 'intake: payload retention sweep failed');
      }));
  app.addHook('onReady', async () => {
    sweep();
    sweepTimer = setInterval(sweep, SWEEP_EVERY_MS);
    sweepTimer.unref();
  });
  app.addHook('preClose', async () => {
    closing = true;
    if (sweepTimer) clearInterval(sweepTimer);
    // A sweep under way finishes before the database closes.
    await sweeping;
  });

  app.decorate('intakeSmtpPort', null);
  if (config.intake.smtpEnabled) {
    const smtp = createSmtpReceiver(intake, app.log, {
      maxClients: config.intake.smtpMaxClients,
      maxPerAddress: config.intake.smtpMaxPerAddress,
      idleTimeoutMs: config.intake.smtpIdleTimeoutMs,
      proxyProtocolFrom: config.intake.smtpProxyProtocolFrom,
    });
    app.addHook('onReady', async () => {
      app.intakeSmtpPort = await smtp.listen(config.intake.smtpPort, config.intake.smtpHost);
      app.log.info({ port: app.intakeSmtpPort, domain: config.intake.emailDomain }, 'intake: SMTP receiver listening');
    });
    // Stops taking mail before the job queue and the database close.
    app.addHook('preClose', () => smtp.close());
  }
  return intake;
}
