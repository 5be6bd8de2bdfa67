/**
 * The production topology, said once: which hosts run what command on which ports with which
 * settings. `npm run cluster` (cluster.mjs) starts it on this machine, one network namespace per
 * process; `compose.yaml` describes the same for Docker, and test-support/compose.test.ts checks
 * that the two say the same thing (ADR 0046).
 */

/** Ports, the same in every place the topology runs. */
export const PORTS = Object.freeze({
  /** The balancer: HTTP (web app at /, API at /api/) and SMTP (forwarded decks). */
  http: 80,
  smtp: 2525,
  /** Each API host. */
  api: 8000,
  web: 3000,
  apiSmtp: 2525,
  /** Every host (API and worker): /metrics, /healthz, /readyz for operators and the balancer's checks. */
  ops: 9464,
  /** The S3-compatible store. */
  s3: 9000,
  postgres: 5432,
});

/** The server process, as every API and worker host runs it (from the repository root). */
export const SERVER_COMMAND = Object.freeze(['node', '--import', 'tsx', 'apps/server/src/server.ts']);

export const API_HOSTS = ['api1', 'api2'];
export const WORKER_HOSTS = ['worker1', 'worker2'];
export const S3_BUCKET = 'fitscore';

/**
 * How long a host keeps serving after SIGTERM with /readyz at 503: the balancer's readiness
 * watcher looks every 500 ms and reloads nginx within about a second.
 */
export const DRAIN_DELAY_MS = 3000;

/**
 * The environment of a host. `role` is 'api' or 'worker'; `at` says where things are in this
 * deployment: the address the host binds, the balancer it trusts, the database, the store and the
 * public URL, plus values the operator supplies (secrets), given as they appear (`${APP_SECRET}`
 * in compose.yaml, the value itself in the local cluster).
 */
export function hostEnv(role, at) {
  const common = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    LOG_PRETTY: 'false',
    HOST: at.bind,
    DATA_DIR: at.dataDir,
    DATABASE_URL: at.databaseUrl,
    BLOB_STORE: 's3',
    S3_BUCKET: at.s3Bucket,
    S3_ENDPOINT: at.s3Endpoint,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: at.s3AccessKey,
    S3_SECRET_ACCESS_KEY: at.s3SecretKey,
    APP_SECRET: at.appSecret,
    PUBLIC_API_URL: `${at.publicUrl}/api`,
    PUBLIC_WEB_URL: at.publicUrl,
    METRICS_PORT: String(PORTS.ops),
    JOB_LEASE_MS: '10000',
    ...(at.redisUrl ? { REDIS_URL: at.redisUrl } : {}),
    ...(at.extra ?? {}),
  };
  if (role === 'worker') {
    return { ...common, API_ENABLED: 'false', JOBS_ENABLED: 'true', SMTP_ENABLED: 'false', SERVE_WEB: 'false' };
  }
  return {
    ...common,
    API_ENABLED: 'true',
    JOBS_ENABLED: 'false',
    PORT: String(PORTS.api),
    SERVE_WEB: 'true',
    WEB_PORT: String(PORTS.web),
    SMTP_ENABLED: 'true',
    SMTP_PORT: String(PORTS.apiSmtp),
    TRUST_PROXY: at.trustProxy,
    // nginx's stream proxy sends a PROXY protocol header: the sender's own address reaches the receiver.
    SMTP_PROXY_PROTOCOL_FROM: at.trustProxy,
    SHUTDOWN_DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
  };
}

/**
 * Where things are in compose.yaml: service names on its network, the secrets it takes from the
 * environment (or an .env file beside it), and nginx's fixed address (the one proxy the API hosts
 * believe, and exempt from the per-address connection cap).
 */
export const COMPOSE = Object.freeze({
  subnet: '172.30.0.0/24',
  balancerAddress: '172.30.0.2',
  at: Object.freeze({
    bind: '0.0.0.0',
    dataDir: '/data',
    databaseUrl: 'postgres://fitscore:${POSTGRES_PASSWORD}@postgres:5432/fitscore',
    s3Bucket: S3_BUCKET,
    s3Endpoint: 'http://minio:9000',
    s3AccessKey: '${MINIO_ROOT_USER}',
    s3SecretKey: '${MINIO_ROOT_PASSWORD}',
    appSecret: '${APP_SECRET}',
    publicUrl: '${PUBLIC_URL:-http://localhost}',
    trustProxy: '172.30.0.2',
  }),
  /** nginx's files in its container (the official image: Debian, with the stream module). */
  nginxPaths: Object.freeze({
    include: '/etc/nginx/fitscore',
    pid: '/run/nginx/nginx.pid',
    temp: '/var/cache/nginx',
    errorLog: '/dev/stderr',
    accessLog: '/dev/stdout',
    modules: '/usr/lib/nginx/modules',
  }),
});

/** The first lines of nginx.conf in each place it runs (the rest is nginxConf()). */
export const NGINX_PREAMBLE = Object.freeze({ cluster: 'daemon off;\nuser root root;\n', compose: 'daemon off;\nuser nginx;\n' });
