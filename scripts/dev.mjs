#!/usr/bin/env node
/** `npm run dev`: the API with restart on change (port 8000) and Vite with hot reload (port 3000). */
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { SERVE_WEB: 'false', ...process.env },
  }),
  spawn(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['vite', 'apps/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = (signal) => children.forEach((c) => c.kill(signal));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
children.forEach((c) => c.on('exit', (code) => { stop('SIGTERM'); process.exit(code ?? 0); }));
