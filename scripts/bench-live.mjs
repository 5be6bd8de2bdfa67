#!/usr/bin/env node
/**
 * `npm run bench:live`: how soon an open screen shows a change (issue 29 point 1: within 2 s of a deal
 * arriving, being scored, changing status or owner). Starts the real server and the built web app
 * (as the browser tests do: embedded PGlite in a throw-away folder), opens a partner's pipeline and a
 * teammate's dashboard in Debian's Chromium, then for each of ROUNDS companies (BENCH_LIVE_ROUNDS, 8):
 *   - applies through the fund's public form (HTTP, a one-page deck);
 *   - times, on the partner's open pipeline, the row's appearance (from the deal's creation in the
 *     database), its FitScore (from the score's storage), and on the teammate's dashboard the
 *     'Latest Scored Startup' card;
 *   - moves it to Hot and assigns it by the API as the teammate (another client): times the
 *     partner's screen showing each.
 * Prints p50 and max per measure, and the machine's load. A measurement, not a test: no reloads,
 * no polling by the page (the screens follow the event stream). Needs `npm run build` first.
 */
import { chromium } from '@playwright/test';
import { loadavg } from 'node:os';
import { chromiumPath } from '../e2e/chromium.ts';
import { startFitScore } from '../e2e/server-process.ts';
import { makePdfDeck } from '../apps/server/test/decks.ts';

const ROUNDS = Number(process.env.BENCH_LIVE_ROUNDS ?? 8);
const server = await startFitScore({ INTAKE_RATE_LIMIT_PER_MINUTE: '1000' });
const browser = await chromium.launch({ executablePath: chromiumPath() });

async function call(token, method, path, body) {
  const res = await fetch(`${server.apiUrl}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Token ${token}` } : {}), ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}) },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  const text = await res.text();
  return text ? JSON.parse(text) : null;
}

async function signUp(name) {
  const email = `live-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const body = await call(null, 'POST', '/user/signup/', { email, password: 'correct-horse-1', type: 'vc', name });
  return { id: body.user.id, email, name, token: body.token };
}

async function openAs(user, path) {
  const context = await browser.newContext({ baseURL: server.webUrl, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(
    ([token, stored]) => {
      globalThis.localStorage.setItem('auth-token', token);
      globalThis.localStorage.setItem('user', stored);
    },
    [user.token, JSON.stringify({ id: user.id, email: user.email, name: user.name, type: 'vc', created_at: new Date().toISOString() })],
  );
  await page.goto(path);
  return page;
}

const times = { arrival: [], scored: [], dashboard: [], status: [], owner: [] };
try {
  const admin = await signUp('Ada Admin');
  await call(admin.token, 'POST', '/vc/profile/step1/', { fund_name: 'Live Bench Ventures', website: 'livebench.vc', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null });
  await call(admin.token, 'PUT', '/vc/profile/intake-sources/', { online_form_enabled: true, email_forwarding_enabled: false });
  const settings = await call(admin.token, 'GET', '/vc/intake/');
  const slug = String(settings.applyUrl).split('/apply/')[1];
  const { invite } = await call(admin.token, 'POST', '/vc/team/invites/', { email: null, role: 'member' });
  const mate = await signUp('Theo Teammate');
  await call(mate.token, 'POST', '/vc/team/join/', { token: new URL(invite.url).searchParams.get('token') });

  const pipeline = await openAs(admin, '/vc/pipeline');
  await pipeline.getByRole('tab', { name: /All/ }).waitFor();
  const dashboard = await openAs(mate, '/vc/dashboard');
  const latest = dashboard.locator('[aria-labelledby="latest-deal-title"]');
  await latest.waitFor();

  for (let i = 0; i < ROUNDS; i++) {
    const company = `Livewire ${String.fromCharCode(65 + (i % 26))}${i}`;
    const deck = await makePdfDeck([
      [company, 'Billing software for independent clinics', 'Based in Austin, TX'],
      ['Problem', 'Independent clinics lose 8% of their revenue to rejected insurance claims.', 'Staff spend 12 hours a week fixing claims by hand.'],
      ['Solution', 'Our software checks every claim before it is sent and fixes coding errors automatically.'],
      ['Market', '40,000 independent clinics in the US spend $6B a year on billing.'],
      ['Traction', `${20 + i} paying clinics, $${30 + i}K MRR, growing 12% month over month.`],
      ['Team', 'Dana Ruiz, CEO: ten years running clinic billing.', 'Sam Okafor, CTO: former engineer at a health payments company.'],
      ['The Ask', 'Raising a $2M seed round for 18 months of runway.'],
    ]);
    const form = new FormData();
    for (const [k, v] of Object.entries({ companyName: company, email: `founder${i}@livewire.example`, stage: 'Seed', fillMs: '5000' })) form.append(k, v);
    form.append('file', new Blob([deck]), 'deck.pdf');
    await call(null, 'POST', `/api/apply/${slug}`, form);

    const row = pipeline.getByRole('row').filter({ hasText: company });
    await row.waitFor({ timeout: 60_000 });
    const rowAt = Date.now();
    const { deals } = await call(admin.token, 'GET', `/api/vc/deals?q=${encodeURIComponent(company)}`);
    const deal = deals[0];
    times.arrival.push(rowAt - Date.parse(deal.date));

    await row.getByLabel(/^FitScore \d+$/).waitFor({ timeout: 120_000 }).catch(async (err) => {
      // A scoring that failed never shows a FitScore: say why instead of only timing out.
      console.log(`${company}: ${JSON.stringify((await call(admin.token, 'GET', `/api/vc/deals/${deal.id}`)).deal.scoring)}`);
      throw err;
    });
    const scoredRowAt = Date.now();
    await latest.getByText(company).waitFor({ timeout: 60_000 });
    const cardAt = Date.now();
    const scored = (await call(admin.token, 'GET', `/api/vc/deals/${deal.id}`)).deal;
    const scoredAt = Date.parse(scored.scoredAt);
    times.scored.push(scoredRowAt - scoredAt);
    times.dashboard.push(cardAt - scoredAt);

    const statusAt = Date.now();
    await call(mate.token, 'POST', `/api/vc/deals/${deal.id}/status`, { status: 'hot', note: '' });
    await pipeline.getByRole('group', { name: `Status of ${company}` }).first().getByRole('button', { name: 'Hot', pressed: true }).waitFor({ timeout: 30_000 });
    times.status.push(Date.now() - statusAt);

    const ownerAt = Date.now();
    await call(mate.token, 'POST', `/api/vc/deals/${deal.id}/assign`, { memberId: mate.id });
    const assign = pipeline.getByRole('combobox', { name: `Assign ${company}` }).first();
    await pipeline.waitForFunction((el) => el.value === el.dataset.want, await assign.evaluateHandle((el, want) => ((el.dataset.want = want), el), mate.id), { timeout: 30_000, polling: 'raf' });
    times.owner.push(Date.now() - ownerAt);
    process.stdout.write('.');
  }
  process.stdout.write('\n');
} finally {
  await browser.close();
  await server.stop();
}

const pct = (list, p) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.ceil((p / 100) * list.length) - 1)];
const LABELS = {
  arrival: 'a new deal: row on the open pipeline (from its creation)',
  scored: 'scored: FitScore on the pipeline row (from the score stored)',
  dashboard: "scored: teammate's dashboard card (from the score stored)",
  status: "status changed by a teammate: the partner's row (from the request)",
  owner: "assigned by a teammate: the partner's row (from the request)",
};
console.log(`\nlive updates, ${ROUNDS} rounds, load average ${loadavg()[0].toFixed(1)} (target: within 2,000 ms)`);
for (const [key, label] of Object.entries(LABELS)) {
  const list = times[key];
  console.log(`  ${label.padEnd(70)} p50 ${String(pct(list, 50)).padStart(5)} ms   max ${String(Math.max(...list)).padStart(5)} ms`);
}
