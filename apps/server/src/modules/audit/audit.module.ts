import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../plugins/platform.ts';
import { createAuditRepository } from './audit.repository.ts';
import { auditRoutes } from './audit.routes.ts';
import { createAuditService, type AuditRecorder } from './audit.service.ts';
import { recordAuditedRoutes } from './audited-routes.ts';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Records an event no audited route's answer tells (SCIM provisioning, a failed SSO callback). */
    audit: AuditRecorder;
  }
}

/** The audit log (issue 33 point 5, ADR 0064): recorded always, read and exported on Enterprise. */
export function register(app: FastifyInstance, { platform }: { platform: Platform }) {
  const repo = createAuditRepository(platform.db);
  const audit = createAuditService(repo, app.log);
  auditRoutes(app, audit);
  recordAuditedRoutes(app, audit, repo);
  app.decorate('audit', { record: audit.record });

  // The hourly retention sweep, run like the intake payload one (any process may run it).
  let sweepTimer: ReturnType<typeof setInterval> | undefined;
  let closing = false;
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = () =>
    (sweeping = audit
      .sweep()
      .then((n) => n > 0 && app.log.info({ deleted: n }, 'audit: entries past 400 days deleted'))
      .catch((err: unknown) => {
        if (!closing) app.log.warn({ err }, 'audit: retention sweep failed');
      }));
  app.addHook('onReady', async () => {
    sweep();
    sweepTimer = setInterval(sweep, SWEEP_EVERY_MS);
    sweepTimer.unref();
  });
  app.addHook('preClose', async () => {
    closing = true;
    if (sweepTimer) clearInterval(sweepTimer);
    await sweeping;
  });
  return audit;
}
