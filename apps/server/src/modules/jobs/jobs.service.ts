import type { JobsRepository } from './jobs.repository.ts';

/** How other modules put work on the queue; the runner in this process is woken at once. */
export function createJobQueue(repo: JobsRepository, wake: () => void) {
  return {
    async enqueue(queue: string, payload: unknown, options: { maxAttempts?: number } = {}) {
      const job = await repo.enqueue(queue, payload, options);
      wake();
      return { id: job.id };
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
