import { buildApp } from './app.ts';
import { loadConfig } from './config/env.ts';
import { startOpsServer } from './ops-server.ts';
import { buildWebHost } from './web-host.ts';

const config = loadConfig();
const api = await buildApp(config);
// A worker host (API_ENABLED=false) runs the jobs and answers only on the operators' port.
if (config.apiEnabled) await api.listen({ host: config.host, port: config.port });
else await api.ready();

const ops =
  config.metrics.port !== undefined
    ? await startOpsServer({ host: config.metrics.host, port: config.metrics.port, registry: api.ops.registry, readiness: api.ops.readiness })
    : null;
if (ops) api.log.info(`Metrics, health and readiness on http://${config.metrics.host}:${ops.port}`);

const web = config.apiEnabled && config.web.serve ? await buildWebHost(config) : null;
if (web) {
  await web.listen({ host: config.web.host, port: config.web.port });
  api.log.info(`Web app on http://${config.web.host}:${config.web.port}`);
} else if (config.apiEnabled && config.web.serve) {
  api.log.warn(`No built web app in ${config.web.distDir}; run "npm run build" (npm start does it for you)`);
}
if (config.apiEnabled) api.log.info(`API docs on http://${config.host}:${config.port}/docs`);
else api.log.info('Worker host: API off, running jobs');

let stopping = false;
/**
 * Graceful shutdown made for a balancer (ADR 0044): /readyz answers 503 at once while requests are
 * still served (each answer closing its connection) for SHUTDOWN_DRAIN_DELAY_MS, so the balancer's
 * health check moves traffic away first; then the servers stop accepting, event streams close with a
 * retry hint, running jobs finish or go back to the queue, and requests in flight get until
 * SHUTDOWN_TIMEOUT_MS before their connections are closed.
 */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  api.lifecycle.drain();
  const serving = config.apiEnabled && signal === 'SIGTERM';
  api.log.info({ signal, drainDelayMs: serving ? config.shutdown.drainDelayMs : 0 }, 'shutting down: not ready');
  if (serving && config.shutdown.drainDelayMs > 0) await new Promise((r) => setTimeout(r, config.shutdown.drainDelayMs));
  const deadline = setTimeout(() => {
    api.log.error('requests still running at the shutdown deadline; closing their connections');
    api.server.closeAllConnections();
    setTimeout(() => process.exit(1), 1_000).unref();
  }, config.shutdown.timeoutMs + config.jobs.drainMs);
  deadline.unref();
  try {
    await web?.close();
    await api.close();
    await ops?.close();
    process.exit(0);
  } catch (err) {
    api.log.error({ err }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
