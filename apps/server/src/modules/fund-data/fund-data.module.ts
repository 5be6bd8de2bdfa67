import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../plugins/platform.ts';
import type { Memberships } from '../../plugins/auth.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { createArchiveLinks, type LinkHolder } from './archive-links.ts';
import { createFundDataRepository } from './fund-data.repository.ts';
import { fundDataRoutes } from './fund-data.routes.ts';
import { createFundDataService, type FundDataDeps, type FundDataService } from './fund-data.service.ts';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** The purge as its job runs it, at a given time (tests, and operators' scripts). */
    fundData: Pick<FundDataService, 'purgeDue'>;
  }
  interface FastifyRequest {
    /** On an archive download through a link (no session): the fund and the admin who made the link. */
    linkHolder: LinkHolder | null;
  }
}

export interface FundDataModuleDeps {
  platform: Platform;
  jobs: JobQueue;
  funds: FundDataDeps['funds'];
  auth: FundDataDeps['auth'];
  memberships: Memberships;
}

/** A fund's data, whole (issue 33 point 6, ADR 0070): the archive and the fund's deletion, on Enterprise. */
export function register(app: FastifyInstance, { platform, jobs, funds, auth, memberships }: FundDataModuleDeps) {
  const repo = createFundDataRepository(platform.db);
  const fundData = createFundDataService({
    repo,
    uow: platform.uow,
    blobs: platform.blobs,
    jobs,
    funds,
    auth,
    events: platform.events,
    graceHours: platform.config.fundDeletionGraceHours,
    log: app.log,
  });
  jobs.register(...fundData.jobs);
  app.decorateRequest('linkHolder', null);
  fundDataRoutes(
    app,
    fundData,
    createArchiveLinks({ appSecret: platform.appSecret, memberships, apiUrl: platform.config.publicApiUrl, repo }),
  );
  app.decorate('fundData', { purgeDue: fundData.purgeDue });

  // Each deletion has its job at its time; the hourly sweep finishes one whose job failed for good.
  // Any process may run it: a purge is idempotent.
  let sweepTimer: ReturnType<typeof setInterval> | undefined;
  let closing = false;
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = () =>
    (sweeping = fundData.purgeDue(new Date()).catch((err: unknown) => {
      if (!closing) app.log.warn({ err }, 'fund-data: purge sweep failed');
    }));
  app.addHook('onReady', async () => {
    if (!platform.config.jobs.enabled) return;
    sweepTimer = setInterval(sweep, SWEEP_EVERY_MS);
    sweepTimer.unref();
  });
  app.addHook('preClose', async () => {
    closing = true;
    if (sweepTimer) clearInterval(sweepTimer);
    await sweeping;
  });
}
