import type { Browser, BrowserContext, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import type { TestUser } from './fixtures.ts';
import type { FitScoreProcess } from './server-process.ts';

/** Helpers for specs that start a FitScore server of their own beside the shared one. */

export async function signUpOn(server: FitScoreProcess, type: 'founder' | 'vc', name: string): Promise<TestUser> {
  const email = `${type}-${randomUUID().slice(0, 8)}@example.com`;
  const res = await fetch(`${server.apiUrl}/user/signup/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct-horse-1', type, name }),
  });
  if (!res.ok) throw new Error(`signup failed: ${res.status}`);
  const body = (await res.json()) as { user: { id: string }; token: string };
  return { id: body.user.id, email, password: 'correct-horse-1', name, type, token: body.token };
}

/** A browser context on another server, failing the test on console errors as the fixtures do. */
export async function pageOn(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(msg.text())) errors.push(msg.text());
  });
  return { context, page, errors };
}

