/**
 * Measures the investor-match ranking over many funds (issue 13: "the match ranking time for
 * 1,000 funds"): `node --import tsx apps/server/src/modules/matches/rank-funds-bench.ts [funds]`.
 * Embedded PGlite by default; TEST_DATABASE_URL (a PostgreSQL server) to measure there.
 */
import { SUB_SCORE_KEYS } from '@fitscore/contracts';
import { fitScores, funds, subScoreValues, users } from '@fitscore/db';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../../../test/test-database.ts';
import { createMatchesRepository } from './matches.repository.ts';

const count = Number(process.argv[2] ?? 1000);
const database = await openTestDatabase();
const db = database.handle.db;
try {
  const sectors = ['SaaS', 'Fintech', 'AI/ML', 'Biotech', 'Agnostic'];
  const stages = ['Pre-seed', 'Seed', 'Series A', 'Series B'];
  const regions = ['US', 'EUROPE', 'ASIA', 'MENA', 'AFRICA', 'GLOBAL'];
  const rows = Array.from({ length: count }, (_, i) => ({
    fundName: `Fund ${i}`,
    sectors: [sectors[i % 5]!, sectors[(i * 7) % 5]!],
    stages: [stages[i % 4]!],
    geography: [regions[i % 6]!],
    ticketSizeMin: (i % 10) * 100_000,
    ticketSizeMax: (i % 10) * 100_000 + 1_000_000,
    weightTraction: 1 + (i % 10),
    weightTeam: 1 + ((i * 3) % 10),
    fundStepCompletedAt: new Date(),
  }));
  for (let i = 0; i < rows.length; i += 500) await db.insert(funds).values(rows.slice(i, i + 500));
  const [user] = await db.insert(users).values({ email: `bench-${Date.now()}@example.com`, type: 'founder', passwordHash: 'x' }).returning();
  const scores = Object.fromEntries(SUB_SCORE_KEYS.map((k, i) => [k, { score: 3 + (i % 7) }])) as Parameters<typeof subScoreValues>[0];
  await db.insert(fitScores).values({ userId: user!.id, deckVersion: 1, engineVersion: 'bench', overall: 60, ...subScoreValues(scores), analysis: {}, profile: {} });
  await db.execute(sql`analyze`);

  const repo = createMatchesRepository(db);
  const facts = { userId: user!.id, industry: 'AI/ML', stage: 'Seed', regions: ['EUROPE', 'US'], roundTargetAmount: 4_000_000 };
  await repo.rankFunds(facts, { limit: 20 });
  const times: number[] = [];
  for (let i = 0; i < 30; i++) {
    const started = performance.now();
    await repo.rankFunds(facts, { limit: 20 });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!.toFixed(1);
  console.log(`rank ${count} funds (${database.url ? 'PostgreSQL' : 'PGlite'}): median ${at(0.5)} ms, p95 ${at(0.95)} ms over ${times.length} runs`);
} finally {
  await database.dispose();
}
