#!/usr/bin/env node
/**
 * `npm start`: builds the web app when its sources changed since the last build, then runs
 * the API (port 8000) and the web app (port 3000) on the embedded database in ./data.
 */
import { spawn } from 'node:child_process';
import { announceNode, buildWebIfStale, childEnv, root } from './runtime.mjs';

announceNode();
buildWebIfStale();

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: childEnv({ NODE_ENV: process.env.NODE_ENV ?? 'production' }),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
