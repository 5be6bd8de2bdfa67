#!/usr/bin/env node
/**
 * The balancer's active health check (ADR 0044). Open-source nginx checks hosts only passively
 * (a host that failed a request is skipped for `fail_timeout`), so this watcher, beside nginx,
 * asks every API host's /readyz twice a second and marks a host that is not ready (starting,
 * draining after SIGTERM, or gone) `down` in nginx's upstreams, then reloads nginx (SIGHUP: old
 * workers finish what they have). A draining host keeps serving for SHUTDOWN_DRAIN_DELAY_MS, so it
 * leaves the rotation before it stops accepting.
 *
 *   node balancer-health.mjs --include DIR --pid FILE --hosts api1=10.0.0.11,api2=10.0.0.12 [--interval 500]
 *
 * Writes DIR/upstreams.conf, DIR/smtp-upstreams.conf and DIR/state.json ({ hosts: { name: ready } }).
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { smtpUpstreamsConf, upstreamsConf } from './nginx-conf.mjs';
import { PORTS } from './topology.mjs';

const { values } = parseArgs({
  options: { include: { type: 'string' }, pid: { type: 'string' }, hosts: { type: 'string' }, interval: { type: 'string', default: '500' } },
});
const hosts = values.hosts.split(',').map((pair) => {
  const [name, address] = pair.split('=');
  return { name, address, ready: false };
});
const interval = Number(values.interval);

/** Whether a host's /readyz (operators' port) answers 200 within a second. */
function ready(address) {
  return new Promise((resolve) => {
    const req = request({ host: address, port: PORTS.ops, path: '/readyz', timeout: 1000, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
}

function writeAtomically(file, text) {
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}

let applied = '';
async function check() {
  const states = await Promise.all(hosts.map((h) => ready(h.address)));
  hosts.forEach((h, i) => (h.ready = states[i]));
  const now = JSON.stringify(hosts.map((h) => [h.name, h.ready]));
  if (now === applied) return;
  writeAtomically(join(values.include, 'upstreams.conf'), upstreamsConf(hosts));
  writeAtomically(join(values.include, 'smtp-upstreams.conf'), smtpUpstreamsConf(hosts));
  try {
    process.kill(Number(readFileSync(values.pid, 'utf8').trim()), 'SIGHUP');
  } catch (err) {
    console.error(`balancer-health: nginx not reloaded (${err.message}); retrying`);
    return;
  }
  applied = now;
  writeAtomically(join(values.include, 'state.json'), JSON.stringify({ hosts: Object.fromEntries(hosts.map((h) => [h.name, h.ready])), at: Date.now() }));
  console.log(`balancer-health: ${hosts.map((h) => `${h.name} ${h.ready ? 'ready' : 'down'}`).join(', ')}`);
}

let stopped = false;
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => (stopped = true));
while (!stopped) {
  const started = Date.now();
  await check().catch((err) => console.error(`balancer-health: ${err.message}`));
  await new Promise((r) => setTimeout(r, Math.max(50, interval - (Date.now() - started))));
}
