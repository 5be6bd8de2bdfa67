/**
 * Starts the production topology (topology.mjs) on this machine: nginx as the balancer with its
 * readiness watcher, 2 API hosts, 2 worker hosts and an S3-compatible store, each process in a
 * network namespace of its own (netns.mjs), on this machine's PostgreSQL (and Redis with `redis`),
 * reached from the cluster's network through a relay on the gateway address. Used by
 * `npm run cluster` (run.mjs) and `npm run test:cluster` (test.mjs).
 */
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { canMakeNamespaces, createNetwork } from './netns.mjs';
import { nginxConf, smtpUpstreamsConf, upstreamsConf } from './nginx-conf.mjs';
import { API_HOSTS, hostEnv, NGINX_PREAMBLE, PORTS, S3_BUCKET, SERVER_COMMAND, WORKER_HOSTS } from './topology.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const NGINX_MODULES = process.env.NGINX_MODULES_PATH ?? '/usr/lib/nginx/modules';

/** Why this machine cannot run the cluster, or null when it can. */
export function missingPrerequisite() {
  if (!canMakeNamespaces()) return 'the cluster needs root and iproute2 (`ip netns`) to make its network namespaces';
  if (!existsSync(NGINX)) return `nginx not found at ${NGINX}: install it with \`sudo apt-get install nginx libnginx-mod-stream\` (or set NGINX_PATH)`;
  if (!existsSync(join(NGINX_MODULES, 'ngx_stream_module.so'))) {
    return `nginx's stream module (SMTP through the balancer) not found in ${NGINX_MODULES}: \`sudo apt-get install libnginx-mod-stream\``;
  }
  return null;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function until(check, what, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await sleep(100);
  }
}

async function status(url, timeoutMs = 1000) {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  await res.arrayBuffer();
  return res.status;
}

/** A TCP relay on the cluster's gateway to a service of this machine that listens on loopback only. */
function relay(listenHost, listenPort, targetHost, targetPort) {
  const server = createServer((client) => {
    const upstream = createConnection(targetPort, targetHost);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream).pipe(client);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, listenHost, () => resolve(server));
  });
}

/**
 * Options: `dir` (its files: logs, the store's objects, nginx's), `postgresUrl` (this machine's
 * server, e.g. postgres://postgres@127.0.0.1:5432/postgres), `database` (created when missing),
 * `redis` (this machine's Redis URL, for the shared limits), `env` (more settings for every server
 * host), `clientAddresses` (extra addresses on the gateway for load clients), `log`.
 */
export async function startCluster(options) {
  const log = options.log ?? ((line) => console.log(line));
  const missing = missingPrerequisite();
  if (missing) throw new Error(missing);
  const dir = options.dir;
  for (const d of ['logs', 'nginx/include', 'nginx/temp', 's3', 'hosts']) mkdirSync(join(dir, d), { recursive: true });
  execFileSync('chmod', ['-R', 'a+rwx', join(dir, 'nginx')]);

  const pg = new URL(options.postgresUrl);
  const net = createNetwork(
    { lb: 2, s3: 3, ...Object.fromEntries(API_HOSTS.map((h, i) => [h, 11 + i])), ...Object.fromEntries(WORKER_HOSTS.map((h, i) => [h, 21 + i])) },
    { clientAddresses: options.clientAddresses ?? 0, dir },
  );
  const relays = [];
  const processes = new Map();
  let stopped = false;

  const lb = net.hosts.lb.address;
  const secretFile = join(dir, 'app-secret');
  if (!existsSync(secretFile)) writeFileSync(secretFile, randomBytes(32).toString('hex'), { mode: 0o600 });
  const appSecret = readFileSync(secretFile, 'utf8').trim();

  async function createDatabase() {
    const { default: pgClient } = await import('pg');
    const admin = new pgClient.Client({ connectionString: options.postgresUrl });
    await admin.connect();
    try {
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [options.database]);
      if (rowCount === 0) await admin.query(`create database "${options.database}"`);
    } finally {
      await admin.end();
    }
  }

  function envOf(name) {
    const role = API_HOSTS.includes(name) ? 'api' : 'worker';
    const at = {
      bind: net.hosts[name].address,
      dataDir: join(dir, 'hosts', name),
      databaseUrl: `postgres://${encodeURIComponent(pg.username || 'postgres')}${pg.password ? `:${encodeURIComponent(pg.password)}` : ''}@${net.gateway}:${PORTS.postgres}/${options.database}`,
      s3Bucket: S3_BUCKET,
      s3Endpoint: `http://${net.hosts.s3.address}:${PORTS.s3}`,
      // s3rver's fixed development credentials.
      s3AccessKey: 'S3RVER',
      s3SecretKey: 'S3RVER',
      appSecret,
      publicUrl: `http://${lb}`,
      trustProxy: lb,
      redisUrl: options.redis ? `redis://${net.gateway}:6379` : undefined,
      extra: options.env,
    };
    return hostEnv(role, at);
  }

  /** Starts a process in a host's namespace (its own unless `host` says), its output appended to logs/<name>.log. */
  function launch(name, command, env, host = name) {
    const out = openSync(join(dir, 'logs', `${name}.log`), 'a');
    const child = spawn('ip', ['netns', 'exec', net.hosts[host].ns, ...command], {
      cwd: root,
      env: { PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`, HOME: process.env.HOME ?? '/root', FITSCORE_CLUSTER_DIR: dir, ...env },
      stdio: ['ignore', out, out],
      // A process group of its own: Ctrl-C reaches this script, which stops the hosts in order.
      detached: true,
    });
    net.track(child.pid);
    const entry = { child, exited: new Promise((r) => child.once('exit', (code, signal) => r({ code, signal }))) };
    processes.set(name, entry);
    return entry;
  }

  const serverCommand = () => [process.execPath, ...SERVER_COMMAND.slice(1)];
  const opsUrl = (name) => `http://${net.hosts[name].address}:${PORTS.ops}`;

  function startHost(name) {
    return launch(name, serverCommand(), envOf(name));
  }
  const waitReady = (name, timeoutMs = 120_000) =>
    until(async () => (await status(`${opsUrl(name)}/readyz`)) === 200, `${name} ready`, timeoutMs);

  const balancerState = () => {
    try {
      return JSON.parse(readFileSync(join(dir, 'nginx/include/state.json'), 'utf8')).hosts;
    } catch {
      return {};
    }
  };
  const waitInRotation = (name, inRotation, timeoutMs = 30_000) =>
    until(async () => balancerState()[name] === inRotation, `${name} ${inRotation ? 'in' : 'out of'} the balancer's rotation`, timeoutMs);

  async function stopProcess(name, signal = 'SIGTERM', timeoutMs = 60_000) {
    const entry = processes.get(name);
    if (!entry || entry.child.exitCode !== null || entry.child.signalCode !== null) return;
    entry.child.kill(signal);
    const done = await Promise.race([entry.exited, sleep(timeoutMs).then(() => null)]);
    if (!done) {
      entry.child.kill('SIGKILL');
      await entry.exited;
    }
  }

  async function stop({ dropDatabase = false } = {}) {
    if (stopped) return;
    stopped = true;
    // The hosts first (SIGINT: no drain delay, nothing routes to them any more), then the balancer.
    await Promise.all([...API_HOSTS, ...WORKER_HOSTS].map((h) => stopProcess(h, 'SIGINT')));
    await stopProcess('balancer-health');
    await stopProcess('lb', 'SIGQUIT', 10_000);
    await stopProcess('s3');
    for (const r of relays) await new Promise((ok) => r.close(() => ok()));
    net.remove();
    if (dropDatabase) {
      const { default: pgClient } = await import('pg');
      const admin = new pgClient.Client({ connectionString: options.postgresUrl });
      await admin.connect();
      await admin.query(`drop database if exists "${options.database}" with (force)`);
      await admin.end();
    }
  }

  try {
    relays.push(await relay(net.gateway, PORTS.postgres, pg.hostname, Number(pg.port || 5432)));
    if (options.redis) {
      const redis = new URL(options.redis);
      relays.push(await relay(net.gateway, 6379, redis.hostname, Number(redis.port || 6379)));
    }
    await createDatabase();

    // The balancer's files: every API host listed until the watcher has asked them.
    const include = join(dir, 'nginx/include');
    const hostsOf = API_HOSTS.map((h) => ({ name: h, address: net.hosts[h].address, ready: false }));
    writeFileSync(join(include, 'upstreams.conf'), upstreamsConf(hostsOf));
    writeFileSync(join(include, 'smtp-upstreams.conf'), smtpUpstreamsConf(hostsOf));
    const pidFile = join(dir, 'nginx/nginx.pid');
    const conf = join(dir, 'nginx/nginx.conf');
    writeFileSync(
      conf,
      `${NGINX_PREAMBLE.cluster}${nginxConf({
        listen: lb,
        paths: { include, pid: pidFile, temp: join(dir, 'nginx/temp'), errorLog: join(dir, 'logs/nginx-error.log'), accessLog: join(dir, 'logs/nginx-access.log'), modules: NGINX_MODULES },
      })}`,
    );

    log(`Network ${net.subnet}: balancer ${lb}, store ${net.hosts.s3.address}, ${[...API_HOSTS, ...WORKER_HOSTS].map((h) => `${h} ${net.hosts[h].address}`).join(', ')}`);
    launch('s3', [process.execPath, join(root, 'scripts/cluster/s3-server.mjs'), '--address', net.hosts.s3.address, '--port', String(PORTS.s3), '--directory', join(dir, 's3'), '--bucket', S3_BUCKET], {});
    await until(async () => (await status(`http://${net.hosts.s3.address}:${PORTS.s3}/`)) > 0, 'the S3 store', 30_000);

    // One API host migrates the database first; the others then start together.
    startHost(API_HOSTS[0]);
    await waitReady(API_HOSTS[0], 180_000);
    for (const h of [...API_HOSTS.slice(1), ...WORKER_HOSTS]) startHost(h);
    await Promise.all([...API_HOSTS.slice(1), ...WORKER_HOSTS].map((h) => waitReady(h, 180_000)));

    launch('lb', [NGINX, '-c', conf, '-e', join(dir, 'logs/nginx-error.log')], {});
    await until(async () => existsSync(pidFile), 'nginx', 30_000);
    launch('balancer-health', [
      process.execPath,
      join(root, 'scripts/cluster/balancer-health.mjs'),
      '--include', include,
      '--pid', pidFile,
      '--hosts', API_HOSTS.map((h) => `${h}=${net.hosts[h].address}`).join(','),
    ], {}, 'lb');
    await Promise.all(API_HOSTS.map((h) => waitInRotation(h, true)));
    await until(async () => (await status(`http://${lb}/api/readyz`)) === 200, 'the API through the balancer', 30_000);
  } catch (err) {
    log(`Cluster start failed: ${err.message} (logs in ${join(dir, 'logs')})`);
    await stop();
    throw err;
  }

  return {
    url: `http://${lb}`,
    apiUrl: `http://${lb}/api`,
    smtp: { host: lb, port: PORTS.smtp },
    gateway: net.gateway,
    clientAddresses: net.clients,
    hosts: Object.fromEntries([...API_HOSTS, ...WORKER_HOSTS].map((h) => [h, { address: net.hosts[h].address, role: API_HOSTS.includes(h) ? 'api' : 'worker' }])),
    logs: join(dir, 'logs'),
    opsUrl,
    /** Sends a signal to a host's server process and waits for it to exit. */
    async kill(name, signal = 'SIGKILL') {
      await stopProcess(name, signal);
      return processes.get(name)?.exited;
    },
    /** Starts a host's server again and waits until it is ready (and, for an API host, back in the balancer's rotation). */
    async start(name) {
      startHost(name);
      await waitReady(name);
      if (API_HOSTS.includes(name)) await waitInRotation(name, true);
    },
    /** A graceful restart: SIGTERM, wait for the exit, start again, wait until it takes traffic. */
    async restart(name) {
      await stopProcess(name, 'SIGTERM');
      await this.start(name);
    },
    waitInRotation,
    stop,
  };
}
