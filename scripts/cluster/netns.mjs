/**
 * Test hosts on this machine: a network namespace per host with its own address, joined by veth
 * pairs to a bridge in the root namespace, so that what the cluster sends between its processes
 * really crosses a network (iproute2's `ip netns`, as root). The addresses are in 198.18.0.0/15,
 * the range set aside for network benchmarks (RFC 2544); each cluster takes a free /24 of it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const STATE_DIR = '/run/fitscore-cluster';

function ip(...args) {
  return execFileSync('ip', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}
function ipQuiet(...args) {
  try {
    ip(...args);
  } catch {
    /* already gone */
  }
}

/** Whether this process may make namespaces (root, with iproute2). */
export function canMakeNamespaces() {
  try {
    ip('netns', 'list');
    return process.getuid?.() === 0;
  } catch {
    return false;
  }
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
};

/** Removes what a cluster whose owner process is gone left behind (a crash, a kill -9). */
export function removeStaleNetworks() {
  if (!existsSync(STATE_DIR)) return;
  for (const file of readdirSync(STATE_DIR)) {
    const state = JSON.parse(readFileSync(join(STATE_DIR, file), 'utf8'));
    if (alive(state.owner)) continue;
    teardown(state);
    rmSync(join(STATE_DIR, file), { force: true });
  }
}

/** Whether a process is one this cluster started (its command line or environment names the cluster's folder), not a reused pid. */
function ours(pid, dir) {
  for (const file of ['cmdline', 'environ']) {
    try {
      if (readFileSync(`/proc/${pid}/${file}`, 'utf8').includes(dir)) return true;
    } catch {
      return false;
    }
  }
  return false;
}

function teardown(state) {
  for (const pid of state.pids ?? []) {
    if (state.dir && ours(pid, state.dir)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
  }
  for (const ns of state.namespaces) ipQuiet('netns', 'del', ns);
  for (const link of state.links) ipQuiet('link', 'del', link);
}

/** A /24 in 198.18.0.0/15 that no interface on this machine uses, and a name prefix for it. */
function freeSubnet() {
  const used = ip('-o', 'addr', 'show');
  const taken = existsSync(STATE_DIR) ? readdirSync(STATE_DIR).map((f) => Number(f.replace('.json', ''))) : [];
  for (let tries = 0; tries < 200; tries++) {
    const n = 100 + Math.floor(Math.random() * 150);
    if (!used.includes(`198.18.${n}.`) && !taken.includes(n)) return n;
  }
  throw new Error('no free subnet in 198.18.100-249.0/24');
}

/**
 * Makes the network: a bridge with the gateway address (.1, the root namespace: this machine's
 * PostgreSQL and Redis are reached through it) and one namespace per host at the given last
 * octets. Returns the hosts' addresses and namespace names, `track(pid)` and `remove()`. `dir`
 * is the cluster's folder, named in its processes' environment (how a stale one is recognised).
 */
export function createNetwork(hosts, { clientAddresses = 0, dir } = {}) {
  removeStaleNetworks();
  mkdirSync(STATE_DIR, { recursive: true });
  const n = freeSubnet();
  const net = `198.18.${n}`;
  const bridge = `fs${n}br`;
  const state = { owner: process.pid, dir, pids: [], namespaces: [], links: [] };
  const stateFile = join(STATE_DIR, `${n}.json`);
  const save = () => writeFileSync(stateFile, JSON.stringify(state));
  save();
  const out = { subnet: `${net}.0/24`, gateway: `${net}.1`, bridge, hosts: {}, clients: [] };
  try {
    ip('link', 'add', bridge, 'type', 'bridge');
    state.links.push(bridge);
    save();
    ip('addr', 'add', `${out.gateway}/24`, 'dev', bridge);
    ip('link', 'set', bridge, 'up');
    for (let i = 0; i < clientAddresses; i++) {
      const address = `${net}.${200 + i}`;
      ip('addr', 'add', `${address}/24`, 'dev', bridge);
      out.clients.push(address);
    }
    for (const [name, octet] of Object.entries(hosts)) {
      const ns = `fs${n}-${name}`;
      const outside = `v${n}${name}`.slice(0, 15);
      const inside = `t${n}${name}`.slice(0, 15);
      ip('netns', 'add', ns);
      state.namespaces.push(ns);
      save();
      ip('link', 'add', outside, 'type', 'veth', 'peer', 'name', inside);
      state.links.push(outside);
      save();
      ip('link', 'set', inside, 'netns', ns);
      ip('-n', ns, 'link', 'set', inside, 'name', 'eth0');
      ip('link', 'set', outside, 'master', bridge, 'up');
      const address = `${net}.${octet}`;
      ip('-n', ns, 'addr', 'add', `${address}/24`, 'dev', 'eth0');
      ip('-n', ns, 'link', 'set', 'eth0', 'up');
      ip('-n', ns, 'link', 'set', 'lo', 'up');
      ip('-n', ns, 'route', 'add', 'default', 'via', out.gateway);
      out.hosts[name] = { address, ns };
    }
  } catch (err) {
    teardown(state);
    rmSync(stateFile, { force: true });
    throw err;
  }
  /** Remembers a process started in the network, so a later run can end it if this one dies without cleaning up. */
  out.track = (pid) => {
    state.pids.push(pid);
    save();
  };
  out.remove = () => {
    teardown(state);
    rmSync(stateFile, { force: true });
  };
  return out;
}
