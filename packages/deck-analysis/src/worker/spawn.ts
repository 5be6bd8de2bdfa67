import { fork, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ResourceLimits } from 'node:worker_threads';

/**
 * Spawns one of our TypeScript worker modules through bootstrap.mjs (which loads tsx
 * in the worker when Node cannot load .ts itself). Works the same under
 * `node --import tsx` (the server), under vitest, and under plain node.
 *
 * Workers are child processes, not threads: PDFium's and tesseract's WebAssembly memories
 * are outside a thread's V8 heap limit, and V8 caps them only per process
 * (`--wasm-max-mem-pages`), which in the host would also cap its own WebAssembly (the
 * embedded PGlite database). A child gets both caps, heap and WebAssembly, for itself alone.
 */
/** How much nicer (lower priority) than the host a worker runs: 10 of the 19 a nice value may add. */
const WORKER_NICENESS = 10;

const BOOTSTRAP = fileURLToPath(new URL('./bootstrap.mjs', import.meta.url));

// Flags a worker accepts; process-wide ones (e.g. --inspect, --title) are the host's own.
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

export interface WorkerLimits extends ResourceLimits {
  /** Most any WebAssembly memory of the worker may grow to, in MB. */
  wasmMemoryMb: number;
}

/**
 * A worker process with the few members of a worker thread the pool uses: 'message',
 * 'error' and 'exit' events, postMessage (structured clone over IPC), terminate, ref/unref.
 */
export class WorkerProcess extends EventEmitter {
  private readonly child: ChildProcess;
  private exited: Promise<number>;

  constructor(entry: URL, limits: WorkerLimits, preload: readonly string[]) {
    super();
    const heapMb = limits.maxOldGenerationSizeMb ?? 256;
    this.child = fork(BOOTSTRAP, [], {
      execArgv: [...workerExecArgv(), `--max-old-space-size=${heapMb}`, `--wasm-max-mem-pages=${Math.max(1, Math.floor(limits.wasmMemoryMb * 16))}`],
      env: { ...process.env, FITSCORE_WORKER_ENTRY: entry.href, FITSCORE_WORKER_PRELOAD: JSON.stringify(preload) },
      serialization: 'advanced',
      // tesseract's WASM core prints diagnostics ('Image too small to scale!!') to stdout; a
      // library must not write to its host's output. Failures reach us as exits.
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    // Deck analysis is background work: below the host's priority, so that a busy worker
    // never slows the host's request handling (deal intake's receipt, issue 12). Best effort:
    // a system that refuses (no pid yet, a platform without nice) leaves it as it is.
    if (this.child.pid !== undefined) {
      try {
        setPriority(this.child.pid, WORKER_NICENESS);
      } catch {
        /* keeps the default priority */
      }
    }
    this.child.on('message', (msg) => this.emit('message', msg));
    this.child.on('error', (e) => this.emit('error', e));
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
    void this.exited.then((code) => this.emit('exit', code));
  }

  postMessage(msg: unknown): void {
    if (this.child.connected) this.child.send(msg as never);
  }

  terminate(): Promise<number> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      // An idle (unref'd) worker still keeps the host alive until it is gone.
      this.child.ref();
      this.child.kill('SIGKILL');
    }
    return this.exited;
  }

  ref(): void {
    this.child.ref();
    this.child.channel?.ref();
  }

  unref(): void {
    this.child.unref();
    this.child.channel?.unref();
  }
}

/** Plain-JS modules to load before tsx is registered in the worker (see bootstrap.mjs). */
export function spawnWorker(entry: URL, limits: WorkerLimits, preload: readonly string[] = []): WorkerProcess {
  return new WorkerProcess(entry, limits, preload);
}
