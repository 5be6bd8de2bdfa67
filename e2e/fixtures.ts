import { test as base, expect, type Browser, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';

export const apiUrl = () => process.env.E2E_API_URL!;

export interface TestUser {
  id: string;
  email: string;
  password: string;
  name: string;
  type: 'founder' | 'vc';
  token: string;
}

export function uniqueEmail(prefix = 'user') {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** Creates an account through the real API (fast set-up for journeys that are not about sign-up). */
export async function createUser(type: 'founder' | 'vc', name = 'Test User'): Promise<TestUser> {
  const email = uniqueEmail(type);
  const password = 'correct-horse-1';
  const res = await fetch(`${apiUrl()}/user/signup/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, type, name }),
  });
  if (!res.ok) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { user: { id: string }; token: string };
  return { id: body.user.id, email, password, name, type, token: body.token };
}

/** Calls the API as `user` (or signed out) with a JSON or FormData body; throws with the answer unless it is 2xx. */
export async function api<T = any>(user: TestUser | null, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${apiUrl()}${path}`, {
    method,
    headers: { ...(user ? { authorization: `Token ${user.token}` } : {}), ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * Buys the paid plan the way a customer does: Stripe Checkout (the e2e server's Stripe is a local
 * stand-in, whose 'Pay and subscribe' posts the signed webhooks before it answers).
 */
export async function buyPlan(user: TestUser) {
  const path = user.type === 'founder' ? '/founder/subscription/checkout/' : '/api/vc/billing/checkout';
  const { url } = await api<{ url: string }>(user, 'POST', path);
  const paid = await fetch(url, { method: 'POST', redirect: 'manual' });
  if (paid.status !== 303) throw new Error(`stand-in checkout: ${paid.status} ${await paid.text()}`);
  const plan = user.type === 'founder' ? (await api<{ plan: string }>(user, 'GET', '/founder/subscription/')).plan : (await api<{ plan: string }>(user, 'GET', '/api/vc/billing')).plan;
  if (plan !== (user.type === 'founder' ? 'premium' : 'pro')) throw new Error(`plan is still ${plan} after checkout`);
}

export interface FundSetup {
  fundName?: string;
  sectors?: string[];
  stages?: string[];
  geography?: string[];
  emailForwarding?: boolean;
}

/**
 * An investor whose fund went through onboarding's three steps over the API (step 1, the
 * default six weights, intake sources): for journeys that are about what comes after.
 */
export async function createFund(userName = 'Vera Capital', setup: FundSetup = {}): Promise<TestUser> {
  const user = await createUser('vc', userName);
  await api(user, 'POST', '/vc/profile/step1/', {
    fund_name: setup.fundName ?? 'Harbor Seed Fund',
    website: '',
    sectors: setup.sectors ?? ['SaaS'],
    stages: setup.stages ?? ['Seed'],
    geography: setup.geography ?? [],
    ticket_size_min: null,
    ticket_size_max: null,
  });
  await api(user, 'POST', '/vc/profile/scoring-weights/', { traction: 8, product: 6, business_model: 6, financials: 8, go_to_market: 6, risks: 6 });
  await api(user, 'PUT', '/vc/profile/intake-sources/', { online_form_enabled: true, email_forwarding_enabled: setup.emailForwarding ?? false });
  return user;
}

/** Screenshots at 1280 and 390 px into E2E_SHOTS when it is set (to look at a screen), else nothing. */
export async function shoot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Puts a session in browser storage before the app loads, as a returning user has it. */
export async function useSession(page: Page, user: TestUser) {
  await page.addInitScript(
    ([token, stored]) => {
      window.localStorage.setItem('auth-token', token);
      window.localStorage.setItem('user', stored);
    },
    [user.token, JSON.stringify({ id: user.id, email: user.email, name: user.name, type: user.type, created_at: new Date().toISOString() })] as const,
  );
}

/** Every test fails on an uncaught page error or a console error it did not expect. */
export const test = base.extend<{ consoleErrors: string[] }>({
  baseURL: async ({}, use) => use(process.env.E2E_WEB_URL),
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
      });
      await use(errors);
      // Failed API calls the test provoked on purpose log as resource errors; anything else is a bug.
      const unexpected = errors.filter((e) => !/Failed to load resource: the server responded with a status of (4\d\d)/.test(e));
      expect(unexpected, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * A pitch deck as a PDF printed by Chromium, one 960×540 slide per [title, ...lines]: a real text
 * layer the engine reads as it reads an exported deck.
 */
export async function printedDeck(browser: Browser, slides: readonly (readonly string[])[]): Promise<Buffer> {
  const page = await browser.newPage();
  const html = slides
    .map(([title, ...lines]) => `<section style="page-break-after:always;padding:48px;font-family:sans-serif"><h1>${title}</h1>${lines.map((l) => `<p style="font-size:24px">${l}</p>`).join('')}</section>`)
    .join('');
  await page.setContent(`<html><body style="margin:0">${html}</body></html>`);
  const pdf = await page.pdf({ width: '960px', height: '540px', printBackground: false });
  await page.close();
  return pdf;
}
