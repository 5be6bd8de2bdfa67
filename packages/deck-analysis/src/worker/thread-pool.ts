import { DeckError } from '../errors.ts';
import { spawnWorker, type WorkerLimits, type WorkerProcess } from './spawn.ts';

/**
 * A small pool of workers (processes, see spawn.ts), one job per worker at a time. Workers start lazily,
 * stay warm between decks (PDFium and tesseract load once), are recycled after
 * `recycleAfter` jobs (WASM memories only grow, so a fresh thread returns memory), and
 * are ended after `idleMs` without work. A job that is aborted (deadline, caller's
 * signal) terminates its thread: that is the only way to stop a parser stuck in a loop.
 */
export interface PoolOptions {
  entry: URL;
  size: number;
  resourceLimits: WorkerLimits;
  recycleAfter: number;
  idleMs: number;
  /** Plain-JS modules the worker loads before TypeScript support (see bootstrap.mjs). */
  preload?: string[];
}

export type JobHandler<T> = (
  msg: Record<string, unknown>,
  done: (value: T) => void,
  fail: (error: Error) => void,
  slot: Slot,
) => void;

export class Slot {
  jobs = 0;
  dead = false;
  private handler: ((msg: Record<string, unknown>) => void) | null = null;
  private failJob: ((e: Error) => void) | null = null;

  constructor(readonly worker: WorkerProcess) {
    worker.on('message', (msg: Record<string, unknown>) => this.handler?.(msg));
    worker.on('error', (e: Error & { code?: string }) => {
      this.dead = true;
      this.failJob?.(
        e.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new DeckError('too_complex', undefined, { cause: e })
          : new DeckError('corrupt', undefined, { cause: e }),
      );
    });
    worker.on('exit', () => {
      this.dead = true;
      this.failJob?.(new DeckError('too_complex', 'The deck reader stopped unexpectedly. Try a smaller export.'));
    });
  }

  post(msg: unknown): void {
    this.worker.postMessage(msg);
  }

  run<T>(msg: unknown, _transfer: readonly unknown[], handler: JobHandler<T>, signal: AbortSignal): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const finish = () => {
        settled = true;
        this.handler = null;
        this.failJob = null;
        signal.removeEventListener('abort', onAbort);
      };
      const done = (v: T) => {
        if (settled) return;
        finish();
        resolve(v);
      };
      const fail = (e: Error) => {
        if (settled) return;
        finish();
        reject(e);
      };
      const onAbort = () => {
        // The thread may be mid-parse: terminating it is the only safe stop.
        this.dead = true;
        void this.worker.terminate();
        fail(abortError(signal));
      };
      if (signal.aborted) return fail(abortError(signal));
      if (this.dead) return fail(new DeckError('too_complex', 'The deck reader stopped unexpectedly. Try again.'));
      this.handler = (m) => handler(m, done, fail, this);
      this.failJob = fail;
      signal.addEventListener('abort', onAbort, { once: true });
      this.jobs += 1;
      this.worker.ref();
      this.post(msg);
    });
  }
}

export function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DeckError('aborted');
}

export class ThreadPool {
  private readonly idle: Slot[] = [];
  private readonly all = new Set<Slot>();
  private readonly waiters: Array<{ resolve: (s: Slot) => void; reject: (e: Error) => void; signal: AbortSignal; onAbort: () => void }> = [];
  private readonly idleTimers = new Map<Slot, NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly options: PoolOptions) {}

  get threads(): number {
    return this.all.size;
  }

  acquire(signal: AbortSignal): Promise<Slot> {
    if (this.closed) return Promise.reject(new DeckError('aborted', 'The analyzer is closed.'));
    if (signal.aborted) return Promise.reject(abortError(signal));
    const ready = this.idle.pop();
    if (ready) {
      this.clearIdleTimer(ready);
      return Promise.resolve(ready);
    }
    if (this.all.size < this.options.size) return Promise.resolve(this.spawn());
    return new Promise<Slot>((resolve, reject) => {
      const waiter = {
        resolve,
        reject,
        signal,
        onAbort: () => {
          const i = this.waiters.indexOf(waiter);
          if (i >= 0) this.waiters.splice(i, 1);
          reject(abortError(signal));
        },
      };
      signal.addEventListener('abort', waiter.onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  release(slot: Slot): void {
    if (slot.dead || slot.jobs >= this.options.recycleAfter || this.closed) {
      const recycled = !slot.dead && !this.closed;
      void this.retire(slot);
      if (this.closed) return;
      // A retired slot frees a place: a waiter gets a fresh thread; a recycled thread is
      // replaced at once, so its successor warms up before the next deck needs it.
      const waiter = this.waiters.shift();
      if (waiter) {
        waiter.signal.removeEventListener('abort', waiter.onAbort);
        waiter.resolve(this.spawn());
      } else if (recycled) this.park(this.spawn());
      return;
    }
    const waiter = this.waiters.shift();
    if (waiter) {
      waiter.signal.removeEventListener('abort', waiter.onAbort);
      waiter.resolve(slot);
      return;
    }
    this.park(slot);
  }

  /** Keeps an idle thread for reuse, ending it after idleMs without work. */
  private park(slot: Slot): void {
    slot.worker.unref();
    this.idle.push(slot);
    const timer = setTimeout(() => {
      const i = this.idle.indexOf(slot);
      if (i >= 0) this.idle.splice(i, 1);
      this.retire(slot);
    }, this.options.idleMs);
    timer.unref();
    this.idleTimers.set(slot, timer);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const w of this.waiters.splice(0)) {
      w.signal.removeEventListener('abort', w.onAbort);
      w.reject(new DeckError('aborted', 'The analyzer is closed.'));
    }
    await Promise.all([...this.all].map((s) => this.retire(s)));
  }

  private spawn(): Slot {
    const slot = new Slot(spawnWorker(this.options.entry, this.options.resourceLimits, this.options.preload));
    slot.worker.on('exit', () => {
      this.all.delete(slot);
      const i = this.idle.indexOf(slot);
      if (i >= 0) this.idle.splice(i, 1);
      this.clearIdleTimer(slot);
    });
    this.all.add(slot);
    return slot;
  }

  private clearIdleTimer(slot: Slot): void {
    const t = this.idleTimers.get(slot);
    if (t) clearTimeout(t);
    this.idleTimers.delete(slot);
  }

  private async retire(slot: Slot): Promise<void> {
    this.clearIdleTimer(slot);
    this.all.delete(slot);
    slot.dead = true;
    await slot.worker.terminate().catch(() => 0);
  }
}
