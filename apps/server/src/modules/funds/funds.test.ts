import { DEFAULT_SCORE_WEIGHTS, preferencePercentagesOf, preferencesToProfile } from '@fitscore/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const step1 = (change: Record<string, unknown> = {}) => ({
  fund_name: 'Northwind Ventures',
  website: 'https://northwind.vc',
  sectors: ['SaaS', 'Fintech'],
  stages: ['Seed', 'Series A'],
  geography: ['US', 'EUROPE'],
  ticket_size_min: 250_000,
  ticket_size_max: 2_000_000,
  ...change,
});
const sixWeights = { traction: 9, product: 7, business_model: 6, financials: 8, go_to_market: 5, risks: 4 };
const intake = { online_form_enabled: true, email_forwarding_enabled: false };

async function login(user: { email: string; password: string }) {
  const res = await server.request('POST', '/user/login/', { body: { email: user.email, password: user.password, type: 'vc' } });
  expect(res.status).toBe(200);
  return res.body as { onboarding_complete: boolean };
}

describe('GET /vc/profile/', () => {
  it('is empty for a new investor, and onboarding is not complete', async () => {
    const vc = await signUp(server, 'vc');
    const res = await server.request('GET', '/vc/profile/', { token: vc.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ profile: null, onboardingComplete: false });
    expect((await login(vc)).onboarding_complete).toBe(false);
  });
});

describe('POST /vc/profile/step1/', () => {
  it('stores the fund (snake_case in, camelCase body out) with its absolute public apply URL', async () => {
    const vc = await signUp(server, 'vc');
    const res = await server.request('POST', '/vc/profile/step1/', { token: vc.token, body: step1() });
    expect(res.status).toBe(200);
    expect(res.body.onboardingComplete).toBe(false);
    expect(res.body.profile).toMatchObject({
      fundName: 'Northwind Ventures',
      website: 'https://northwind.vc',
      sectors: ['SaaS', 'Fintech'],
      stages: ['Seed', 'Series A'],
      geography: ['US', 'EUROPE'],
      ticketSizeMin: 250_000,
      ticketSizeMax: 2_000_000,
      publicApplyUrl: expect.stringMatching(new RegExp(`^${server.config.publicWebUrl}/apply/[a-z0-9]+$`)),
      intakeSources: { onlineForm: true, emailForwarding: false },
      investmentWeights: DEFAULT_SCORE_WEIGHTS,
      overallShares: { team: 9.1, market: 9.1, problemSolution: 9.1, traction: 14.5, product: 10.9, businessModel: 10.9, financials: 14.5, gtm: 10.9, risks: 10.9 },
      scoringPreferences: { traction: 20, product: 15, businessModel: 15, financials: 20, goToMarket: 15, risks: 15 },
      weights: { traction: 8, product: 6, businessModel: 6, financials: 8, goToMarket: 6, risks: 6 },
    });
    expect(res.body.profile.steps.fund).toEqual(expect.any(String));
    expect(res.body.profile.steps.weights).toBeNull();
    expect(res.body.profile.id).not.toBe(vc.user.id);
    const again = await server.request('GET', '/vc/profile/', { token: vc.token });
    expect(again.body.profile).toEqual(res.body.profile);
  });

  it('takes empty ticket sizes as null and keeps lists in order; Agnostic and GLOBAL stand alone', async () => {
    const vc = await signUp(server, 'vc');
    const res = await server.request('POST', '/vc/profile/step1/', {
      token: vc.token,
      body: step1({ sectors: ['Fintech', 'Agnostic'], stages: ['Series A', 'Pre-seed'], geography: ['GLOBAL', 'US'], ticket_size_min: null, ticket_size_max: null, website: '' }),
    });
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({ sectors: ['Agnostic'], stages: ['Pre-seed', 'Series A'], geography: ['GLOBAL'], ticketSizeMin: null, ticketSizeMax: null, website: '' });
  });

  it.each([
    ['fund name missing', { fund_name: '' }, 'Fund name is required', 'fund_name'],
    ['fund name blank', { fund_name: '   ' }, 'Fund name is required', 'fund_name'],
    ['no sector', { sectors: [] }, 'Select at least one sector', 'sectors'],
    ['sectors absent', { sectors: undefined }, 'Select at least one sector', 'sectors'],
    ['no stage', { stages: [] }, 'Select at least one investment stage', 'stages'],
    ['unknown sector', { sectors: ['Tobacco'] }, 'Choose sectors from the list', 'sectors.0'],
    ['unknown stage', { stages: ['Series Z'] }, 'Choose stages from the list', 'stages.0'],
    ['unknown region', { geography: ['MARS'] }, 'Choose regions from the list', 'geography.0'],
    ['min above max', { ticket_size_min: 3_000_000, ticket_size_max: 1_000_000 }, 'Maximum ticket size must be at least the minimum', 'ticket_size_max'],
    ['negative ticket', { ticket_size_min: -1 }, 'Minimum ticket size must be 0 or more', 'ticket_size_min'],
    ['fractional ticket', { ticket_size_max: 10.5 }, 'Maximum ticket size must be a whole number of dollars', 'ticket_size_max'],
    ['bad website', { website: 'not a site' }, 'Website must be a valid URL', 'website'],
  ])('refuses %s with its message beside the field, and keeps what was stored', async (_case, change, message, path) => {
    const vc = await signUp(server, 'vc');
    await server.request('POST', '/vc/profile/step1/', { token: vc.token, body: step1() });
    const res = await server.request('POST', '/vc/profile/step1/', { token: vc.token, body: step1(change) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
    expect(res.body.details).toContainEqual({ path, message });
    const stored = await server.request('GET', '/vc/profile/', { token: vc.token });
    expect(stored.body.profile.fundName).toBe('Northwind Ventures');
    expect(stored.body.profile.sectors).toEqual(['SaaS', 'Fintech']);
  });

  it('names every missing step-1 rule at once', async () => {
    const vc = await signUp(server, 'vc');
    const res = await server.request('POST', '/vc/profile/step1/', { token: vc.token, body: { fund_name: '', sectors: [], stages: [] } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Fund name is required');
    expect(res.body.details).toEqual(
      expect.arrayContaining([
        { path: 'fund_name', message: 'Fund name is required' },
        { path: 'sectors', message: 'Select at least one sector' },
        { path: 'stages', message: 'Select at least one investment stage' },
      ]),
    );
    expect((await server.request('GET', '/vc/profile/', { token: vc.token })).body.profile).toBeNull();
  });
});

describe('POST /vc/profile/scoring-weights/', () => {
  it('stores the six weights 1-10 in the one model; team, market and problem/solution keep their values', async () => {
    const vc = await signUp(server, 'vc');
    await server.request('PUT', '/vc/settings/weights/', {
      token: vc.token,
      body: { ...DEFAULT_SCORE_WEIGHTS, team: 9, market: 2, problemSolution: 7 },
    });
    const res = await server.request('POST', '/vc/profile/scoring-weights/', { token: vc.token, body: sixWeights });
    expect(res.status).toBe(200);
    expect(res.body.profile.weights).toEqual({ traction: 9, product: 7, businessModel: 6, financials: 8, goToMarket: 5, risks: 4 });
    expect(res.body.profile.investmentWeights).toEqual({ team: 9, market: 2, problemSolution: 7, traction: 9, product: 7, businessModel: 6, financials: 8, gtm: 5, risks: 4 });
    // 9+7+6+8+5+4 = 39 points: each weight's share, largest remainder to make exactly 100.
    expect(res.body.profile.scoringPreferences).toEqual({ traction: 23, product: 18, businessModel: 15, financials: 21, goToMarket: 13, risks: 10 });
  });

  it.each([
    ['zero', { traction: 0 }, 'traction', 'Traction weight must be a whole number from 1 to 10'],
    ['eleven', { risks: 11 }, 'risks', 'Risks weight must be a whole number from 1 to 10'],
    ['fraction', { product: 5.5 }, 'product', 'Product weight must be a whole number from 1 to 10'],
    ['missing', { go_to_market: undefined }, 'go_to_market', 'Go-to-Market weight must be a whole number from 1 to 10'],
    ['text', { business_model: 'high' }, 'business_model', 'Business Model weight must be a whole number from 1 to 10'],
  ])('refuses a weight that is %s', async (_case, change, path, message) => {
    const vc = await signUp(server, 'vc');
    const res = await server.request('POST', '/vc/profile/scoring-weights/', { token: vc.token, body: { ...sixWeights, ...change } });
    expect(res.status).toBe(400);
    expect(res.body.details).toContainEqual({ path, message });
    expect((await server.request('GET', '/vc/profile/', { token: vc.token })).body.profile).toBeNull();
  });
});

describe('PUT /vc/profile/intake-sources/', () => {
  it('stores the two toggles', async () => {
    const vc = await signUp(server, 'vc');
    const res = await server.request('PUT', '/vc/profile/intake-sources/', { token: vc.token, body: { online_form_enabled: false, email_forwarding_enabled: true } });
    expect(res.status).toBe(200);
    expect(res.body.profile.intakeSources).toEqual({ onlineForm: false, emailForwarding: true });
    // The apply URL is stable: the same after every save.
    const first = (await server.request('GET', '/vc/profile/', { token: vc.token })).body.profile.publicApplyUrl;
    expect(res.body.profile.publicApplyUrl).toBe(first);
    expect(first).toMatch(/^https?:\/\/.+\/apply\/[a-z0-9]+$/);
  });

  it('refuses turning both off with the spec message and keeps the stored sources', async () => {
    const vc = await signUp(server, 'vc');
    await server.request('PUT', '/vc/profile/intake-sources/', { token: vc.token, body: { online_form_enabled: true, email_forwarding_enabled: true } });
    const res = await server.request('PUT', '/vc/profile/intake-sources/', { token: vc.token, body: { online_form_enabled: false, email_forwarding_enabled: false } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Enable at least one deal intake source');
    const stored = await server.request('GET', '/vc/profile/', { token: vc.token });
    expect(stored.body.profile.intakeSources).toEqual({ onlineForm: true, emailForwarding: true });
  });

  it('is PUT only, at the exact path with its trailing slash', async () => {
    const vc = await signUp(server, 'vc');
    expect((await server.request('POST', '/vc/profile/intake-sources/', { token: vc.token, body: intake })).status).toBe(404);
    expect((await server.request('PUT', '/vc/profile/intake-sources', { token: vc.token, body: intake })).status).toBe(404);
  });
});

describe('onboarding completion is the server’s', () => {
  it('flips at login and /user/me/ only once all three steps are valid, whatever their order', async () => {
    for (const order of [['step1', 'weights', 'intake'], ['intake', 'weights', 'step1'], ['weights', 'step1', 'intake']] as const) {
      const vc = await signUp(server, 'vc');
      const calls = {
        step1: () => server.request('POST', '/vc/profile/step1/', { token: vc.token, body: step1() }),
        weights: () => server.request('POST', '/vc/profile/scoring-weights/', { token: vc.token, body: sixWeights }),
        intake: () => server.request('PUT', '/vc/profile/intake-sources/', { token: vc.token, body: intake }),
      };
      for (const [i, name] of order.entries()) {
        const res = await calls[name]();
        expect(res.status).toBe(200);
        const last = i === order.length - 1;
        expect(res.body.onboardingComplete).toBe(last);
        expect((await login(vc)).onboarding_complete).toBe(last);
        expect((await server.request('GET', '/user/me/', { token: vc.token })).body.onboarding_complete).toBe(last);
        expect((await server.request('GET', '/vc/profile/', { token: vc.token })).body.onboardingComplete).toBe(last);
      }
      const done = await server.request('GET', '/vc/profile/', { token: vc.token });
      expect(done.body.profile.onboardingCompletedAt).toEqual(expect.any(String));
    }
  });

  it('refused steps never complete onboarding', async () => {
    const vc = await signUp(server, 'vc');
    await server.request('POST', '/vc/profile/step1/', { token: vc.token, body: step1({ fund_name: '' }) });
    await server.request('POST', '/vc/profile/scoring-weights/', { token: vc.token, body: { ...sixWeights, traction: 0 } });
    await server.request('PUT', '/vc/profile/intake-sources/', { token: vc.token, body: { online_form_enabled: false, email_forwarding_enabled: false } });
    expect((await login(vc)).onboarding_complete).toBe(false);
    // Valid weights and intake but still no valid step 1.
    await server.request('POST', '/vc/profile/scoring-weights/', { token: vc.token, body: sixWeights });
    await server.request('PUT', '/vc/profile/intake-sources/', { token: vc.token, body: intake });
    expect((await login(vc)).onboarding_complete).toBe(false);
    await server.request('POST', '/vc/profile/step1/', { token: vc.token, body: step1({ sectors: [] }) });
    expect((await login(vc)).onboarding_complete).toBe(false);
    await server.request('POST', '/vc/profile/step1/', { token: vc.token, body: step1() });
    expect((await login(vc)).onboarding_complete).toBe(true);
  });

  it('a stored row whose step 1 no longer passes the rules is not complete (the rules are re-checked)', async () => {
    const vc = await signUp(server, 'vc');
    await server.request('POST', '/vc/profile/step1/', { token: vc.token, body: step1() });
    await server.request('POST', '/vc/profile/scoring-weights/', { token: vc.token, body: sixWeights });
    await server.request('PUT', '/vc/profile/intake-sources/', { token: vc.token, body: intake });
    expect((await login(vc)).onboarding_complete).toBe(true);
    const { fundMembers, funds } = await import('@fitscore/db');
    const { eq, sql } = await import('drizzle-orm');
    const db = server.database.handle.db;
    const [member] = await db.select().from(fundMembers).where(eq(fundMembers.userId, vc.user.id));
    await db.update(funds).set({ sectors: sql`'{}'::text[]` }).where(eq(funds.id, member!.fundId));
    expect((await login(vc)).onboarding_complete).toBe(false);
  });
});

describe('settings weights: one model, three views', () => {
  it('concurrent saves of the weights never lose one another: each reads and writes the model atomically', async () => {
    const vc = await signUp(server, 'vc');
    await server.request('POST', '/vc/profile/step1/', { token: vc.token, body: step1() });
    const nine = { team: 9, market: 2, problemSolution: 7, traction: 3, product: 3, businessModel: 3, financials: 3, gtm: 3, risks: 3 };
    // The six-weight save keeps team, market and problem/solution as they are when it runs.
    const nineThenSix = { ...nine, traction: 9, product: 7, businessModel: 6, financials: 8, gtm: 5, risks: 4 };
    for (let round = 0; round < 8; round += 1) {
      await server.request('PUT', '/vc/settings/weights/', { token: vc.token, body: DEFAULT_SCORE_WEIGHTS });
      const saves = [
        () => server.request('PUT', '/vc/settings/weights/', { token: vc.token, body: nine }),
        () => server.request('POST', '/vc/profile/scoring-weights/', { token: vc.token, body: sixWeights }),
      ];
      if (round % 2 === 1) saves.reverse();
      const results = await Promise.all(saves.map((save) => save()));
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      const stored = (await server.request('GET', '/vc/profile/', { token: vc.token })).body.profile.investmentWeights;
      // One save after the other, in either order; never the six on top of the weights before the other save.
      expect([nine, nineThenSix], `round ${round}`).toContainEqual(stored);
    }
  });

  it('PUT /vc/settings/scoring-preferences/ refuses totals other than 100 with the spec message', async () => {
    const vc = await signUp(server, 'vc');
    for (const body of [
      { traction: 20, product: 15, business_model: 15, financials: 20, go_to_market: 15, risks: 14 },
      { traction: 30, product: 15, business_model: 15, financials: 20, go_to_market: 15, risks: 15 },
    ]) {
      const res = await server.request('PUT', '/vc/settings/scoring-preferences/', { token: vc.token, body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Scoring weights must sum to 100%');
    }
    const out = await server.request('PUT', '/vc/settings/scoring-preferences/', {
      token: vc.token,
      body: { traction: 101, product: 0, business_model: 0, financials: 0, go_to_market: 0, risks: -1 },
    });
    expect(out.status).toBe(400);
    expect(out.body.details).toContainEqual({ path: 'traction', message: 'Traction must be a whole number from 0 to 100' });
    expect((await server.request('GET', '/vc/profile/', { token: vc.token })).body.profile).toBeNull();
  });

  it('percentages summing to 100 are stored as 1-10 weights and read back', async () => {
    const vc = await signUp(server, 'vc');
    const body = { traction: 25, product: 15, business_model: 15, financials: 25, go_to_market: 10, risks: 10 };
    const res = await server.request('PUT', '/vc/settings/scoring-preferences/', { token: vc.token, body });
    expect(res.status).toBe(200);
    expect(res.body.profile.scoringPreferences).toEqual({ traction: 25, product: 15, businessModel: 15, financials: 25, goToMarket: 10, risks: 10 });
    expect(res.body.profile.weights).toEqual({ traction: 10, product: 6, businessModel: 6, financials: 10, goToMarket: 4, risks: 4 });
    expect(res.body.profile.investmentWeights).toMatchObject({ team: 5, market: 5, problemSolution: 5, gtm: 4 });
    // An uneven split comes back within the documented couple of points, still summing to 100.
    const uneven = await server.request('PUT', '/vc/settings/scoring-preferences/', {
      token: vc.token,
      body: { traction: 33, product: 7, business_model: 12, financials: 21, go_to_market: 11, risks: 16 },
    });
    const back = uneven.body.profile.scoringPreferences as Record<string, number>;
    expect(Object.values(back).reduce((a, b) => a + b, 0)).toBe(100);
    const wanted = { traction: 33, product: 7, businessModel: 12, financials: 21, goToMarket: 11, risks: 16 } as Record<string, number>;
    for (const k of Object.keys(wanted)) expect(Math.abs(back[k]! - wanted[k]!)).toBeLessThanOrEqual(3);
  });

  it('PUT /vc/settings/weights/ stores all nine, and the other two views follow', async () => {
    const vc = await signUp(server, 'vc');
    const nine = { team: 10, market: 9, problemSolution: 8, traction: 7, product: 6, businessModel: 5, financials: 4, gtm: 3, risks: 2 };
    const res = await server.request('PUT', '/vc/settings/weights/', { token: vc.token, body: nine });
    expect(res.status).toBe(200);
    expect(res.body.profile.investmentWeights).toEqual(nine);
    expect(res.body.profile.weights).toEqual({ traction: 7, product: 6, businessModel: 5, financials: 4, goToMarket: 3, risks: 2 });
    expect(res.body.profile.scoringPreferences).toEqual(preferencesToProfile(preferencePercentagesOf(nine)));
    const bad = await server.request('PUT', '/vc/settings/weights/', { token: vc.token, body: { ...nine, problemSolution: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toContainEqual({ path: 'problemSolution', message: 'Problem & Solution weight must be a whole number from 1 to 10' });
    const missing = await server.request('PUT', '/vc/settings/weights/', { token: vc.token, body: { ...nine, team: undefined } });
    expect(missing.status).toBe(400);
    expect((await server.request('GET', '/vc/profile/', { token: vc.token })).body.profile.investmentWeights).toEqual(nine);
  });
});

describe('Scoring Preferences and Investment Weights: two views of one model (issue 29 point 5)', () => {
  const profileOf = async (token: string) => (await server.request('GET', '/vc/profile/', { token })).body.profile;
  const wire = (p: Record<string, number>) => ({
    traction: p.traction,
    product: p.product,
    business_model: p.businessModel,
    financials: p.financials,
    go_to_market: p.goToMarket,
    risks: p.risks,
  });

  it('each dimension\'s share of the overall is the weight over the sum of all nine, read by both screens', async () => {
    const vc = await signUp(server, 'vc');
    const nine = { team: 10, market: 5, problemSolution: 5, traction: 10, product: 5, businessModel: 5, financials: 5, gtm: 3, risks: 2 };
    const res = await server.request('PUT', '/vc/settings/weights/', { token: vc.token, body: nine });
    expect(res.status).toBe(200);
    // Sum 50: traction's 10 is 20% of the overall, while it is 33% of the six Scoring Preferences split.
    expect(res.body.profile.overallShares).toEqual({ team: 20, market: 10, problemSolution: 10, traction: 20, product: 10, businessModel: 10, financials: 10, gtm: 6, risks: 4 });
    expect(res.body.profile.scoringPreferences.traction).toBe(33);
  });

  it('save on one screen, read on the other, save again: nothing drifts, whatever split was typed', async () => {
    const vc = await signUp(server, 'vc');
    await server.request('POST', '/vc/profile/step1/', { token: vc.token, body: step1() });
    await server.request('PUT', '/vc/settings/weights/', { token: vc.token, body: { ...DEFAULT_SCORE_WEIGHTS, team: 7, market: 3 } });
    const splits = [
      { traction: 40, product: 12, business_model: 12, financials: 12, go_to_market: 12, risks: 12 },
      { traction: 33, product: 7, business_model: 12, financials: 21, go_to_market: 11, risks: 16 },
      { traction: 17, product: 17, business_model: 17, financials: 17, go_to_market: 16, risks: 16 },
      { traction: 0, product: 0, business_model: 0, financials: 0, go_to_market: 0, risks: 100 },
      { traction: 23, product: 18, business_model: 15, financials: 21, go_to_market: 13, risks: 10 },
    ];
    for (const split of splits) {
      const saved = await server.request('PUT', '/vc/settings/scoring-preferences/', { token: vc.token, body: split });
      expect(saved.status).toBe(200);
      const first = saved.body.profile;
      expect(Object.keys(first.overallShares)).toHaveLength(9);
      // The Investment Weights screen reads the nine and saves them untouched.
      const viaWeights = await server.request('PUT', '/vc/settings/weights/', { token: vc.token, body: first.investmentWeights });
      expect(viaWeights.status).toBe(200);
      // Scoring Preferences reads what is stored and saves it untouched.
      const viaPreferences = await server.request('PUT', '/vc/settings/scoring-preferences/', { token: vc.token, body: wire(viaWeights.body.profile.scoringPreferences) });
      expect(viaPreferences.status).toBe(200);
      const last = await profileOf(vc.token);
      for (const view of [viaWeights.body.profile, viaPreferences.body.profile, last]) {
        expect(view.investmentWeights, JSON.stringify(split)).toEqual(first.investmentWeights);
        expect(view.scoringPreferences, JSON.stringify(split)).toEqual(first.scoringPreferences);
        expect(view.overallShares, JSON.stringify(split)).toEqual(first.overallShares);
      }
      // Team, market and problem/solution (not on the Scoring Preferences screen) are never moved by it.
      expect(last.investmentWeights).toMatchObject({ team: 7, market: 3, problemSolution: 5 });
    }
  });
});

describe('access', () => {
  const calls: [string, string, unknown][] = [
    ['GET', '/vc/profile/', undefined],
    ['POST', '/vc/profile/step1/', step1()],
    ['POST', '/vc/profile/scoring-weights/', sixWeights],
    ['PUT', '/vc/profile/intake-sources/', intake],
    ['PUT', '/vc/settings/scoring-preferences/', { traction: 20, product: 15, business_model: 15, financials: 20, go_to_market: 15, risks: 15 }],
    ['PUT', '/vc/settings/weights/', DEFAULT_SCORE_WEIGHTS],
  ];

  it('founders get 403 and signed-out callers 401 on every /vc/ call', async () => {
    const founder = await signUp(server, 'founder');
    for (const [method, path, body] of calls) {
      const res = await server.request(method, path, { token: founder.token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.error).toBe('This is only available to investors.');
      expect((await server.request(method, path, { body })).status, `${method} ${path} signed out`).toBe(401);
    }
  });

  it('one investor never reads or changes another’s fund', async () => {
    const a = await signUp(server, 'vc');
    const b = await signUp(server, 'vc');
    await server.request('POST', '/vc/profile/step1/', { token: a.token, body: step1({ fund_name: 'Alpha Fund' }) });
    await server.request('POST', '/vc/profile/scoring-weights/', { token: a.token, body: sixWeights });
    const aBefore = (await server.request('GET', '/vc/profile/', { token: a.token })).body.profile;

    expect((await server.request('GET', '/vc/profile/', { token: b.token })).body).toEqual({ profile: null, onboardingComplete: false });
    for (const [method, path, body] of calls.slice(1)) {
      const res = await server.request(method, path, { token: b.token, body: path.endsWith('step1/') ? step1({ fund_name: 'Beta Fund' }) : body });
      expect(res.status).toBe(200);
    }
    const bProfile = (await server.request('GET', '/vc/profile/', { token: b.token })).body.profile;
    expect(bProfile.fundName).toBe('Beta Fund');
    expect(bProfile.id).not.toBe(aBefore.id);
    const aAfter = (await server.request('GET', '/vc/profile/', { token: a.token })).body.profile;
    expect(aAfter).toEqual(aBefore);
  });

  it('two first saves at once make one fund for the investor', async () => {
    const vc = await signUp(server, 'vc');
    const results = await Promise.all([
      server.request('POST', '/vc/profile/step1/', { token: vc.token, body: step1() }),
      server.request('PUT', '/vc/profile/intake-sources/', { token: vc.token, body: intake }),
      server.request('POST', '/vc/profile/scoring-weights/', { token: vc.token, body: sixWeights }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(results.map((r) => r.body.profile.id)).size).toBe(1);
  });

  it('malformed JSON is a 400 with an error text', async () => {
    const vc = await signUp(server, 'vc');
    const res = await server.request('POST', '/vc/profile/step1/', { token: vc.token, raw: '{"fund_name":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
  });
});

describe('OpenAPI', () => {
  it('documents the VC calls with the spec’s paths and snake_case fields', async () => {
    const { status, body } = await server.request('GET', '/openapi.json');
    expect(status).toBe(200);
    const step = body.paths['/vc/profile/step1/'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(step.properties)).toEqual(
      expect.arrayContaining(['fund_name', 'website', 'sectors', 'stages', 'geography', 'ticket_size_min', 'ticket_size_max']),
    );
    const weights = body.paths['/vc/profile/scoring-weights/'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(weights.properties).sort()).toEqual(['business_model', 'financials', 'go_to_market', 'product', 'risks', 'traction']);
    expect(body.paths['/vc/profile/intake-sources/'].put).toBeDefined();
    expect(body.paths['/vc/profile/'].get).toBeDefined();
    expect(body.paths['/vc/settings/scoring-preferences/'].put).toBeDefined();
    expect(body.paths['/vc/settings/weights/'].put).toBeDefined();
  });
});
