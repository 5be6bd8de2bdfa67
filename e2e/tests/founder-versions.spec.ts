import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { api, createUser, expect, shoot, test, useSession, type TestUser } from '../fixtures.ts';

/**
 * Issue 32 points 1 and 4 in the browser: Farmify's two real decks (the PDF, then the PowerPoint) as
 * two versions of one company; the dashboard compares them and gives readability advice per page.
 */
const DECKS = resolve(import.meta.dirname, '../../../shared/fixtures/decks/real');
const haveDecks = existsSync(join(DECKS, 'farmify-pitch.pdf')) && existsSync(join(DECKS, 'farmify-pitch.pptx'));
if (!haveDecks && process.env.CI === 'true') throw new Error(`CI=true requires the shared fixtures: ${DECKS} is missing`);

async function uploadAndScore(user: TestUser, file: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await readFile(join(DECKS, file)))]), file);
  await api(user, 'POST', '/founder/deck/upload/', form);
  const { run } = await api<{ run: { id: string } }>(user, 'POST', '/founder/score/start/');
  await expect
    .poll(async () => (await api<{ run: { status: string } }>(user, 'GET', `/founder/score/runs/${run.id}/`)).run.status, { timeout: 90_000, intervals: [300] })
    .toBe('done');
}

test.describe('deck versions and readability', () => {
  test.skip(!haveDecks, `shared deck fixtures not found at ${DECKS}`);
  test.setTimeout(240_000);

  test('compare the PowerPoint with the earlier PDF, re-score the PDF, and read the advice per page', async ({ page }) => {
    const founder = await createUser('founder', 'Sai Prasad');
    await api(founder, 'POST', '/founder/profile/', {
      startup_name: 'Farmify',
      one_liner: 'Agri-fintech for small and marginal farmers in India',
      stage: 'Pre-seed',
      business_model: 'Marketplace',
      hq_geo: 'Hyderabad, India',
      industry: 'Fintech',
      round_target_amount: 250_000,
      founders: [{ name: 'Sai Prasad', linkedin_url: 'https://www.linkedin.com/in/saiprasad', commitment: 'Full-time' }],
    });
    await uploadAndScore(founder, 'farmify-pitch.pdf');
    await uploadAndScore(founder, 'farmify-pitch.pptx');

    await useSession(page, founder);
    await page.goto('/founder/dashboard');

    // The 30-second brief: what an investor sees first, figures and points with their pages.
    const brief = page.getByRole('region', { name: 'What an investor sees first' });
    await expect(brief.getByText('Farmify', { exact: false }).first()).toBeVisible();
    await expect(brief.getByText('Agri-fintech for small and marginal farmers in India')).toBeVisible();
    // It says how a fund's brief of the same deck can differ (deck alone, its own weights).
    await expect(brief.getByText('A fund that receives only your deck reads the deck alone', { exact: false })).toBeVisible();
    await expect(brief.getByRole('list', { name: 'Biggest gaps' }).getByRole('listitem')).toHaveCount(3);
    await expect(brief.getByRole('list', { name: 'Strongest points' }).getByRole('listitem').filter({ hasText: /Business Model \d+\/10 · page 9/ })).toHaveCount(1);

    // Readability: slides 2-6 of the PowerPoint are prose, the title slide's grey on green is faint;
    // each page's advice says what was measured.
    const readability = page.getByRole('region', { name: 'Readability' });
    await expect(readability.getByText('Advice only: it does not change your FitScore.', { exact: false })).toBeVisible();
    const advice = readability.getByRole('list', { name: 'Readability advice by page' });
    for (const n of [2, 3, 4, 5, 6]) await expect(advice.getByRole('heading', { name: `Page ${n}`, exact: true })).toBeVisible();
    await expect(advice.getByText(/^Page 1: \d+ words$/)).toHaveCount(0);
    await expect(advice.getByText(/^Page 1: low contrast 1\.\d:1 between text and background \('FarmMonk Innovations'\)$/)).toBeVisible();
    await expect(advice.getByText(/^Page 5: 1\d\d words$/)).toBeVisible();
    await expect(advice.getByText(/aim for under 60 words/).first()).toBeVisible();

    // Compare versions: pick the PDF.
    await expect(page.getByRole('heading', { name: 'Compare versions' })).toBeVisible();
    const chooser = page.getByLabel('Compare Version 2 (farmify-pitch.pptx) with');
    await chooser.selectOption({ label: (await chooser.locator('option', { hasText: 'farmify-pitch.pdf' }).textContent())! });

    const overall = page.getByRole('group', { name: 'Overall FitScore change' });
    await expect(overall).toContainText('points');
    await expect(overall).toContainText('−');
    const table = page.getByRole('table');
    await expect(table.getByRole('row', { name: /^Team/ })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Version 1' })).toBeVisible();
    const sections = page.getByRole('list', { name: 'Sections gained and lost' });
    await expect(sections.getByText('Lost: Team (was on page 17 of Version 1)')).toBeVisible();
    await expect(sections.getByText('Lost: Risks (was on page 11 of Version 1)')).toBeVisible();
    const removed = page.getByRole('list', { name: /^Removed/ });
    await expect(removed.getByText('Percentage 80%')).toBeVisible();
    await expect(page.getByRole('list', { name: /^Added/ }).getByText('Percentage 60%')).toBeVisible();
    const doNext = page.getByRole('list', { name: 'Earlier Do-Next items' });
    await expect(doNext.getByRole('listitem')).toHaveCount(3);
    await expect(doNext.getByText('Not addressed yet').first()).toBeVisible();
    await shoot(page, 'founder-versions');

    // Re-score the PDF under the current engine: a scan, and the dashboard keeps the PowerPoint's score.
    const before = await api<{ versions: Array<{ score: { id: string } }> }>(founder, 'GET', '/founder/decks/');
    await page.getByRole('button', { name: 'Re-score Version 1' }).click();
    await expect(page.getByText('Version 1 was scored again under the current engine.')).toBeVisible({ timeout: 90_000 });
    const after = await api<{ versions: Array<{ score: { id: string } }> }>(founder, 'GET', '/founder/decks/');
    expect(after.versions[1]!.score.id).not.toBe(before.versions[1]!.score.id);
    await expect(sections.getByText('Lost: Team (was on page 17 of Version 1)')).toBeVisible();
    const dashboard = await api<{ score: { deck: { version: number } } }>(founder, 'GET', '/founder/score/');
    expect(dashboard.score.deck.version).toBe(2);
  });
});
