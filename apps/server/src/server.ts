import { buildApp } from './app.ts';
import { loadConfig } from './config/env.ts';
import { buildWebHost } from './web-host.ts';

const SHUTDOWN_GRACE_MS = 15_000;

const config = loadConfig();
const api = await buildApp(config);
await api.listen({ host: config.host, port: config.port });

const web = config.web.serve ? await buildWebHost(config) : null;
if (web) {
  await web.listen({ host: config.web.host, port: config.web.port });
  api.log.info(`Web app on http://${config.web.host}:${config.web.port}`);
} else if (config.web.serve) {
  api.log.warn(`No built web app in ${config.web.distDir}; run "npm run build" (npm start does it for you)`);
}
api.log.info(`API docs on http://${config.host}:${config.port}/docs`);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  api.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => {
    api.log.error('graceful shutdown timed out; exiting');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  timer.unref();
  try {
    await web?.close();
    await api.close();
    process.exit(0);
  } catch (err) {
    api.log.error({ err }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
