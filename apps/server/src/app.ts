import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '@fitscore/db';
import { DeckAnalyzer } from '@fitscore/deck-analysis';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { AppConfig } from './config/env.ts';
import { createLocalBlobStore } from './lib/blob-store.ts';
import { createAccountSecurityRepository } from './modules/account-security/account-security.repository.ts';
import { accountSecurityRoutes } from './modules/account-security/account-security.routes.ts';
import { createAccountSecurityService } from './modules/account-security/account-security.service.ts';
import { createSecretBox, loadAppSecret } from './modules/account-security/secret-box.ts';
import { createAccountProtectionRepository } from './modules/auth/account-protection.repository.ts';
import { createAccountRecoveryService } from './modules/auth/account-recovery.service.ts';
import { createAuthRepository } from './modules/auth/auth.repository.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createSignInProtection } from './modules/auth/sign-in-protection.ts';
import { createMailer } from './modules/mail/mailer.ts';
import { createBillingRepository } from './modules/billing/billing.repository.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { createBillingService } from './modules/billing/billing.service.ts';
import { createLocalBillingProvider } from './modules/billing/local-billing.provider.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createDecksRepository } from './modules/decks/decks.repository.ts';
import { decksRoutes } from './modules/decks/decks.routes.ts';
import { createDecksService, MAX_DECK_BYTES } from './modules/decks/decks.service.ts';
import { founderRoutes } from './modules/founder/founder.routes.ts';
import { createFounderService } from './modules/founder/founder.service.ts';
import { createJobRunner } from './modules/jobs/job-runner.ts';
import { createJobsRepository } from './modules/jobs/jobs.repository.ts';
import { createJobQueue } from './modules/jobs/jobs.service.ts';
import { createLeadsRepository } from './modules/leads/leads.repository.ts';
import { leadsRoutes } from './modules/leads/leads.routes.ts';
import { createLeadsService } from './modules/leads/leads.service.ts';
import { createMetricsRepository } from './modules/metrics/metrics.repository.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';
import { createMetricsService } from './modules/metrics/metrics.service.ts';
import { createProfilesRepository } from './modules/profiles/profiles.repository.ts';
import { createProfilesService } from './modules/profiles/profiles.service.ts';
import { createScoringRepository } from './modules/scoring/scoring.repository.ts';
import { scoringRoutes } from './modules/scoring/scoring.routes.ts';
import { createScoringService, SCORING_QUEUE } from './modules/scoring/scoring.service.ts';
import { companiesRoutes } from './modules/companies/companies.routes.ts';
import { createCompaniesRepository } from './modules/companies/companies.repository.ts';
import { createCompaniesService } from './modules/companies/companies.service.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { createReportsService } from './modules/reports/reports.service.ts';
import { createShareLinksRepository } from './modules/share-links/share-links.repository.ts';
import { shareLinksRoutes } from './modules/share-links/share-links.routes.ts';
import { createShareLinksService } from './modules/share-links/share-links.service.ts';
import { createFundsRepository } from './modules/funds/funds.repository.ts';
import { fundsRoutes } from './modules/funds/funds.routes.ts';
import { createFundsService } from './modules/funds/funds.service.ts';
import { registerAuthGuard } from './plugins/auth.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerOpenApi } from './plugins/openapi.ts';

export interface BuildOptions {
  /** An already open database (tests share one per file); otherwise one is opened from config. */
  database?: DatabaseHandle;
}

function loggerOptions(config: AppConfig) {
  return {
    level: config.log.level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-fitscore-signature"]'],
    ...(config.log.pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } } : {}),
  };
}

/** Assembles the API: infrastructure first, then the feature modules, each wired to its services. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: false },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandling(app);

  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: join(config.dataDir, 'pg') }));
  if (!options.database) {
    await migrateDatabase(database, config.databaseUrl);
    app.addHook('onClose', () => database.close());
  }
  const { db } = database;

  await app.register(helmet, { global: true, crossOriginResourcePolicy: { policy: 'cross-origin' } });
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id'],
    exposedHeaders: ['X-Request-Id', 'Content-Disposition'],
    maxAge: 600,
  });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: MAX_DECK_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 4096 } });
  await registerOpenApi(app, config);

  // Services, wired once. Later modules register their onboarding checks here.
  const onboardingChecks: Parameters<typeof createAuthService>[0] extends { onboarding: () => infer O } ? O : never = {};
  // Accounts: sign-in failures counted in the database; reset and verification links sent by mail.
  const authRepo = createAuthRepository(db, { idleDays: config.auth.sessionIdleDays });
  const protectionRepo = createAccountProtectionRepository(db);
  const protection = createSignInProtection(protectionRepo, config.auth);
  const recovery = createAccountRecoveryService({
    users: authRepo,
    repo: protectionRepo,
    protection,
    mailer: createMailer(config.mail, app.log),
    publicWebUrl: config.publicWebUrl,
    log: app.log,
  });
  app.addHook('preClose', () => recovery.drain());
  const auth = createAuthService({
    repo: authRepo,
    config: config.auth,
    protection,
    recovery,
    onboarding: () => onboardingChecks,
    secondFactor: () => accountSecurity.secondFactor,
  });
  const leads = createLeadsService(createLeadsRepository(db));
  // Password change, sessions and two-factor sign-in; its secrets are sealed with the app secret.
  const accountSecurity = createAccountSecurityService({
    repo: createAccountSecurityRepository(db),
    auth,
    secrets: createSecretBox(loadAppSecret({ appSecret: config.appSecret, dataDir: config.dataDir })),
    config: config.auth,
    protection,
  });
  // Founder plans. Usage comes from the scoring and deck services (wired below; read only at call time).
  const billingRepo = createBillingRepository(db);
  const billing = createBillingService({
    repo: billingRepo,
    provider: createLocalBillingProvider(billingRepo),
    usage: {
      scansThisMonth: (userId) => scoring.countThisMonth(userId),
      versionsKept: (userId) => decks.versionsKept(userId),
    },
  });
  const planLimits = async (userId: string) => billing.limits(await billing.getPlan(userId));

  // The founder journey: profile → deck → scoring (a durable job) → results and metrics.
  const blobs = createLocalBlobStore(join(config.dataDir, 'blobs'));
  const analyzer = new DeckAnalyzer({
    maxWorkers: config.analyzer.workers,
    timeoutMs: config.analyzer.timeoutMs,
    ...(config.llm ? { llm: config.llm } : {}),
  });
  app.addHook('onClose', () => analyzer.close());
  const jobsRepo = createJobsRepository(db);
  let wakeRunner = () => {};
  const queue = createJobQueue(jobsRepo, () => wakeRunner());
  const profiles = createProfilesService(createProfilesRepository(db));
  const decks = createDecksService({
    repo: createDecksRepository(db),
    blobs,
    profiles,
    versionsKept: async (userId) => (await planLimits(userId)).versionsKept,
    inspect: (bytes) => analyzer.inspect(bytes),
  });
  const scoring = createScoringService({
    repo: createScoringRepository(db),
    profiles,
    decks,
    queue,
    analyzer,
    assertCanScore: billing.assertCanScore,
  });
  const metrics = createMetricsService({
    repo: createMetricsRepository(db),
    profiles,
    hasFinancialDashboard: async (userId) => (await planLimits(userId)).premiumFeatures,
  });
  const founder = createFounderService({ profiles, decks, scoring, metrics });
  Object.assign(onboardingChecks, { founder: profiles.isComplete });
  // The investor side: a VC's fund (onboarding steps, weights, intake sources); login's flag is the server's.
  const funds = createFundsService(createFundsRepository(db));
  Object.assign(onboardingChecks, { vc: (userId: string) => funds.isOnboarded(userId) });
  // Founder outputs: the PDF report, public share links, similar funded companies (Premium).
  const reports = createReportsService({ scoring, profiles });
  const shareLinks = createShareLinksService({
    repo: createShareLinksRepository(db),
    scoring,
    profiles,
    publicWebUrl: config.publicWebUrl,
  });
  const companies = createCompaniesService({
    repo: createCompaniesRepository(db),
    profiles,
    assertPremium: billing.assertPremium,
  });

  if (config.jobs.enabled) {
    const runner = createJobRunner({
      repo: jobsRepo,
      handlers: { [SCORING_QUEUE]: (payload, ctx) => scoring.runJob(payload, ctx) },
      onFailed: (job, err) => (job.queue === SCORING_QUEUE ? scoring.jobFailed(job.payload, err) : Promise.resolve()),
      log: app.log,
      concurrency: config.jobs.concurrency,
      leaseMs: config.jobs.leaseMs,
      pollMs: config.jobs.pollMs,
      drainMs: config.jobs.drainMs,
    });
    wakeRunner = runner.notify;
    app.addHook('onReady', async () => runner.start());
    // Runs before the analyzer and database close: running jobs finish or go back to the queue.
    app.addHook('preClose', () => runner.stop());
  }

  registerAuthGuard(app, auth);
  healthRoutes(app, database.ping);
  authRoutes(app, auth, recovery, config);
  leadsRoutes(app, leads);
  accountSecurityRoutes(app, accountSecurity, config);
  billingRoutes(app, billing);
  founderRoutes(app, founder, profiles);
  decksRoutes(app, decks);
  scoringRoutes(app, scoring);
  metricsRoutes(app, metrics);
  reportsRoutes(app, reports);
  shareLinksRoutes(app, shareLinks);
  companiesRoutes(app, companies);
  fundsRoutes(app, funds);

  return app;
}
