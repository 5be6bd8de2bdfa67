import { extractDeck } from '@fitscore/deck-analysis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileForm, makeSolidDeck, validProfile } from '../../../test/decks.ts';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';
import { pdfSafe } from './report-pdf.ts';
import { NO_SCORE_FOR_REPORT } from './reports.service.ts';
import { settledRun } from '../../../test/scoring-waits.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ JOB_POLL_MS: '100' });
});
afterAll(() => server.close());

/** A founder with a profile, a deck and a finished score, set up the way the web app does it. */
async function scoredFounder(s: TestServer, profile: Record<string, unknown> = {}) {
  const user = await signUp(s, 'founder');
  expect((await s.request('POST', '/founder/profile/', { token: user.token, body: validProfile(profile) })).status).toBe(200);
  const up = await s.request('POST', '/founder/deck/upload/', { token: user.token, raw: fileForm(await makeSolidDeck(), 'deck.pdf') });
  expect(up.status).toBe(201);
  const start = await s.request('POST', '/founder/score/start/', { token: user.token });
  const run = await settledRun(s, user.token, start.body.run.id);
  if (run.status !== 'done') throw new Error(`scoring ${run.status}: ${run.error}`);
  const score = (await s.request('GET', '/founder/score/', { token: user.token })).body.score;
  return { ...user, score };
}

async function download(token: string | null) {
  const res = await fetch(`${server.url}/founder/report/`, { headers: token ? { authorization: `Token ${token}` } : {} });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe('GET /founder/report/', () => {
  it('is a multi-page PDF of the founder’s own latest score, with the company name and the overall score as text', async () => {
    const founder = await scoredFounder(server);
    const { res, bytes } = await download(founder.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="FitScore-Acme-Robotics\.pdf"/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');

    const deck = await extractDeck(bytes);
    expect(deck.pages.length).toBeGreaterThanOrEqual(3);
    const cover = deck.pages[0]!.text;
    expect(cover).toContain('Acme Robotics');
    expect(cover).toContain(String(founder.score.overall));
    expect(cover).toContain(founder.score.analysis.label);
    expect(cover).toMatch(/(High|Medium|Low) confidence/);
    const all = deck.pages.map((p) => p.text).join('\n');
    for (const heading of ['Score breakdown', 'Strengths', 'Top 3 Do-Next', 'Key metrics', "How it's calculated"]) {
      expect(all).toContain(heading);
    }
    // Evidence with its slide number, and the engine version in the footer of every page.
    expect(all).toMatch(/Slide \d+:/);
    expect(all).toContain('Problem & Solution');
    for (const page of deck.pages) expect(page.text).toContain(`engine ${founder.score.engineVersion}`);
    expect(deck.pages.at(-1)!.text).toContain(`Page ${deck.pages.length} of ${deck.pages.length}`);
  });

  it('answers 404 with a clear error before the first score, and only for the caller’s own score', async () => {
    const other = await signUp(server, 'founder');
    await server.request('POST', '/founder/profile/', { token: other.token, body: validProfile({ startup_name: 'Other Co' }) });
    const { res, bytes } = await download(other.token);
    expect(res.status).toBe(404);
    expect(JSON.parse(new TextDecoder().decode(bytes))).toMatchObject({ code: 'not_found', error: NO_SCORE_FOR_REPORT });
  });

  it('needs a signed-in founder', async () => {
    expect((await download(null)).res.status).toBe(401);
    const vc = await signUp(server, 'vc');
    expect((await download(vc.token)).res.status).toBe(403);
  });

  it('is documented in the OpenAPI document as a PDF download', async () => {
    const doc = (await server.request('GET', '/openapi.json')).body;
    const ok = doc.paths['/founder/report/'].get.responses['200'];
    expect(Object.keys(ok.content)).toEqual(['application/pdf']);
    expect(doc.paths['/founder/report/'].get.responses['4XX'].content['application/json']).toBeDefined();
  });

  it('names the file after the startup, reduced to safe characters', async () => {
    const { reportFilename } = await import('@fitscore/contracts');
    expect(reportFilename('Acme Robotics')).toBe('FitScore-Acme-Robotics.pdf');
    expect(reportFilename('Café / Zürich "AI"')).toBe('FitScore-Cafe-Zurich-AI.pdf');
    expect(reportFilename('')).toBe('FitScore-Report.pdf');
    expect(pdfSafe('Growth ≥ 20%\u202e → “great” 北京\u0007')).toBe('Growth ≥ 20% → “great” 北京');
  });

  it.each(['Société Générale', 'Яндекс', 'Ελληνική Εταιρεία', '京东'])('prints the company name %s as written', async (startupName) => {
    const founder = await scoredFounder(server, { startup_name: startupName, one_liner: `${startupName}: robots for Ελλάδα, Россия and 中国` });
    const { res, bytes } = await download(founder.token);
    expect(res.status).toBe(200);
    const cover = (await extractDeck(bytes)).pages[0]!.text;
    expect(cover).toContain(startupName);
    expect(cover).not.toContain('?');
  });
});
