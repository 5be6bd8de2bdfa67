import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: plain ES modules of the scripts, without types
import { composeNginxFiles } from '../scripts/cluster/compose-files.mjs';
// @ts-expect-error: plain ES modules of the scripts, without types
import { API_HOSTS, COMPOSE, hostEnv, PORTS, SERVER_COMMAND, WORKER_HOSTS } from '../scripts/cluster/topology.mjs';

/**
 * compose.yaml and the Dockerfile cannot be built here (no image registry), so this reads them and
 * checks that they describe the cluster `npm run cluster` starts (scripts/cluster/topology.mjs):
 * the same hosts, commands, ports and environment, and nginx's configuration from the same
 * generator (ADR 0046).
 */
const root = join(import.meta.dirname, '..');
const compose = parse(readFileSync(join(root, 'compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, { command?: string[]; environment?: Record<string, string>; expose?: string[]; ports?: string[]; volumes?: string[]; image?: string; build?: unknown; networks?: unknown; healthcheck?: { test: string[] } }>;
  networks: { fitscore: { ipam: { config: { subnet: string }[] } } };
};
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
const services = compose.services;

describe('compose.yaml runs the topology of npm run cluster', () => {
  it('has the same hosts: PostgreSQL, an S3 store, 2 API hosts, 2 worker hosts, nginx and its readiness watcher', () => {
    expect(Object.keys(services)).toEqual(expect.arrayContaining(['postgres', 'minio', ...API_HOSTS, ...WORKER_HOSTS, 'nginx', 'balancer-health']));
  });

  it.each([...API_HOSTS.map((h: string) => [h, 'api']), ...WORKER_HOSTS.map((h: string) => [h, 'worker'])])('%s runs the server with the environment of a %s host', (host, role) => {
    const service = services[host]!;
    expect(service.command).toEqual(SERVER_COMMAND);
    expect(service.environment).toEqual(hostEnv(role, COMPOSE.at));
    expect(service.build ?? service.image).toBeTruthy();
    // Ready when its own /readyz (operators' port) says so, as the balancer's watcher asks.
    expect(service.healthcheck?.test.join(' ')).toContain(`:${PORTS.ops}/readyz`);
  });

  it('exposes the ports the cluster uses', () => {
    for (const host of API_HOSTS) expect(services[host]!.expose).toEqual([PORTS.api, PORTS.web, PORTS.apiSmtp, PORTS.ops].map(String));
    for (const host of WORKER_HOSTS) expect(services[host]!.expose).toEqual([String(PORTS.ops)]);
    expect(services.nginx!.ports).toEqual([`${PORTS.http}:${PORTS.http}`, `${PORTS.smtp}:${PORTS.smtp}`]);
  });

  it("gives nginx the address the API hosts trust, on the network's subnet", () => {
    expect(compose.networks.fitscore.ipam.config[0]!.subnet).toBe(COMPOSE.subnet);
    expect(services.nginx!.networks).toEqual({ fitscore: { ipv4_address: COMPOSE.balancerAddress } });
    expect(COMPOSE.at.trustProxy).toBe(COMPOSE.balancerAddress);
  });

  it("runs nginx on the generator's configuration, and the watcher over the same files", () => {
    for (const [path, text] of Object.entries(composeNginxFiles() as Record<string, string>)) {
      expect(readFileSync(join(root, path), 'utf8'), `${path} is stale: run node scripts/cluster/compose-files.mjs`).toBe(text);
    }
    expect(services.nginx!.volumes).toEqual(expect.arrayContaining(['./deploy/nginx/nginx.conf:/etc/nginx/fitscore.conf:ro', `nginx-upstreams:${COMPOSE.nginxPaths.include}`]));
    expect(services['balancer-health']!.command).toEqual([
      'node', 'scripts/cluster/balancer-health.mjs',
      '--include', COMPOSE.nginxPaths.include,
      '--pid', COMPOSE.nginxPaths.pid,
      '--hosts', API_HOSTS.map((h: string) => `${h}=${h}`).join(','),
    ]);
  });
});

describe('the Dockerfile', () => {
  const stages = [...dockerfile.matchAll(/^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/gim)];
  const final = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

  it('builds in stages on Debian and runs the server as the cluster does, as a user without root', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/ARG NODE_IMAGE=node:22-bookworm-slim/);
    expect(JSON.parse(/^CMD\s+(\[.*\])$/m.exec(final)![1]!)).toEqual(SERVER_COMMAND);
    expect(final).toMatch(/^USER node$/m);
    expect(final).not.toMatch(/chromium/i);
  });

  it('exposes the ports of the topology', () => {
    expect(/^EXPOSE\s+(.+)$/m.exec(final)![1]!.split(/\s+/)).toEqual([PORTS.api, PORTS.web, PORTS.apiSmtp, PORTS.ops].map(String));
  });
});
