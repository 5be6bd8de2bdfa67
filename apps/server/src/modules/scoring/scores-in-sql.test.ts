import { DEFAULT_SCORE_WEIGHTS, EQUAL_WEIGHTS, SUB_SCORE_KEYS, type ScoreWeights, type SubScoreKey } from '@fitscore/contracts';
import { fitScores, funds, subScoreValues, users, weightedOverallSql } from '@fitscore/db';
import { weightedOverall } from '@fitscore/deck-analysis';
import { asc, desc, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/test-database.ts';

/** The nine sub-scores as columns: any weighting is computed, filtered and sorted in SQL, as the engine computes it. */
let database: TestDatabase;
const scored: { id: string; scores: Record<SubScoreKey, number> }[] = [];

// A fixed pseudo-random sequence: the same rows on every run.
let seed = 20_261_124;
const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) % 10;

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.handle.db;
  const [user] = await db.insert(users).values({ email: 'sql-weights@example.com', passwordHash: 'x', type: 'founder', name: 'SQL' }).returning();
  for (let i = 0; i < 60; i += 1) {
    const scores = Object.fromEntries(SUB_SCORE_KEYS.map((k) => [k, next() + 1])) as Record<SubScoreKey, number>;
    const analysis = { subScores: Object.fromEntries(SUB_SCORE_KEYS.map((k) => [k, { score: scores[k] }])) };
    const [row] = await db
      .insert(fitScores)
      .values({
        userId: user!.id,
        deckVersion: 1,
        engineVersion: 'test',
        overall: weightedOverall(scores, EQUAL_WEIGHTS),
        ...subScoreValues(analysis.subScores as Record<SubScoreKey, { score: number }>),
        analysis,
        profile: {},
      })
      .returning({ id: fitScores.id });
    scored.push({ id: row!.id, scores });
  }
});
afterAll(() => database.dispose());

const WEIGHT_SETS: [string, ScoreWeights][] = [
  ['equal', EQUAL_WEIGHTS],
  ['the default set', DEFAULT_SCORE_WEIGHTS],
  ['lopsided', { team: 10, market: 1, problemSolution: 3, traction: 9, product: 2, businessModel: 7, financials: 1, gtm: 4, risks: 6 }],
  ['one dimension heavy', { team: 1, market: 1, problemSolution: 1, traction: 10, product: 1, businessModel: 1, financials: 1, gtm: 1, risks: 1 }],
];

describe('weightedOverallSql', () => {
  it.each(WEIGHT_SETS)('equals the engine’s weighted overall for every row (%s weights)', async (_, weights) => {
    const rows = await database.handle.db
      .select({ id: fitScores.id, overall: weightedOverallSql(weights) })
      .from(fitScores);
    const expected = new Map(scored.map((s) => [s.id, weightedOverall(s.scores, weights)]));
    expect(rows).toHaveLength(scored.length);
    for (const row of rows) expect(row.overall, row.id).toBe(expected.get(row.id));
  });

  it('filters and sorts in SQL by a fund’s weights read from its columns', async () => {
    const db = database.handle.db;
    const weights = WEIGHT_SETS[2]![1];
    const [fund] = await db
      .insert(funds)
      .values({
        weightTeam: weights.team,
        weightMarket: weights.market,
        weightProblemSolution: weights.problemSolution,
        weightTraction: weights.traction,
        weightProduct: weights.product,
        weightBusinessModel: weights.businessModel,
        weightFinancials: weights.financials,
        weightGtm: weights.gtm,
        weightRisks: weights.risks,
      })
      .returning();
    const byFund = weightedOverallSql({
      team: funds.weightTeam,
      market: funds.weightMarket,
      problemSolution: funds.weightProblemSolution,
      traction: funds.weightTraction,
      product: funds.weightProduct,
      businessModel: funds.weightBusinessModel,
      financials: funds.weightFinancials,
      gtm: funds.weightGtm,
      risks: funds.weightRisks,
    });
    const rows = await db
      .select({ id: fitScores.id, overall: byFund })
      .from(fitScores)
      .innerJoin(funds, eq(funds.id, fund!.id))
      .where(gte(byFund, 50))
      .orderBy(desc(byFund), asc(fitScores.id));

    const expected = scored
      .map((s) => ({ id: s.id, overall: weightedOverall(s.scores, weights) }))
      .filter((s) => s.overall >= 50)
      .sort((a, b) => b.overall - a.overall || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    expect(expected.length).toBeGreaterThan(0);
    expect(rows).toEqual(expected);
  });

  it('a new fund’s column defaults are the one default weight set', async () => {
    const [fund] = await database.handle.db.insert(funds).values({}).returning();
    const stored = Object.fromEntries(
      SUB_SCORE_KEYS.map((k) => [k, fund![`weight${k[0]!.toUpperCase()}${k.slice(1)}` as keyof typeof fund] as number]),
    );
    expect(stored).toEqual(DEFAULT_SCORE_WEIGHTS);
  });
});
