#!/usr/bin/env node
/** `npm run dev`: the API with restart on change (port 8000) and Vite with hot reload (port 3000). */
import { spawn } from 'node:child_process';
import { announceNode, childEnv, nodeTool, root } from './runtime.mjs';

announceNode();
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/server.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: childEnv({ SERVE_WEB: process.env.SERVE_WEB ?? 'false' }),
  }),
  spawn(process.execPath, nodeTool('vite/bin/vite.js', 'apps/web'), { cwd: root, stdio: 'inherit', env: childEnv() }),
];
const stop = (signal) => children.forEach((c) => c.kill(signal));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
children.forEach((c) => c.on('exit', (code) => { stop('SIGTERM'); process.exit(code ?? 0); }));
