import { pollUntil } from './poll-until.ts';
import type { TestServer } from './test-server.ts';

type Caller = Pick<TestServer, 'request'>;

/** A founder's scoring run once it has finished, done or failed (the run as the API answers it). */
export function settledRun(server: Caller, token: string, runId: string, timeoutMs = 90_000) {
  return pollUntil(
    async () => {
      const run = (await server.request('GET', `/founder/score/runs/${runId}/`, { token })).body.run;
      return run && (run.status === 'done' || run.status === 'failed') ? run : null;
    },
    { timeoutMs, intervalMs: 150, what: `scoring run ${runId} to finish` },
  );
}

/** A fund's deal once its scoring has finished, done or failed (the deal of its detail answer). */
export function settledDeal(server: Caller, token: string, dealId: string, timeoutMs = 150_000) {
  return pollUntil(
    async () => {
      const deal = (await server.request('GET', `/api/vc/deals/${dealId}`, { token })).body.deal;
      const state = deal?.scoring?.state;
      return state === 'done' || state === 'failed' ? deal : null;
    },
    { timeoutMs, intervalMs: 200, what: `deal ${dealId}'s scoring to finish` },
  );
}
