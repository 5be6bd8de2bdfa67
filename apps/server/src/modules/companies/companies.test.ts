import { SIMILAR_COMPANIES_LIMIT } from '@fitscore/contracts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validProfile } from '../../../test/decks.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { setPlan } from '../../../test/plans.ts';
import { importCompaniesCli } from '../../cli/import-companies.ts';
import { seedSampleCompaniesCli } from '../../cli/seed-sample-companies.ts';
import { parseCompaniesCsv } from './companies-csv.ts';
import { SAMPLE_COMPANIES } from './sample-companies.ts';
import { rankSimilar, tokenize } from './similarity.ts';

let server: TestServer;
let dir: string;
beforeAll(async () => {
  server = await startTestServer();
  dir = mkdtempSync(join(tmpdir(), 'fitscore-companies-'));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const HEADER = 'name,sector,stage,business_model,description,last_round,amount,currency,investors,link,raised_at';

/** Runs the importer CLI on a file against the test server's database. */
async function runImport(csv: string) {
  const file = join(dir, `import-${Math.random().toString(36).slice(2)}.csv`);
  writeFileSync(file, csv);
  const lines: string[] = [];
  const errors: string[] = [];
  const code = await importCompaniesCli([file], {
    database: server.database.handle,
    out: { log: (l) => lines.push(l), error: (l) => errors.push(l) },
  });
  return { code, lines, errors };
}

async function premiumFounder(profile: Record<string, unknown> = {}) {
  const user = await signUp(server, 'founder');
  expect((await server.request('POST', '/founder/profile/', { token: user.token, body: validProfile(profile) })).status).toBe(200);
  await setPlan(server, { founder: user.email }, 'premium');
  return user;
}

const similar = (token: string) => server.request('GET', '/founder/similar-companies/', { token });

describe('similar companies: plan and empty data', () => {
  it('is a Premium feature: 402 plan_limit on the free plan', async () => {
    const user = await signUp(server, 'founder');
    await server.request('POST', '/founder/profile/', { token: user.token, body: validProfile() });
    const res = await similar(user.token);
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: 'plan_limit', error: 'Similar companies is a Premium feature. Upgrade to unlock it.' });
  });

  it('answers an empty list while no data is loaded', async () => {
    const user = await premiumFounder();
    const res = await similar(user.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ companies: [], dataset: { import: 0, platform: 0, sample: 0 }, profile_missing: false });
  });
});

describe('the CSV importer', () => {
  it('refuses bad rows with their line numbers and imports the good ones', async () => {
    const csv = [
      HEADER,
      'Kitchen Bots,AI/ML,Seed,B2B,"Robot arms for restaurant kitchens",Seed,"3,500,000",usd,Alpha VC; Beta Capital,kitchenbots.example,2024-05',
      // A quoted description over two lines: the next row still gets its own line number.
      'Ledgerly,Fintech,series a,b2b,"Bookkeeping for freelancers,',
      'with tax filing built in",Series A,12000000,EUR,Gamma Partners,https://ledgerly.example,2023-11-02',
      'Robo Unknown,Robots,Seed,B2B,x,Seed,abc,US,,not a url,2024-13-01',
      ',SaaS,Seed,,,Seed,,,,,',
      'Too Few,SaaS,Seed',
      'kitchen bots,AI/ML,Seed,B2B,dup,Seed,,,,,',
    ].join('\n');
    const { code, lines, errors } = await runImport(csv);
    expect(code).toBe(2);
    expect(errors[0]).toMatch(/^Line 5: sector "Robots" is not one of: SaaS, .*; amount "abc" must be a plain number/);
    expect(errors[0]).toContain('currency must be a 3-letter ISO code');
    expect(errors[0]).toContain('link must be a web address');
    expect(errors[0]).toContain('raised_at "2024-13-01" must be a date');
    expect(errors[1]).toBe('Line 6: name is required');
    expect(errors[2]).toBe('Line 7: expected 11 fields, found 3');
    expect(errors[3]).toBe('Line 8: "kitchen bots" already appears on line 2');
    expect(lines).toEqual(['Imported 2 companies (2 new, 0 updated); 4 rows refused (see above).']);

    const user = await premiumFounder();
    const { companies, dataset } = (await similar(user.token)).body;
    expect(dataset).toEqual({ import: 2, platform: 0, sample: 0 });
    expect(companies.find((c: { name: string }) => c.name === 'Ledgerly')).toMatchObject({
      sector: 'Fintech',
      stage: 'Series A',
      business_model: 'B2B',
      description: 'Bookkeeping for freelancers,\nwith tax filing built in',
      amount: 12_000_000,
      currency: 'EUR',
      investors: ['Gamma Partners'],
      link: 'https://ledgerly.example',
      raised_at: '2023-11-02',
      source: 'import',
    });
    expect(companies.find((c: { name: string }) => c.name === 'Kitchen Bots')).toMatchObject({
      amount: 3_500_000,
      currency: 'USD',
      investors: ['Alpha VC', 'Beta Capital'],
      link: 'https://kitchenbots.example',
      raised_at: '2024-05-01',
    });
  });

  it('updates a company imported again under the same name instead of adding it twice', async () => {
    const { code, lines } = await runImport(`${HEADER}\nKITCHEN BOTS,AI/ML,Series A,B2B,Robot arms for restaurant kitchens,Series A,9000000,USD,Delta Ventures,,2025-01-15\n`);
    expect(code).toBe(0);
    expect(lines).toEqual(['Imported 1 companies (0 new, 1 updated).']);
    const user = await premiumFounder();
    const { companies, dataset } = (await similar(user.token)).body;
    expect(dataset.import).toBe(2);
    expect(companies.find((c: { name: string }) => c.name === 'KITCHEN BOTS')).toMatchObject({ last_round: 'Series A', amount: 9_000_000 });
  });

  it('refuses a file whose header it does not know, importing nothing', async () => {
    const { code, errors } = await runImport('name,sector,stage,last_round,valuation\nX,SaaS,Seed,Seed,1\n');
    expect(code).toBe(1);
    expect(errors).toEqual(['Line 1: unknown column "valuation". Allowed: ' + HEADER.split(',').join(', ') + '.', 'Nothing was imported.']);
    expect((await runImport('name,sector\nX,SaaS\n')).errors[0]).toBe('Line 1: the header must include stage, last_round.');
    expect((await runImport('')).errors[0]).toBe('The file is empty: it needs a header row and at least one company.');
    const errors2: string[] = [];
    const missing = await importCompaniesCli([join(dir, 'missing.csv')], {
      database: server.database.handle,
      out: { log: () => {}, error: (l) => errors2.push(l) },
    });
    expect(missing).toBe(1);
    expect(errors2[0]).toMatch(/^Cannot read .*missing\.csv: no such file$/);
  });
});

describe('ranking', () => {
  it('puts the same-sector, same-stage company first, and every row says its source and why', async () => {
    await runImport(
      [
        HEADER,
        // Identical descriptions: only sector, stage and business model tell them apart.
        'Rank Same,Climate Tech,Series B,Marketplace,Carbon removal credits exchange,Series B,,,,,',
        'Rank Other Stage,Climate Tech,Pre-seed,Marketplace,Carbon removal credits exchange,Pre-seed,,,,,',
        'Rank Related Sector,Energy,Series B,Marketplace,Carbon removal credits exchange,Series B,,,,,',
        'Rank Other Sector,Gaming,Series B,Marketplace,Carbon removal credits exchange,Series B,,,,,',
      ].join('\n'),
    );
    const user = await premiumFounder({
      industry: 'Climate Tech',
      stage: 'Series B',
      business_model: 'Marketplace',
      one_liner: 'Exchange for verified carbon removal credits',
    });
    const { companies } = (await similar(user.token)).body;
    expect(companies.length).toBeLessThanOrEqual(SIMILAR_COMPANIES_LIMIT);
    expect(companies.slice(0, 4).map((c: { name: string }) => c.name)).toEqual([
      'Rank Same',
      'Rank Related Sector',
      'Rank Other Stage',
      'Rank Other Sector',
    ]);
    const [first] = companies;
    expect(first.source).toBe('import');
    expect(first.similarity).toBeGreaterThan(0.9);
    expect(first.similarity).toBeLessThanOrEqual(1);
    expect(first.why_similar).toEqual([
      'Same sector (Climate Tech)',
      'Same stage (Series B)',
      'Also Marketplace',
      expect.stringMatching(/^Shared terms: /),
    ]);
    for (let i = 1; i < companies.length; i++) expect(companies[i - 1].similarity).toBeGreaterThanOrEqual(companies[i].similarity);
  });

  it('within the same sector and stage, the closer description wins (TF-IDF cosine)', () => {
    const base = { sector: 'SaaS', stage: 'Seed', businessModel: 'B2B' };
    const ranked = rankSimilar(
      { sector: 'SaaS', stage: 'Seed', businessModel: 'B2B', text: 'Payroll software for restaurants and their shift workers' },
      [
        { id: '1', name: 'Unrelated', description: 'Analytics dashboards for marketing teams', ...base },
        { id: '2', name: 'Close', description: 'Shift scheduling and payroll for restaurants', ...base },
      ],
      6,
    );
    expect(ranked.map((r) => r.company.name)).toEqual(['Close', 'Unrelated']);
    expect(ranked[0]!.parts.text).toBeGreaterThan(0.3);
    expect(ranked[1]!.parts.text).toBe(0);
    expect(tokenize('The robots, and Robot-arms for companies')).toEqual(['robot', 'robot', 'arm']);
  });
});

describe('sample data and platform companies', () => {
  it('loads the sample set only by its command, every row marked as sample', async () => {
    const out: string[] = [];
    const code = await seedSampleCompaniesCli([], { database: server.database.handle, out: { log: (l) => out.push(l), error: (l) => out.push(l) } });
    expect(code).toBe(0);
    expect(out[0]).toMatch(new RegExp(`^Loaded ${SAMPLE_COMPANIES.length} sample companies`));
    // Idempotent: a second run refreshes the same rows.
    await seedSampleCompaniesCli([], { database: server.database.handle, out: { log: () => {}, error: () => {} } });

    const user = await premiumFounder({ industry: 'DevTools', stage: 'Series A', business_model: 'PLG', one_liner: 'Open-source hosting for git repositories and CI' });
    const { companies, dataset } = (await similar(user.token)).body;
    expect(dataset.sample).toBe(SAMPLE_COMPANIES.length);
    expect(companies.length).toBe(SIMILAR_COMPANIES_LIMIT);
    expect(companies[0]).toMatchObject({ name: 'GitLab', source: 'sample', sector: 'DevTools', stage: 'Series A' });
    for (const c of companies.filter((c: { sector: string }) => c.sector === 'DevTools')) expect(c.source).toBe('sample');
    // Every sample row is valid under the CSV rules.
    const csv = [HEADER, ...SAMPLE_COMPANIES.map((s) => [s.name, s.sector, s.stage, s.business_model ?? '', `"${s.description}"`, s.last_round, s.amount ?? '', s.currency, s.investors.join(';'), s.link ?? '', s.raised_at ?? ''].join(','))].join('\n');
    expect(parseCompaniesCsv(csv).errors).toEqual([]);
  });

  it('a founder reports a raise with consent: other founders see it as a platform company, the founder can remove it', async () => {
    const reporter = await signUp(server, 'founder');
    await server.request('POST', '/founder/profile/', {
      token: reporter.token,
      body: validProfile({ startup_name: 'Reporter Labs', industry: 'Biotech', stage: 'Seed', one_liner: 'Enzymes that digest plastic waste' }),
    });
    const raise = { last_round: 'Seed', amount: 2_500_000, currency: 'usd', investors: ['Omega Bio Fund'], raised_at: '2025-03-01' };
    const noConsent = await server.request('POST', '/founder/raise/', { token: reporter.token, body: raise });
    expect(noConsent.status).toBe(400);
    expect(noConsent.body.error).toBe('Please confirm that other founders may see this raise');

    const saved = await server.request('POST', '/founder/raise/', { token: reporter.token, body: { ...raise, consent: true } });
    expect(saved.status).toBe(200);
    expect(saved.body.raise).toMatchObject({ name: 'Reporter Labs', last_round: 'Seed', amount: 2_500_000, currency: 'USD' });
    expect((await server.request('GET', '/founder/raise/', { token: reporter.token })).body.raise.id).toBe(saved.body.raise.id);
    // Reporting again updates the one row.
    await server.request('POST', '/founder/raise/', { token: reporter.token, body: { ...raise, amount: 3_000_000, consent: true } });

    const peer = await premiumFounder({ industry: 'Biotech', stage: 'Seed', one_liner: 'Enzymes that break down plastic' });
    const seen = (await similar(peer.token)).body;
    expect(seen.companies[0]).toMatchObject({ name: 'Reporter Labs', source: 'platform', amount: 3_000_000, investors: ['Omega Bio Fund'] });
    expect(seen.dataset.platform).toBe(1);

    // The reporter never sees their own company among the similar ones.
    await setPlan(server, { founder: reporter.email }, 'premium');
    const own = (await similar(reporter.token)).body;
    expect(own.companies.map((c: { name: string }) => c.name)).not.toContain('Reporter Labs');
    expect(own.dataset.platform).toBe(0);

    expect((await server.request('DELETE', '/founder/raise/', { token: reporter.token })).body).toEqual({ ok: true });
    expect((await similar(peer.token)).body.companies.map((c: { name: string }) => c.name)).not.toContain('Reporter Labs');
    expect((await server.request('DELETE', '/founder/raise/', { token: reporter.token })).status).toBe(404);
  });

  it('two founders cannot report raises under the same company name', async () => {
    const body = { last_round: 'Seed', amount: 1_000_000, investors: ['Someone'], raised_at: '2024-01-01', consent: true };
    const a = await signUp(server, 'founder');
    await server.request('POST', '/founder/profile/', { token: a.token, body: validProfile({ startup_name: 'Twin Co' }) });
    const b = await signUp(server, 'founder');
    await server.request('POST', '/founder/profile/', { token: b.token, body: validProfile({ startup_name: 'twin co' }) });
    expect((await server.request('POST', '/founder/raise/', { token: a.token, body })).status).toBe(200);
    const clash = await server.request('POST', '/founder/raise/', { token: b.token, body });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toBe('Another company named “twin co” has already reported a raise on FitScore.');
  });
});
