#!/usr/bin/env node
/**
 * Writes compose.yaml's nginx files (deploy/nginx/) from the same generator the local cluster
 * uses: `node scripts/cluster/compose-files.mjs` after changing nginx-conf.mjs or the topology.
 * test-support/compose.test.ts fails when they differ from what this would write.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nginxConf, smtpUpstreamsConf, upstreamsConf } from './nginx-conf.mjs';
import { API_HOSTS, COMPOSE, NGINX_PREAMBLE } from './topology.mjs';

/** The files, by path from the repository root. */
export function composeNginxFiles() {
  const hosts = API_HOSTS.map((name) => ({ name, address: name, ready: false }));
  return {
    'deploy/nginx/nginx.conf': `${NGINX_PREAMBLE.compose}${nginxConf({ paths: COMPOSE.nginxPaths })}`,
    // Before the readiness watcher's first look: every API host listed.
    'deploy/nginx/initial/upstreams.conf': upstreamsConf(hosts),
    'deploy/nginx/initial/smtp-upstreams.conf': smtpUpstreamsConf(hosts),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
  for (const [path, text] of Object.entries(composeNginxFiles())) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
    console.log(`wrote ${path}`);
  }
}
