#!/usr/bin/env node
/**
 * `npm run cluster`: the production topology on this machine (cluster.mjs): nginx as the balancer,
 * 2 API hosts, 2 worker hosts, an S3-compatible store, each in a network namespace of its own, on
 * this machine's PostgreSQL (database `fitscore_cluster`, kept between runs like ./data). Prints
 * the URL; Ctrl-C stops every process and removes the namespaces.
 *
 * CLUSTER_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres) is the server,
 * CLUSTER_DATABASE the database, CLUSTER_REDIS_URL a Redis for the shared limits (default: none,
 * the limits are counted in PostgreSQL); the cluster's files are in data/cluster.
 */
import { join } from 'node:path';
import { announceNode, buildWebIfStale, root } from '../runtime.mjs';
import { missingPrerequisite, startCluster } from './cluster.mjs';

announceNode();
const missing = missingPrerequisite();
if (missing) {
  console.error(`\nCannot start the cluster: ${missing}.\n`);
  process.exit(1);
}
buildWebIfStale();

const cluster = await startCluster({
  dir: join(root, 'data/cluster'),
  postgresUrl: process.env.CLUSTER_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  database: process.env.CLUSTER_DATABASE ?? 'fitscore_cluster',
  redis: process.env.CLUSTER_REDIS_URL,
});
console.log(`
FitScore cluster running: ${cluster.url}
  web app  ${cluster.url}/            API  ${cluster.apiUrl}/  (docs ${cluster.apiUrl}/docs)
  SMTP     ${cluster.smtp.host}:${cluster.smtp.port} (forwarded decks)
  hosts    ${Object.entries(cluster.hosts).map(([name, h]) => `${name} ${h.address}`).join(', ')}
  metrics  ${Object.keys(cluster.hosts).map((name) => `${cluster.opsUrl(name)}/metrics`).join(' ')}
  logs     ${cluster.logs}
Ctrl-C stops it.`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping the cluster...');
    cluster.stop().then(
      () => {
        console.log('Stopped; namespaces removed.');
        process.exit(0);
      },
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}
