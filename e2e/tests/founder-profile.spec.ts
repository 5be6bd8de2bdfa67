import { apiUrl, createUser, expect, test, useSession } from '../fixtures.ts';

test.describe('founder profile form', () => {
  test('large amounts read with thousands separators, are saved as plain numbers, and a non-number is refused', async ({
    page,
  }) => {
    const user = await createUser('founder', 'Grace Founder');
    await useSession(page, user);
    await page.goto('/founder/profile');
    const form = page.getByRole('form', { name: 'Company profile' });

    await form.getByLabel('Startup name').fill('Big Round Inc');
    await form.getByLabel('One-liner').fill('Infrastructure for very large rounds');
    await form.getByLabel('Industry').selectOption('Fintech');
    await form.getByLabel('HQ location').fill('London, UK');
    await form.getByLabel('LinkedIn URL').fill('https://www.linkedin.com/in/grace');

    const target = form.getByLabel('Round target');
    await target.fill('2000000000');
    await target.blur();
    await expect(target).toHaveValue('2,000,000,000');
    // Separators typed by the founder are understood too.
    const valuation = form.getByLabel('Valuation');
    await valuation.fill('12,500,000.5');
    await valuation.blur();
    await expect(valuation).toHaveValue('12,500,000.5');

    await valuation.fill('twelve million');
    await valuation.blur();
    await form.getByRole('button', { name: 'Save and continue' }).click();
    await expect(form.getByText('Valuation must be a number')).toBeVisible();
    await expect(page).toHaveURL(/\/founder\/profile$/);

    await valuation.fill('12500000');
    await form.getByRole('button', { name: 'Save and continue' }).click();
    await expect(page).toHaveURL(/\/founder\/upload$/);

    const res = await fetch(`${apiUrl()}/founder/profile/`, { headers: { authorization: `Token ${user.token}` } });
    const { profile } = (await res.json()) as { profile: { round_target_amount: number; valuation: number } };
    expect(profile).toMatchObject({ round_target_amount: 2_000_000_000, valuation: 12_500_000 });

    // Back on the form, the stored amounts read grouped.
    await page.goto('/founder/profile');
    await expect(page.getByLabel('Round target')).toHaveValue('2,000,000,000');
  });
});
