/** The worker side of the pool's channel: the IPC channel of a worker process. */
export interface WorkerPort {
  on(event: 'message', listener: (msg: any) => void): void;
  /**
   * Sends a message; resolves once it is written to the channel. A large message (a page image)
   * is written over several turns of the event loop: a worker that goes on computing without
   * waiting for it holds it back until it next yields.
   */
  postMessage(msg: unknown, transfer?: unknown[]): Promise<void>;
}

export function workerPort(): WorkerPort {
  if (!process.send) throw new Error('a deck worker must run as a child process with an IPC channel');
  return {
    on: (event, listener) => void process.on(event, listener),
    postMessage: (msg) =>
      new Promise<void>((resolve) => {
        // A channel that is gone ends the process anyway (the pool sees the exit): nothing to wait for.
        process.send!(msg, undefined, {}, () => resolve());
      }),
  };
}
