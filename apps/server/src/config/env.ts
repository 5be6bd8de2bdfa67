import proxyaddr from '@fastify/proxy-addr';
import { isAbsolute, join, resolve } from 'node:path';
import { API_KEY_RATE_LIMIT_PER_MINUTE } from '@fitscore/contracts';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(8000),
  WEB_HOST: z.string().min(1).optional(),
  WEB_PORT: port.default(3000),
  SERVE_WEB: bool.default(true),
  WEB_DIST_DIR: z.string().optional(),
  PUBLIC_WEB_URL: z.url().optional(),
  PUBLIC_API_URL: z.url().optional(),
  CORS_ORIGINS: z.string().optional(),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().optional(),
  /** Repeated statements kept prepared (ADR 0029 on PostgreSQL, ADR 0031 on PGlite); 0 behind a transaction-pooling proxy. */
  DATABASE_NAMED_STATEMENTS: z.coerce.number().int().min(0).default(500),
  BLOB_STORE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: bool.optional(),
  /** `false`/unset, `true` (every hop: only when nothing but the proxy can reach the server), a hop count, or a comma list of proxy addresses/CIDRs. */
  TRUST_PROXY: z.string().trim().default('false'),
  /** Whole request (headers and body) must arrive within this; a stalled upload is closed. */
  REQUEST_TIMEOUT_MS: positiveInt.default(55_000),
  HEADERS_TIMEOUT_MS: positiveInt.default(15_000),
  /** A connection with no traffic either way for this long is closed (SSE heartbeats every 25 s). */
  IDLE_TIMEOUT_MS: positiveInt.default(30_000),
  KEEP_ALIVE_TIMEOUT_MS: positiveInt.default(5_000),
  /** Open connections one client address may hold; 0 = no cap. Addresses listed in TRUST_PROXY are exempt. */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).default(128),
  SESSION_TTL_DAYS: positiveInt.default(30),
  /** A session unused for this many days ends. */
  SESSION_IDLE_DAYS: positiveInt.default(7),
  /** Outgoing mail server (smtp:// or smtps://). Unset: each message is written to DATA_DIR/outbox/ as an .eml file. */
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('FitScore <no-reply@fitscore.local>'),
  AUTH_RATE_LIMIT_PER_MINUTE: positiveInt.default(20),
  PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: positiveInt.default(10),
  /** Deal intake (issue 12): items per minute per fund and per sender address, on every channel (form, email, webhook). */
  INTAKE_RATE_LIMIT_PER_MINUTE: positiveInt.default(30),
  /** Raw intake payloads (messages, webhook bodies, form decks) of items with a final outcome are deleted this many days after it (the log row stays). */
  INTAKE_PAYLOAD_RETENTION_DAYS: positiveInt.default(30),
  /** Hours between an admin's confirmed fund deletion and its purge, during which admins can cancel it (ADR 0070). */
  FUND_DELETION_GRACE_HOURS: positiveInt.default(7 * 24),
  /** The built-in SMTP receiver of forwarded decks; on by default except under NODE_ENV=test. */
  SMTP_ENABLED: bool.optional(),
  SMTP_PORT: port.default(2525),
  /** SMTP clients connected at once to this host's receiver; more are refused with 421 at connect. */
  SMTP_MAX_CLIENTS: positiveInt.default(50),
  /** SMTP connections at once from one address; more are refused with 421 at connect. */
  SMTP_MAX_CONNECTIONS_PER_ADDRESS: positiveInt.default(5),
  /** An SMTP session that sends nothing for this long is closed. */
  SMTP_IDLE_TIMEOUT_SECONDS: positiveInt.default(60),
  /**
   * Addresses of the balancers in front of the SMTP receiver (comma-separated) whose connections
   * begin with a PROXY protocol v1 header naming the real sender; empty (the default): none.
   */
  SMTP_PROXY_PROTOCOL_FROM: z
    .string()
    .trim()
    .default('')
    .transform((v) => v.split(',').map((a) => a.trim()).filter(Boolean)),
  /** Funds' intake addresses are `{slug}@{INTAKE_EMAIL_DOMAIN}`. */
  INTAKE_EMAIL_DOMAIN: z.string().min(1).default('intake.localhost'),
  NOT_FOUND_RATE_LIMIT_PER_MINUTE: positiveInt.default(100),
  /** Calls one API key may make per minute on the public API (/api/v1/). */
  API_RATE_LIMIT_PER_MINUTE: positiveInt.default(API_KEY_RATE_LIMIT_PER_MINUTE),
  AUTH_FAILURES_PER_EMAIL: positiveInt.default(10),
  AUTH_FAILURE_WINDOW_MINUTES: positiveInt.default(15),
  /** Failed sign-ins from one client address (any accounts) before it is blocked for the window. */
  AUTH_FAILURES_PER_ADDRESS: positiveInt.default(50),
  BODY_LIMIT_BYTES: positiveInt.default(1024 * 1024),
  /** Lets alert webhooks (Slack/Teams) reach private, loopback and link-local addresses and plain http: tests and closed networks only. */
  ALERT_WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  ALERT_WEBHOOK_TIMEOUT_MS: positiveInt.default(10_000),
  /** Outgoing webhooks (ADR 0052): the first retry's delay (doubled each time, with jitter), the longest delay, and how long a message is retried. */
  WEBHOOK_OUT_RETRY_BASE_MS: positiveInt.default(10_000),
  WEBHOOK_OUT_RETRY_MAX_MS: positiveInt.default(3 * 60 * 60 * 1000),
  WEBHOOK_OUT_RETRY_WINDOW_MS: positiveInt.default(24 * 60 * 60 * 1000),
  /** Whether this process serves the API (and the web app, the SMTP receiver); `false` makes a worker host that only runs jobs. */
  API_ENABLED: bool.default(true),
  /** Redis for the shared limits instead of the database (ADR 0043). */
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// or rediss:// URL').optional(),
  /** Before every key this app keeps in Redis (several apps or test runs can share one server). */
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('fitscore:'),
  /** A separate port for /metrics, /healthz and /readyz (operators' network only); unset: none. */
  METRICS_PORT: port.optional(),
  METRICS_HOST: z.string().min(1).optional(),
  /** With it, GET /metrics on the API port answers a request bearing this token. */
  METRICS_TOKEN: z
    .string()
    .refine((v) => v === '' || v.length >= 16, 'METRICS_TOKEN must be at least 16 characters')
    .optional(),
  /** After SIGTERM: how long /readyz answers 503 while requests are still served, so the balancer moves away first (0: one process, no balancer). */
  SHUTDOWN_DRAIN_DELAY_MS: z.coerce.number().int().min(0).default(0),
  /** After the drain delay: how long requests in flight may take before their connections are closed. */
  SHUTDOWN_TIMEOUT_MS: positiveInt.default(15_000),
  /** The reconnection delay a closing event stream tells browsers (SSE `retry:`). */
  EVENTS_RETRY_MS: positiveInt.default(1_000),
  JOBS_ENABLED: bool.default(true),
  JOB_CONCURRENCY: positiveInt.default(2),
  JOB_LEASE_MS: positiveInt.default(30_000),
  JOB_POLL_MS: positiveInt.default(1000),
  JOB_DRAIN_MS: positiveInt.default(10_000),
  /** The hour from which each day's digest emails go out, on each member's clock (their time zone; UTC until they choose one); weekly ones on Mondays from that hour. */
  DIGEST_HOUR_UTC: z.coerce.number().int().min(0).max(23).default(7),
  /** How often a worker host looks for members whose digest is due (0: never, on this host). */
  DIGEST_CHECK_MS: z.coerce.number().int().min(0).default(60_000),
  ANALYZER_WORKERS: positiveInt.default(2),
  SCORING_TIMEOUT_MS: positiveInt.default(180_000),
  LLM_BASE_URL: z.url().optional(),
  LLM_MODEL: z.string().optional(),
  LLM_API_KEY: z.string().optional(),
  /** Encrypts stored two-factor secrets and keys recovery-code hashes. Absent: a key generated once in DATA_DIR. */
  APP_SECRET: z
    .string()
    .refine((v) => v === '' || v.length >= 32, 'APP_SECRET must be at least 32 characters')
    .optional(),
  /** Stripe (ADR 0048): with a secret key, plans are bought with Checkout and changed only by Stripe's signed webhooks. Unset: no payments. */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_VC_PRO: z.string().optional(),
  STRIPE_PRICE_FOUNDER_PREMIUM: z.string().optional(),
  /** Another Stripe API host (a local stand-in or stripe-mock); unset: Stripe itself. */
  STRIPE_API_BASE: z.url().optional(),
  /** A webhook signed longer ago than this is refused (replays). */
  STRIPE_WEBHOOK_TOLERANCE_SECONDS: positiveInt.default(300),
}).superRefine((e, ctx) => {
  if (e.STRIPE_SECRET_KEY) {
    for (const name of ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_VC_PRO', 'STRIPE_PRICE_FOUNDER_PREMIUM'] as const) {
      if (!e[name]) ctx.addIssue({ code: 'custom', path: [name], message: `${name} is required when STRIPE_SECRET_KEY is set` });
    }
  }
  if (e.BLOB_STORE === 's3' && !e.S3_BUCKET) {
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'S3_BUCKET is required when BLOB_STORE=s3' });
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither' });
  }
});

/** Where uploaded files are kept: DATA_DIR/blobs, or an S3-compatible bucket shared by every process. */
export type BlobStoreConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      /** Unset: AWS S3 itself. */
      endpoint: string | undefined;
      region: string;
      /** Unset: the AWS SDK's default credential chain (environment, instance or task role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

export type TrustProxy = boolean | number | string[];

/** Stripe as configured; absent, the server takes no payments and an operator sets plans. */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  webhookToleranceSeconds: number;
  prices: { premium: string; pro: string };
  apiBase: string | undefined;
}

/** `TRUST_PROXY` as Fastify takes it; anything else is a start-up error naming the variable. */
export function parseTrustProxy(raw: string): TrustProxy {
  const value = raw.trim().toLowerCase();
  if (value === '' || value === 'false' || value === '0' || value === 'no') return false;
  if (value === 'true' || value === 'yes') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value.split(',').map((v) => v.trim()).filter(Boolean);
  try {
    proxyaddr.compile(list);
  } catch (err) {
    throw new Error(`Invalid environment:\n  TRUST_PROXY: ${(err as Error).message} (give true, false, a hop count or addresses/CIDRs)`);
  }
  return list;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  web: { serve: boolean; host: string; port: number; distDir: string };
  publicWebUrl: string;
  publicApiUrl: string;
  corsOrigins: string[];
  dataDir: string;
  databaseUrl: string | undefined;
  /** Repeated statements PostgreSQL keeps prepared under a name; 0: none. */
  databaseNamedStatements: number;
  blobs: BlobStoreConfig;
  log: { level: string; pretty: boolean };
  /** Fastify's `trustProxy`: false, true, a hop count or a list of addresses/CIDRs. */
  trustProxy: TrustProxy;
  /** Slow-client protection on the API and web servers. */
  connections: {
    requestTimeoutMs: number;
    headersTimeoutMs: number;
    idleTimeoutMs: number;
    keepAliveTimeoutMs: number;
    maxPerAddress: number;
  };
  auth: {
    sessionTtlDays: number;
    sessionIdleDays: number;
    rateLimitPerMinute: number;
    failuresPerEmail: number;
    failuresPerAddress: number;
    failureWindowMinutes: number;
  };
  /** Per-IP limits: public forms (contact sales, apply forms) and unknown paths. */
  rateLimits: { publicFormPerMinute: number; notFoundPerMinute: number; apiKeyPerMinute: number };
  bodyLimitBytes: number;
  /** Deal intake: the SMTP receiver, the funds' email domain and the per-fund/per-sender limit. */
  intake: {
    smtpEnabled: boolean;
    smtpHost: string;
    smtpPort: number;
    /** Bounds of the SMTP receiver: clients at once, per address, and an idle session's life. */
    smtpMaxClients: number;
    /** Peers whose connections start with a PROXY protocol header (the balancers); empty: none. */
    smtpProxyProtocolFrom: string[];
    smtpMaxPerAddress: number;
    smtpIdleTimeoutMs: number;
    emailDomain: string;
    ratePerMinute: number;
    payloadRetentionDays: number;
  };
  /** A fund's deletion: how long it waits, cancellable, before the purge (ADR 0070). */
  fundDeletionGraceHours: number;
  jobs: { enabled: boolean; concurrency: number; leaseMs: number; pollMs: number; drainMs: number };
  /** Digest emails (follow-ups): the hour they go out from (in each member's time zone), and how often a worker checks. */
  digest: { hourUtc: number; checkMs: number };
  /** Whether this process serves the API; a worker host has it off. */
  apiEnabled: boolean;
  /** Shared limits in Redis instead of the database, under keys starting with `prefix`. */
  redis: { url: string; prefix: string } | undefined;
  /** /metrics: on a port of its own (with /healthz and /readyz), and/or on the API port behind a bearer token. */
  metrics: { port: number | undefined; host: string; token: string | undefined };
  /** Graceful shutdown for a balancer: the drain delay, then the deadline for requests in flight. */
  shutdown: { drainDelayMs: number; timeoutMs: number; eventsRetryMs: number };
  /** Slack/Teams alert webhooks: whether private addresses (and http) are allowed, and how long a post may wait. */
  alerts: { allowPrivate: boolean; timeoutMs: number };
  /** Outgoing webhooks: retry schedule (the SSRF rules and timeout are the alerts'). */
  webhooksOut: { retryBaseMs: number; retryMaxMs: number; retryWindowMs: number };
  analyzer: { workers: number; timeoutMs: number };
  llm: { baseUrl: string; model: string; apiKey: string } | undefined;
  /** From APP_SECRET; undefined means use (or create) DATA_DIR/app-secret.key. */
  appSecret: string | undefined;
  /** SMTP when `smtpUrl` is set, else .eml files in `outboxDir`. */
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  stripe: StripeConfig | undefined;
}

const REPO_ROOT = resolve(import.meta.dirname, '../../../..');

/**
 * Parses the environment once; nothing else in the server reads process.env.
 * Logs are pretty on a terminal and JSON lines otherwise (files, pipes, log collectors) unless LOG_PRETTY says.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, stdoutIsTerminal = Boolean(process.stdout.isTTY)): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const e = parsed.data;
  const publicWebUrl = e.PUBLIC_WEB_URL ?? `http://localhost:${e.WEB_PORT}`;
  const publicApiUrl = e.PUBLIC_API_URL ?? `http://localhost:${e.PORT}`;
  const corsOrigins = e.CORS_ORIGINS
    ? e.CORS_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean)
    : [publicWebUrl, `http://127.0.0.1:${e.WEB_PORT}`, `http://localhost:${e.WEB_PORT}`];
  const dataDir = isAbsolute(e.DATA_DIR) ? e.DATA_DIR : resolve(REPO_ROOT, e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    web: {
      serve: e.SERVE_WEB,
      host: e.WEB_HOST ?? e.HOST,
      port: e.WEB_PORT,
      distDir: e.WEB_DIST_DIR ?? join(REPO_ROOT, 'apps/web/dist'),
    },
    publicWebUrl,
    publicApiUrl,
    corsOrigins: [...new Set(corsOrigins)],
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    databaseNamedStatements: e.DATABASE_NAMED_STATEMENTS,
    blobs:
      e.BLOB_STORE === 's3'
        ? {
            kind: 's3',
            bucket: e.S3_BUCKET!,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'local' },
    log: { level: e.LOG_LEVEL, pretty: e.LOG_PRETTY ?? stdoutIsTerminal },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    connections: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      // Node requires the headers timeout not to exceed the request timeout.
      headersTimeoutMs: Math.min(e.HEADERS_TIMEOUT_MS, e.REQUEST_TIMEOUT_MS),
      idleTimeoutMs: e.IDLE_TIMEOUT_MS,
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      maxPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
    },
    auth: {
      sessionTtlDays: e.SESSION_TTL_DAYS,
      sessionIdleDays: e.SESSION_IDLE_DAYS,
      rateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
      failuresPerEmail: e.AUTH_FAILURES_PER_EMAIL,
      failuresPerAddress: e.AUTH_FAILURES_PER_ADDRESS,
      failureWindowMinutes: e.AUTH_FAILURE_WINDOW_MINUTES,
    },
    rateLimits: {
      publicFormPerMinute: e.PUBLIC_FORM_RATE_LIMIT_PER_MINUTE,
      notFoundPerMinute: e.NOT_FOUND_RATE_LIMIT_PER_MINUTE,
      apiKeyPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    },
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    intake: {
      // A worker host (API off) receives no mail.
      smtpEnabled: e.API_ENABLED && (e.SMTP_ENABLED ?? e.NODE_ENV !== 'test'),
      smtpHost: e.HOST,
      smtpPort: e.SMTP_PORT,
      smtpMaxClients: e.SMTP_MAX_CLIENTS,
      smtpProxyProtocolFrom: e.SMTP_PROXY_PROTOCOL_FROM,
      smtpMaxPerAddress: e.SMTP_MAX_CONNECTIONS_PER_ADDRESS,
      smtpIdleTimeoutMs: e.SMTP_IDLE_TIMEOUT_SECONDS * 1000,
      emailDomain: e.INTAKE_EMAIL_DOMAIN.toLowerCase(),
      ratePerMinute: e.INTAKE_RATE_LIMIT_PER_MINUTE,
      payloadRetentionDays: e.INTAKE_PAYLOAD_RETENTION_DAYS,
    },
    fundDeletionGraceHours: e.FUND_DELETION_GRACE_HOURS,
    jobs: {
      enabled: e.JOBS_ENABLED,
      concurrency: e.JOB_CONCURRENCY,
      leaseMs: e.JOB_LEASE_MS,
      pollMs: e.JOB_POLL_MS,
      drainMs: e.JOB_DRAIN_MS,
    },
    digest: { hourUtc: e.DIGEST_HOUR_UTC, checkMs: e.DIGEST_CHECK_MS },
    apiEnabled: e.API_ENABLED,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, prefix: e.REDIS_KEY_PREFIX } : undefined,
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST ?? e.HOST, token: e.METRICS_TOKEN || undefined },
    shutdown: { drainDelayMs: e.SHUTDOWN_DRAIN_DELAY_MS, timeoutMs: e.SHUTDOWN_TIMEOUT_MS, eventsRetryMs: e.EVENTS_RETRY_MS },
    alerts: { allowPrivate: e.ALERT_WEBHOOK_ALLOW_PRIVATE, timeoutMs: e.ALERT_WEBHOOK_TIMEOUT_MS },
    webhooksOut: { retryBaseMs: e.WEBHOOK_OUT_RETRY_BASE_MS, retryMaxMs: e.WEBHOOK_OUT_RETRY_MAX_MS, retryWindowMs: e.WEBHOOK_OUT_RETRY_WINDOW_MS },
    analyzer: { workers: e.ANALYZER_WORKERS, timeoutMs: e.SCORING_TIMEOUT_MS },
    llm:
      e.LLM_BASE_URL && e.LLM_MODEL && e.LLM_API_KEY
        ? { baseUrl: e.LLM_BASE_URL, model: e.LLM_MODEL, apiKey: e.LLM_API_KEY }
        : undefined,
    appSecret: e.APP_SECRET || undefined,
    mail: { smtpUrl: e.SMTP_URL || undefined, from: e.MAIL_FROM, outboxDir: join(dataDir, 'outbox') },
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
          webhookToleranceSeconds: e.STRIPE_WEBHOOK_TOLERANCE_SECONDS,
          prices: { premium: e.STRIPE_PRICE_FOUNDER_PREMIUM!, pro: e.STRIPE_PRICE_VC_PRO! },
          apiBase: e.STRIPE_API_BASE,
        }
      : undefined,
  };
}
