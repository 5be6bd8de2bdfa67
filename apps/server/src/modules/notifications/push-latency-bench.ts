/**
 * Measures live-notification latency (issue 13: "p95 over 100 events"): founders ask one fund for
 * intros over HTTP; each latency runs from sending the request to the `notification` event
 * arriving on the fund member's open SSE stream.
 * `node --import tsx apps/server/src/modules/notifications/push-latency-bench.ts [events]`
 * (TEST_DATABASE_URL set: on that PostgreSQL server).
 */
import { SUB_SCORE_KEYS } from '@fitscore/contracts';
import { fitScores, subScoreValues } from '@fitscore/db';
import { validProfile } from '../../../test/decks.ts';
import { eventTicket, openEventStream } from '../../../test/event-stream.ts';
import { signUp, startTestServer } from '../../../test/test-server.ts';
import { setPlan } from '../../../test/plans.ts';

const count = Number(process.argv[2] ?? 100);
const server = await startTestServer();
try {
  const vc = await signUp(server, 'vc');
  const fund = await server.request('POST', '/vc/profile/step1/', { token: vc.token, body: { fund_name: 'Latency Fund', sectors: ['AI/ML'], stages: ['Seed'] } });
  const fundId = fund.body.profile.id as string;
  const scores = Object.fromEntries(SUB_SCORE_KEYS.map((k) => [k, { score: 7 }])) as Parameters<typeof subScoreValues>[0];
  const founders: string[] = [];
  for (let i = 0; i < count; i += 5) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(5, count - i) }, async () => {
        const f = await signUp(server, 'founder');
        await server.request('POST', '/founder/profile/', { token: f.token, body: validProfile() });
        await setPlan(server, { founder: f.email }, 'premium');
        await server.database.handle.db.insert(fitScores).values({ userId: f.user.id, deckVersion: 1, engineVersion: 'bench', overall: 70, ...subScoreValues(scores), analysis: {}, profile: {} });
        return f.token;
      }),
    );
    founders.push(...batch);
  }

  const arrived = new Map<string, number>();
  const stream = await openEventStream(server, await eventTicket(server, vc.token), {}, (e) => {
    if (e.event === 'notification') arrived.set(e.data.notification.introId, e.at);
  });
  await stream.ready();

  const latencies: number[] = [];
  for (const token of founders) {
    const sent = performance.now();
    const r = await server.request('POST', `/founder/matches/${fundId}/intro/`, { token, body: { note: 'bench' } });
    const id = r.body.intro.id as string;
    while (!arrived.has(id)) await new Promise((resolve) => setTimeout(resolve, 1));
    latencies.push(arrived.get(id)! - sent);
  }
  stream.close();
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)]!.toFixed(1);
  console.log(`notification push over ${latencies.length} events (${server.database.url ? 'PostgreSQL' : 'PGlite'}): median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`);
} finally {
  await server.close();
}
