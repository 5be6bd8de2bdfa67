import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validProfile } from '../../../test/decks.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET/POST /founder/profile/', () => {
  it('is empty before the first save, then returns what was saved with derived metrics', async () => {
    const { token } = await signUp(server, 'founder');
    const empty = await server.request('GET', '/founder/profile/', { token });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ profile: null, derived: null, updated_at: null });

    const saved = await server.request('POST', '/founder/profile/', { token, body: validProfile() });
    expect(saved.status).toBe(200);
    expect(saved.body.profile).toMatchObject({ startup_name: 'Acme Robotics', industry: 'AI/ML', retention_type: 'D30' });
    expect(saved.body.derived).toEqual({ arr: 1_020_000, mrr: 85_000, committed_pct: 37.5, runway_months: 18, payback_months: 6.5 });
    expect(saved.body.profile.committed_pct).toBe(37.5);

    const again = await server.request('GET', '/founder/profile/', { token });
    expect(again.body.profile).toEqual(saved.body.profile);
  });

  it('accepts every snake_case field of the spec, lists included', async () => {
    const { token } = await signUp(server, 'founder');
    const body = validProfile({
      competitors: 'Locus, 6 River',
      competitors_list: [{ name: 'Locus', url: 'https://locusrobotics.com' }, { name: '6 River' }],
      icp_tags: ['3PL', 'mid-market'],
      tam: 45e9,
      sam: 6e9,
      som: 3e8,
      market_source_url: 'https://example.com/report',
      revenue_mode: 'ARR',
      arr: 1_200_000,
      active_users_metric: 'WAU',
      active_users_value: 1800,
      retention_rate: 92,
      founders: [
        { name: 'Ada Lovelace', linkedin_url: 'linkedin.com/in/ada', commitment: 'Full-time' },
        { name: 'Charles Babbage', linkedin_url: '', commitment: 'Part-time' },
      ],
    });
    const res = await server.request('POST', '/founder/profile/', { token, body });
    expect(res.status).toBe(200);
    expect(res.body.profile.competitors_list).toEqual([
      { name: 'Locus', url: 'https://locusrobotics.com' },
      { name: '6 River', url: '' },
    ]);
    expect(res.body.profile.founders[1]).toEqual({ name: 'Charles Babbage', linkedin_url: '', commitment: 'Part-time' });
    expect(res.body.derived.mrr).toBe(100_000);
  });

  it.each([
    ['startup name missing', { startup_name: '' }, 'Startup name is required', 'startup_name'],
    ['one-liner missing', { one_liner: '  ' }, 'One-liner is required', 'one_liner'],
    ['one-liner over 140', { one_liner: 'x'.repeat(141) }, 'One-liner must be at most 140 characters', 'one_liner'],
    ['HQ missing', { hq_geo: '' }, 'HQ location is required', 'hq_geo'],
    ['industry missing', { industry: undefined }, 'Industry is required', 'industry'],
    ['industry unknown', { industry: 'Tobacco' }, 'Industry is required', 'industry'],
    ['round target zero', { round_target_amount: 0 }, 'Round target must be greater than 0', 'round_target_amount'],
    ['burn negative', { burn: -1 }, 'Burn must be 0 or more', 'burn'],
    ['cash negative', { cash: -5 }, 'Cash must be 0 or more', 'cash'],
    ['committed above target', { committed_amount: 5_000_000 }, 'Committed amount cannot exceed round target', 'committed_amount'],
    ['revenue without margin', { gross_margin: null }, 'Gross margin is required (0-100%) when you have revenue', 'gross_margin'],
    ['margin over 100', { gross_margin: 120 }, 'Gross margin must be between 0 and 100', 'gross_margin'],
    ['no founder', { founders: [] }, 'Add at least one founder', 'founders.0.name'],
    ['primary founder without LinkedIn', { founders: [{ name: 'A', linkedin_url: '' }] }, 'LinkedIn URL is required for the primary founder', 'founders.0.linkedin_url'],
    ['primary founder with another site', { founders: [{ name: 'A', linkedin_url: 'https://twitter.com/a' }] }, 'Enter a valid LinkedIn URL (linkedin.com/in/...)', 'founders.0.linkedin_url'],
    ['six competitors', { competitors_list: Array.from({ length: 6 }, (_, i) => ({ name: `C${i}` })) }, 'You can list at most 5 competitors', 'competitors_list'],
    ['MoM growth below -100', { mom_growth: -101 }, 'MoM growth must be between -100% and 1000%', 'mom_growth'],
    ['MoM growth above 1000', { mom_growth: 1001 }, 'MoM growth must be between -100% and 1000%', 'mom_growth'],
    ['team size zero', { team_size: 0 }, 'Team size must be at least 1', 'team_size'],
    ['team size fractional', { team_size: 2.5 }, 'Team size must be a whole number', 'team_size'],
  ])('refuses %s with the spec message, naming the field, and keeps the stored profile', async (_case, change, message, path) => {
    const { token } = await signUp(server, 'founder');
    await server.request('POST', '/founder/profile/', { token, body: validProfile() });
    const res = await server.request('POST', '/founder/profile/', { token, body: { ...validProfile(), ...change } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.details).toContainEqual({ path, message });
    const stored = await server.request('GET', '/founder/profile/', { token });
    expect(stored.body.profile.startup_name).toBe('Acme Robotics');
    expect(stored.body.profile.one_liner).toBe('Warehouse picking robots for mid-size retailers');
  });

  it('is for founders only, and each founder sees only their own', async () => {
    const a = await signUp(server, 'founder');
    const b = await signUp(server, 'founder');
    await server.request('POST', '/founder/profile/', { token: a.token, body: validProfile({ startup_name: 'Alpha' }) });
    const other = await server.request('GET', '/founder/profile/', { token: b.token });
    expect(other.body.profile).toBeNull();
    const vc = await signUp(server, 'vc');
    expect((await server.request('GET', '/founder/profile/', { token: vc.token })).status).toBe(403);
    expect((await server.request('POST', '/founder/profile/', { token: vc.token, body: validProfile() })).status).toBe(403);
    expect((await server.request('GET', '/founder/profile/')).status).toBe(401);
  });
});

describe('progress comes from the server', () => {
  it('reports the profile step, and login says onboarding is complete once it is', async () => {
    const user = await signUp(server, 'founder');
    const before = await server.request('GET', '/founder/progress/', { token: user.token });
    expect(before.body).toMatchObject({ profile_complete: false, deck_uploaded: false, score_complete: false, active_run: null });
    const login1 = await server.request('POST', '/user/login/', { body: { email: user.email, password: user.password, type: 'founder' } });
    expect(login1.body.onboarding_complete).toBe(false);

    await server.request('POST', '/founder/profile/', { token: user.token, body: validProfile() });
    const after = await server.request('GET', '/founder/progress/', { token: user.token });
    expect(after.body).toMatchObject({ profile_complete: true, deck_uploaded: false, score_complete: false });
    const login2 = await server.request('POST', '/user/login/', { body: { email: user.email, password: user.password, type: 'founder' } });
    expect(login2.body.onboarding_complete).toBe(true);
    const me = await server.request('GET', '/user/me/', { token: user.token });
    expect(me.body.onboarding_complete).toBe(true);
  });
});

describe('key metrics', () => {
  it('an edit updates the profile and adds a dated entry; free plans do not get the history charts', async () => {
    const { token } = await signUp(server, 'founder');
    expect((await server.request('GET', '/founder/metrics/', { token })).body).toEqual({
      error: 'Please complete your profile first',
      code: 'conflict',
    });
    await server.request('POST', '/founder/profile/', { token, body: validProfile() });
    const res = await server.request('POST', '/founder/metrics/', { token, body: { mrr: 95_000, burn: 200_000 } });
    expect(res.status).toBe(200);
    expect(res.body.current).toMatchObject({ mrr: 95_000, burn: 200_000, cash: 3_960_000, mom_growth: 18 });
    expect(res.body.current.runway_display_months).toBe(19.8);
    expect(res.body.history_locked).toBe(true);
    expect(res.body.history).toBeNull();
    const profile = await server.request('GET', '/founder/profile/', { token });
    expect(profile.body.profile).toMatchObject({ mrr: 95_000, burn: 200_000 });
  });

  it('refuses out-of-range metrics with the profile rules', async () => {
    const { token } = await signUp(server, 'founder');
    await server.request('POST', '/founder/profile/', { token, body: validProfile() });
    const res = await server.request('POST', '/founder/metrics/', { token, body: { mom_growth: 5000 } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('MoM growth must be between -100% and 1000%');
  });
});

describe('New Upload is one unit of work', () => {
  it('when clearing the score fails, the deck is not removed either', async () => {
    const { fitScores } = await import('@fitscore/db');
    const { sql } = await import('drizzle-orm');
    const { makePdfDeck, fileForm } = await import('../../../test/decks.ts');
    const user = await signUp(server, 'founder');
    await server.request('POST', '/founder/profile/', { token: user.token, body: validProfile() });
    const pdf = await makePdfDeck([['Acme', 'Robots for warehouses']]);
    expect((await server.request('POST', '/founder/deck/upload/', { token: user.token, raw: fileForm(pdf, 'deck.pdf') })).status).toBe(201);
    const db = server.database.handle.db;
    const five = { scoreTeam: 5, scoreMarket: 5, scoreProblemSolution: 5, scoreTraction: 5, scoreProduct: 5, scoreBusinessModel: 5, scoreFinancials: 5, scoreGtm: 5, scoreRisks: 5 };
    await db.insert(fitScores).values({ userId: user.user.id, deckVersion: 1, engineVersion: 'test', overall: 50, ...five, analysis: {}, profile: {} });
    // The second step fails: the database refuses to clear this founder's score.
    const fn = `refuse_clear_${user.user.id.replaceAll('-', '')}`;
    await db.execute(sql.raw(`create function ${fn}() returns trigger language plpgsql as $$ begin raise exception 'clearing refused'; end $$`));
    await db.execute(
      sql.raw(`create trigger ${fn} before update on fit_scores for each row when (new.user_id = '${user.user.id}') execute function ${fn}()`),
    );
    try {
      const res = await server.request('POST', '/founder/new-upload/', { token: user.token });
      expect(res.status).toBe(500);
      const progress = await server.request('GET', '/founder/progress/', { token: user.token });
      expect(progress.body).toMatchObject({ deck_uploaded: true, score_complete: true, score: 50 });
    } finally {
      await db.execute(sql.raw(`drop trigger ${fn} on fit_scores`));
      await db.execute(sql.raw(`drop function ${fn}()`));
    }
    expect((await server.request('POST', '/founder/new-upload/', { token: user.token })).status).toBe(200);
    const after = await server.request('GET', '/founder/progress/', { token: user.token });
    expect(after.body).toMatchObject({ deck_uploaded: false, score_complete: false });
  });
});
