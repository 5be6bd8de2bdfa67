#!/usr/bin/env node
/**
 * `npm start`: builds the web app when its sources changed since the last build, then runs
 * the API (port 8000) and the web app (port 3000) on the embedded database in ./data.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { announceNode, childEnv, nodeTool, root } from './runtime.mjs';

announceNode();
const dist = join(root, 'apps/web/dist/index.html');
const inputs = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contracts/src'];

function newest(path) {
  const full = join(root, path);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(full).map((name) => newest(join(path, name))));
}

const builtAt = existsSync(dist) ? statSync(dist).mtimeMs : 0;
if (builtAt < Math.max(...inputs.map(newest))) {
  console.log('Building the web app...');
  const res = spawnSync(process.execPath, nodeTool('vite/bin/vite.js', 'build', 'apps/web', '--logLevel', 'warn'), {
    cwd: root,
    stdio: 'inherit',
    env: childEnv(),
  });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: childEnv({ NODE_ENV: process.env.NODE_ENV ?? 'production' }),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
