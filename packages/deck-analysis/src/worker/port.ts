/** The worker side of the pool's channel: the IPC channel of a worker process. */
export interface WorkerPort {
  on(event: 'message', listener: (msg: any) => void): void;
  postMessage(msg: unknown, transfer?: unknown[]): void;
}

export function workerPort(): WorkerPort {
  if (!process.send) throw new Error('a deck worker must run as a child process with an IPC channel');
  return {
    on: (event, listener) => void process.on(event, listener),
    postMessage: (msg) => void process.send!(msg),
  };
}
