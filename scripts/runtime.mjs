/**
 * The Node runtime the project's scripts run on: the `node` package pinned in the root
 * devDependencies (npm puts node_modules/.bin first on PATH for scripts), whatever the system
 * Node is. Scripts announce it, refuse an older one, and start their children on the same binary.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const FLOOR = [22, 12];

/** Prints the Node version this script runs on; exits when it is below the project's floor. */
export function announceNode() {
  console.log(`Node ${process.version} (${process.execPath})`);
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < FLOOR[0] || (major === FLOOR[0] && minor < FLOOR[1])) {
    console.error(
      `FitScore needs Node >= ${FLOOR.join('.')}. Run it through npm (npm start, npm test), which uses the ` +
        'Node pinned in package.json, after `npm ci`.',
    );
    process.exit(1);
  }
}

/** The environment for child processes: this Node first on PATH, so any `node` they start is this one. */
export function childEnv(extra = {}) {
  return { ...process.env, ...extra, PATH: [dirname(process.execPath), process.env.PATH ?? ''].join(delimiter) };
}

/** Arguments that run a package's command-line script on this Node (no shell, no npx). */
export function nodeTool(script, ...args) {
  return [join(root, 'node_modules', script), ...args];
}

/** Newest modification time under a path of the repository (0 when it does not exist). */
function newest(path) {
  const full = join(root, path);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(full).map((name) => newest(join(path, name))));
}

/** Builds the web app when its sources (or `packages/contracts`) changed since the last build; exits when the build fails. */
export function buildWebIfStale() {
  const dist = join(root, 'apps/web/dist/index.html');
  const inputs = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contracts/src'];
  const builtAt = existsSync(dist) ? statSync(dist).mtimeMs : 0;
  if (builtAt >= Math.max(...inputs.map(newest))) return;
  console.log('Building the web app...');
  const res = spawnSync(process.execPath, nodeTool('vite/bin/vite.js', 'build', 'apps/web', '--logLevel', 'warn'), {
    cwd: root,
    stdio: 'inherit',
    env: childEnv(),
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
}
