import { Worker, type ResourceLimits } from 'node:worker_threads';

/**
 * Spawns one of our TypeScript worker modules through bootstrap.mjs (which loads tsx
 * in the worker when Node cannot load .ts itself). Works the same under
 * `node --import tsx` (the server), under vitest, and under plain node.
 */
const BOOTSTRAP = new URL('./bootstrap.mjs', import.meta.url);

// Flags a worker accepts; process-wide ones (e.g. --inspect, --title) make Worker throw.
const WORKER_SAFE_FLAG = /^--(import|require|loader|experimental-[\w-]+|conditions|no-warnings|enable-source-maps|no-deprecation)(=|$)/;
const TAKES_VALUE = /^--(import|require|loader|conditions)$/;

export function workerExecArgv(): string[] {
  const out: string[] = [];
  for (let i = 0; i < process.execArgv.length; i++) {
    const a = process.execArgv[i] ?? '';
    if (!WORKER_SAFE_FLAG.test(a)) continue;
    out.push(a);
    const next = process.execArgv[i + 1];
    if (TAKES_VALUE.test(a) && next !== undefined) {
      out.push(next);
      i++;
    }
  }
  return out;
}

/** Plain-JS modules to load before tsx is registered in the worker (see bootstrap.mjs). */
export function spawnWorker(entry: URL, resourceLimits: ResourceLimits, preload: readonly string[] = []): Worker {
  const worker = new Worker(BOOTSTRAP, {
    workerData: { entry: entry.href, preload: [...preload] },
    execArgv: workerExecArgv(),
    resourceLimits,
    // tesseract's WASM core prints diagnostics ('Image too small to scale!!') to stdout;
    // a library must not write to its host's output. Failures reach us as 'error' events.
    stdout: true,
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  return worker;
}
