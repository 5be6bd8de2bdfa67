import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import sse from '@fastify/sse';
import { DECK_VIEWER_HEADER } from '@fitscore/contracts';
import { createUnitOfWork, migrateDatabase, openDatabase, type DatabaseHandle } from '@fitscore/db';
import { DeckAnalyzer } from '@fitscore/deck-analysis';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { DestinationStream } from 'pino';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { AppConfig } from './config/env.ts';
import type { BlobStore } from './lib/blob-store.ts';
import { openBlobStore } from './lib/open-blob-store.ts';
import { createAccessRepository } from './modules/access/access.repository.ts';
import * as apiAccessModule from './modules/api-access/api-access.module.ts';
import * as applicantRepliesModule from './modules/applicant-replies/applicant-replies.module.ts';
import * as brandingModule from './modules/branding/branding.module.ts';
import * as accountSecurityModule from './modules/account-security/account-security.module.ts';
import { loadAppSecret } from './modules/account-security/secret-box.ts';
import * as auditModule from './modules/audit/audit.module.ts';
import * as blindLookModule from './modules/blind-look/blind-look.module.ts';
import * as authModule from './modules/auth/auth.module.ts';
import type { OnboardingChecks, PasswordSignInPolicy, SecondFactorGate } from './modules/auth/auth.service.ts';
import * as billingModule from './modules/billing/billing.module.ts';
import * as collabModule from './modules/collab/collab.module.ts';
import * as companiesModule from './modules/companies/companies.module.ts';
import * as dealImportModule from './modules/deal-import/deal-import.module.ts';
import * as dealsModule from './modules/deals/deals.module.ts';
import * as deckLinksModule from './modules/deck-links/deck-links.module.ts';
import * as decksModule from './modules/decks/decks.module.ts';
import * as docsModule from './modules/docs/docs.module.ts';
import { MAX_DECK_BYTES } from './modules/decks/decks.service.ts';
import { createStoredEventBus, type EventBus } from './modules/events/event-bus.ts';
import * as eventsModule from './modules/events/events.module.ts';
import * as followUpsModule from './modules/follow-ups/follow-ups.module.ts';
import * as founderModule from './modules/founder/founder.module.ts';
import * as fundDataModule from './modules/fund-data/fund-data.module.ts';
import * as founderOutreachModule from './modules/founder-outreach/founder-outreach.module.ts';
import * as fundsModule from './modules/funds/funds.module.ts';
import * as fundReportsModule from './modules/fund-reports/fund-reports.module.ts';
import * as healthModule from './modules/health/health.module.ts';
import type { Readiness } from './modules/health/health.module.ts';
import { bindAttemptLog } from './modules/auth/attempt-limiter.ts';
import { createSharedLimits, type SharedLimits } from './modules/limits/limits.module.ts';
import { createMonitoring, metricsRoute, type Monitoring } from './modules/monitoring/monitoring.module.ts';
import * as integrationsModule from './modules/integrations/integrations.module.ts';
import { notificationAlerts } from './modules/integrations/notification-alerts.ts';
import * as intakeModule from './modules/intake/intake.module.ts';
import { registerJobQueue } from './modules/jobs/jobs.plugin.ts';
import * as leadsModule from './modules/leads/leads.module.ts';
import * as matchesModule from './modules/matches/matches.module.ts';
import * as metricsModule from './modules/metrics/metrics.module.ts';
import * as notificationsModule from './modules/notifications/notifications.module.ts';
import { createProfilesRepository } from './modules/profiles/profiles.repository.ts';
import { createProfilesService } from './modules/profiles/profiles.service.ts';
import * as reportsModule from './modules/reports/reports.module.ts';
import * as scoringModule from './modules/scoring/scoring.module.ts';
import * as ssoModule from './modules/sso/sso.module.ts';
import * as seenBeforeModule from './modules/seen-before/seen-before.module.ts';
import * as savedViewsModule from './modules/saved-views/saved-views.module.ts';
import * as stagesModule from './modules/stages/stages.module.ts';
import * as shareLinksModule from './modules/share-links/share-links.module.ts';
import * as teamModule from './modules/team/team.module.ts';
import * as webhooksOutModule from './modules/webhooks-out/webhooks-out.module.ts';
import { registerAccessGuard, type Authenticator } from './plugins/auth.ts';
import {
  keepConnectionsWhileAnswering,
  limitConnectionsPerAddress,
  serverTimeouts,
  trustProxyOption,
} from './plugins/connection-limits.ts';
import { registerErrorHandling, registerNotFound } from './plugins/errors.ts';
import { registerLifecycle } from './plugins/lifecycle.ts';
import { REDACTED_LOG_PATHS, serializeErrorForLog, serializeRequestForLog } from './plugins/log-safety.ts';
import { assertAllProvided, extensionPoint } from './plugins/extension-point.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { createPageCursors } from './plugins/page-cursor.ts';
import type { DeckAnalyzerPort, HttpClient, Platform } from './plugins/platform.ts';
import { responseSerializerCompiler } from './plugins/response-serializer.ts';
import { addSecurityHeaders } from './plugins/security-headers.ts';

export interface BuildOptions {
  /** An already open database (tests share one per file); otherwise one is opened from config. */
  database?: DatabaseHandle;
  /** Injection points: the real ones unless a test passes a fake of what it does not test. */
  analyzer?: DeckAnalyzerPort;
  blobs?: BlobStore;
  http?: HttpClient;
  events?: EventBus;
  /** Where log lines go instead of stdout (a test reads them back). */
  logStream?: DestinationStream;
  /** The clock of what falls due by time (follow-ups: due reminders, idle deals, digest periods); a test moves it. */
  now?: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The server-push bus, for code outside the modules (tests, scripts) to publish on. */
    events: EventBus;
    /** For the operators' port (server.ts): the metrics and whether this process should get traffic. */
    ops: { registry: Monitoring['registry']; readiness: Readiness };
    /** Where this app counts its limits (tests look into the attempts it has heard). */
    sharedLimits: SharedLimits;
  }
}

function loggerOptions(config: AppConfig, stream: DestinationStream | undefined) {
  return {
    level: config.log.level,
    redact: { paths: [...REDACTED_LOG_PATHS], censor: '[redacted]' },
    serializers: { err: serializeErrorForLog, req: serializeRequestForLog },
    ...(stream
      ? { stream }
      : config.log.pretty
        ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } }
        : {}),
  };
}

/** The infrastructure every module may use; the parts a test may replace come from `options`. */
function buildPlatform(
  app: FastifyInstance,
  config: AppConfig,
  database: DatabaseHandle,
  options: BuildOptions,
  monitoring: Monitoring,
): Platform {
  const { db } = database;
  const appSecret = loadAppSecret({ appSecret: config.appSecret, dataDir: config.dataDir });
  let analyzer = options.analyzer;
  if (!analyzer) {
    const real = new DeckAnalyzer({
      maxWorkers: config.analyzer.workers,
      timeoutMs: config.analyzer.timeoutMs,
      ...(config.llm ? { llm: config.llm } : {}),
    });
    app.addHook('onClose', () => real.close());
    analyzer = real;
  }
  analyzer = monitoring.timedAnalyzer(analyzer);
  let blobs = options.blobs;
  if (!blobs) {
    const opened = openBlobStore(config);
    app.addHook('onClose', () => opened.close());
    blobs = opened;
  }
  let events = options.events;
  if (!events) {
    // The stored log with LISTEN/NOTIFY fan-out (ADR 0025): streams on any process, replay after Last-Event-ID.
    const stored = createStoredEventBus(database, app.log);
    app.addHook('onReady', async () => stored.start());
    app.addHook('preClose', () => stored.close());
    events = stored;
  }
  return {
    config,
    db,
    listDb: database.listDb,
    uow: createUnitOfWork(db),
    appSecret,
    analyzer,
    blobs,
    http: options.http ?? globalThis.fetch,
    events,
    cursors: createPageCursors(appSecret),
  };
}

/** Assembles the API: infrastructure first, then each feature module registers itself. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    trustProxy: trustProxyOption(config.trustProxy),
    ...serverTimeouts(config.connections),
    bodyLimit: config.bodyLimitBytes,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: false },
  });
  limitConnectionsPerAddress(app.server, config.connections.maxPerAddress, config.trustProxy);
  keepConnectionsWhileAnswering(app);
  registerLifecycle(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandling(app);

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: join(config.dataDir, 'pg'),
      namedStatements: config.databaseNamedStatements,
    }));
  if (!options.database) {
    await migrateDatabase(database, config.databaseUrl);
    app.addHook('onClose', () => database.close());
  }

  addSecurityHeaders(app, { crossOriginResourcePolicy: { policy: 'cross-origin' } });
  const corsOptions = {
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id', DECK_VIEWER_HEADER],
    exposedHeaders: ['X-Request-Id', 'Content-Disposition'],
    maxAge: 600,
  };
  // The web app's origins everywhere; an Enterprise fund's own apply host (white-label) on the
  // public apply endpoints only (its page calls them from there).
  const applyOrigins = { allow: async (_origin: string) => false };
  await app.register(cors, {
    delegator: async (request: FastifyRequest) => {
      const origin = request.headers.origin;
      const applyPath = /^\/api\/apply(?:-host)?\//.test(request.url);
      const extra =
        applyPath && origin && !config.corsOrigins.includes(origin) && (await applyOrigins.allow(origin))
          ? [origin]
          : [];
      return { ...corsOptions, origin: [...config.corsOrigins, ...extra] };
    },
  });
  // Every limit counted where all API hosts see it: the database, or Redis with REDIS_URL (ADR 0043).
  const limits = createSharedLimits({ database, redis: config.redis, log: app.log });
  app.decorate('sharedLimits', limits);
  app.addHook('onReady', () => limits.start());
  app.addHook('preClose', () => limits.close());
  await app.register(rateLimit, { global: false, ...limits.rateLimitOptions });
  await app.register(multipart, {
    limits: { fileSize: MAX_DECK_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 4096 },
  });
  await app.register(sse, { heartbeatInterval: 25_000 });
  await registerOpenApi(app, config);
  registerNotFound(app, { max: config.rateLimits.notFoundPerMinute, timeWindow: 60_000 });

  const monitoring = createMonitoring(app, database);
  if (config.metrics.token) metricsRoute(app, monitoring.registry, config.metrics.token);
  const platform = buildPlatform(app, config, database, options, monitoring);
  app.decorate('events', platform.events);

  // Slots one module fills and another reads; all must be filled before the app starts.
  const authenticator = extensionPoint<Authenticator>('auth.authenticator');
  const secondFactor = extensionPoint<SecondFactorGate>('account-security.secondFactor');
  const passwordPolicy = extensionPoint<PasswordSignInPolicy>('sso.passwordPolicy');
  const usage = {
    scansThisMonth: extensionPoint<(userId: string) => Promise<number>>('scoring.scansThisMonth'),
    versionsKept: extensionPoint<(userId: string) => Promise<number>>('decks.versionsKept'),
  };
  const onboarding: OnboardingChecks = {};

  const memberships = createAccessRepository(platform.db);
  registerAccessGuard(app, {
    authenticator: { authenticate: (token) => authenticator.get().authenticate(token) },
    publicLimits: { form: { max: config.rateLimits.publicFormPerMinute, timeWindow: 60_000 } },
  });

  // The modules, in dependency order; the attempt limiters they make count in the shared log.
  const releaseAttemptLog = bindAttemptLog(limits.attempts);
  const readiness = healthModule.register(app, { ping: database.ping });
  app.decorate('ops', { registry: monitoring.registry, readiness });
  // The audit log first: it records the audited routes' events as they answer (ADR 0064).
  auditModule.register(app, { platform });
  const { auth, protection } = authModule.register(app, {
    platform,
    onboarding,
    secondFactor,
    authenticator,
    passwordPolicy,
  });
  accountSecurityModule.register(app, { platform, auth, protection, secondFactor });
  leadsModule.register(app, { platform });
  docsModule.register(app);
  eventsModule.register(app, { platform, memberships });
  const billing = billingModule.register(app, { platform, usage });
  // The founder journey: profile → deck → scoring (a durable job) → results and outputs.
  const profiles = createProfilesService(createProfilesRepository(platform.db));
  const jobs = registerJobQueue(app, database, config, monitoring.jobSettled);
  monitoring.watchQueue(jobs);
  const decks = decksModule.register(app, { platform, versionsKept: usage.versionsKept });
  const scoring = scoringModule.register(app, {
    platform,
    profiles,
    decks,
    jobs,
    scansThisMonth: usage.scansThisMonth,
  });
  jobs.register(...scoring.jobs);
  const metrics = metricsModule.register(app, { platform, profiles, billing });
  founderModule.register(app, { platform, billing, profiles, decks, scoring, metrics, onboarding });
  reportsModule.register(app, { scoring, profiles });
  shareLinksModule.register(app, { platform, scoring, profiles });
  deckLinksModule.register(app, { platform, decks, pageImages: decks.pageImages, profiles });
  companiesModule.register(app, { platform, profiles, billing });
  // The investor side.
  const funds = fundsModule.register(app, { platform, onboarding });
  const stages = stagesModule.create({ platform });
  const blind = blindLookModule.create({ platform, stages });
  const deals = dealsModule.register(app, {
    platform,
    decks,
    pageImages: decks.pageImages,
    scoring,
    funds,
    stages,
    blind,
  });
  blindLookModule.register(app, { blind, deals });
  const integrations = integrationsModule.register(app, { platform, jobs, deals });
  // Enterprise white-label: the apply page's and founder emails' brand, and a fund's own apply host.
  const branding = brandingModule.register(app, { platform });
  applyOrigins.allow = branding.isApplyOrigin;
  const replies = applicantRepliesModule.register(app, { platform, jobs, branding });
  const intake = intakeModule.register(app, { platform, jobs, replies, deals, branding });
  const notifications = notificationsModule.register(app, { platform, scoring, deals, blind });
  // A match or a warm intro raised for a fund also goes to the fund's Slack/Teams, as it chose.
  notifications.onNotificationCreated(notificationAlerts({ integrations, deals }));
  const collab = collabModule.register(app, { platform, deals, notifications });
  // Importing the fund's existing deal flow from a CSV, through the deals and collab modules.
  dealImportModule.register(app, { platform, jobs, deals, dealTeam: deals.team, stages, collab });
  const matches = matchesModule.register(app, { platform, profiles, billing, deals, notifications, replies, jobs });
  // The board's moves: a stage mapped to Cold declines the deal as the Cold dialog does.
  stagesModule.register(app, { platform, stages, deals, decline: matches.decline });
  // A company that came back: what the fund saw and decided before (issue 31 point 6).
  seenBeforeModule.register(app, { deals, decks, scoring, collab, matches });
  // Where the deck went: read over the deals and intros above, never writing them.
  founderOutreachModule.register(app, { platform });
  deals.registerBulk(stages, matches.bulkDecline);
  savedViewsModule.register(app, { platform });
  const team = teamModule.register(app, { platform, dealTeam: deals.team });
  fundReportsModule.register(app, { platform, stages, deals, team });
  // Follow-ups: reminders, the fund's 'no touch' rule, what is due, and the digest email (ADR 0067).
  followUpsModule.register(app, {
    platform,
    jobs,
    deals,
    stages,
    team,
    collab,
    notifications,
    ...(options.now ? { now: options.now } : {}),
  });
  // Enterprise: single sign-on and SCIM provisioning, over the auth and team services.
  ssoModule.register(app, { platform, auth, team, passwordPolicy });
  // Enterprise: API keys and the public API under /api/v1/, over the same services.
  apiAccessModule.register(app, { platform, deals, dealTeam: deals.team, collab, intake });
  // Enterprise: outgoing webhooks of deal events, signed (Standard Webhooks) and retried for a day.
  webhooksOutModule.register(app, { platform, jobs, deals, scoring, collab, notifications });
  // Enterprise: the fund's data as one archive, and the fund's deletion after a grace period.
  fundDataModule.register(app, { platform, jobs, funds, auth, memberships });
  releaseAttemptLog();

  assertAllProvided([authenticator, secondFactor, passwordPolicy, usage.scansThisMonth, usage.versionsKept]);
  if (!onboarding.founder || !onboarding.vc) throw new Error('Every role needs an onboarding check');
  return app;
}
