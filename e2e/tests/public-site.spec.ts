import type { Page, Request } from '@playwright/test';
import { expect, shoot, test, uniqueEmail } from '../fixtures.ts';

/** Every public page and the heading a visitor lands on. */
const PUBLIC_PAGES = [
  { path: '/', h1: /Know your investor fit/ },
  { path: '/pricing', h1: 'Plans for founders and funds' },
  { path: '/features', h1: 'Everything a round needs, on both sides' },
  { path: '/how-it-works', h1: 'From pitch deck to investor matches' },
  { path: '/terms', h1: 'Terms of Service' },
  { path: '/privacy', h1: 'Privacy Policy' },
  { path: '/contact', h1: 'Contact us' },
] as const;

const CONTACT_SALES_PATH = '/leads/contact-sales/';

/** Records the Contact Sales calls the page makes, so a test can say none (or one) went out. */
function watchContactSales(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (req) => {
    if (req.url().includes(CONTACT_SALES_PATH)) sent.push(req);
  });
  return sent;
}

const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

test.describe('landing page', () => {
  test('the hero buttons lead to sign-up, with the role chosen for VCs and founders', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole('heading', { name: 'Create your FitScore account' })).toBeVisible();

    await page.goto('/');
    await page.getByRole('link', { name: "I'm a VC" }).click();
    await expect(page).toHaveURL(/\/signup\?role=vc$/);
    await expect(page.getByText('Signing up as')).toContainText('Investor (VC)');

    await page.goto('/');
    await page.getByRole('link', { name: "I'm a Founder" }).click();
    await expect(page).toHaveURL(/\/signup\?role=founder$/);
    await expect(page.getByText('Signing up as')).toContainText('Founder');
  });

  test('has the how-it-works and features anchors, each a section named by its heading', async ({ page }) => {
    await page.goto('/');
    const howItWorks = page.getByRole('region', { name: 'From deck to investor matches in four steps' });
    await expect(howItWorks).toHaveAttribute('id', 'how-it-works');
    await expect(howItWorks.getByRole('heading', { level: 3 })).toHaveText([
      'Step 1: Upload your deck',
      'Step 2: AI analysis',
      'Step 3: Get your FitScore',
      'Step 4: Find matches',
    ]);
    const features = page.getByRole('region', { name: 'Built for both sides of the table' });
    await expect(features).toHaveAttribute('id', 'features');
    for (const feature of [
      'FitScore with nine sub-scores',
      'Investor matches',
      'Intake from every channel',
      'Argon2id-hashed passwords',
    ]) {
      await expect(features.getByRole('heading', { name: feature })).toBeVisible();
    }

    // A link to an anchor lands on it.
    await page.goto('/#features');
    await expect(features).toBeInViewport();
  });

  test('the sample VC dashboard and the sample FitScore card say they are samples', async ({ page }) => {
    await page.goto('/');
    const dashboard = page.getByRole('figure', { name: 'Sample VC dashboard' });
    await expect(dashboard.getByText('Sample', { exact: true })).toBeVisible();
    await expect(dashboard.getByText('Example data')).toBeVisible();
    await expect(dashboard.getByRole('list', { name: 'Example deals' }).getByRole('listitem')).toHaveCount(2);

    const card = page.getByRole('figure', { name: 'Sample FitScore card' });
    await expect(card.getByText('Sample', { exact: true })).toBeVisible();
    await expect(card.getByText('Example data')).toBeVisible();
    await expect(card.getByRole('img', { name: 'FitScore 84 out of 100' })).toBeVisible();
    // The label comes from the shared score bands: 84 is a Strong Match.
    await expect(card.getByText('Strong Match')).toBeVisible();
  });

  test('Yes, Pass and Save on the sample deals only show a toast naming the action and the deal', async ({ page }) => {
    const apiCalls: string[] = [];
    page.on('request', (req) => {
      if (req.url().startsWith(process.env.E2E_API_URL!)) apiCalls.push(req.url());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    apiCalls.length = 0;

    const deals = page.getByRole('list', { name: 'Example deals' });
    for (const deal of ['Acme AI', 'Helio Grid']) {
      const row = deals.getByRole('listitem').filter({ hasText: deal });
      for (const action of ['Yes', 'Pass', 'Save']) {
        await row.getByRole('button', { name: action, exact: true }).click();
        await expect(toasts(page).getByText(`${action} action taken for ${deal}`, { exact: true })).toBeVisible();
      }
    }
    expect(apiCalls, 'sample buttons must not call the server').toEqual([]);
  });

  test('the demo walks through the product screens forward and back, and closes with Escape', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Watch demo' }).click();
    const demo = page.getByRole('dialog', { name: 'See FitScore in five steps' });
    await expect(demo).toBeVisible();
    const slide = (name: string) => demo.getByRole('group', { name });
    const previous = demo.getByRole('button', { name: 'Previous' });
    const next = demo.getByRole('button', { name: 'Next' });

    await expect(slide('Step 1 of 5: Complete your company profile')).toBeVisible();
    await expect(previous).toBeDisabled();
    await next.click();
    await expect(slide('Step 2 of 5: Upload your deck')).toBeVisible();
    await next.click();
    await expect(slide('Step 3 of 5: Watch the scoring run')).toBeVisible();
    await previous.click();
    await expect(slide('Step 2 of 5: Upload your deck')).toBeVisible();
    // The change is announced to screen readers through a live region.
    await expect(demo.locator('[aria-live="polite"]')).toHaveText('Step 2 of 5: Upload your deck');

    await page.keyboard.press('ArrowRight');
    await expect(slide('Step 3 of 5: Watch the scoring run')).toBeVisible();
    await demo.getByRole('button', { name: 'Step 4: Read your FitScore dashboard' }).click();
    await expect(slide('Step 4 of 5: Read your FitScore dashboard')).toBeVisible();
    await expect(demo.getByRole('button', { name: 'Step 4: Read your FitScore dashboard' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    await next.click();
    await expect(slide('Step 5 of 5: Triage in the investor pipeline')).toBeVisible();
    await expect(next).toBeDisabled();
    await next.click({ force: true });
    await expect(slide('Step 5 of 5: Triage in the investor pipeline')).toBeVisible();

    // Drawn mock-ups, not a video or downloaded pictures.
    await expect(demo.locator('video, iframe, img')).toHaveCount(0);

    await page.keyboard.press('Escape');
    await expect(demo).toBeHidden();

    // It starts again from the first step.
    await page.getByRole('button', { name: 'Watch demo' }).click();
    await expect(slide('Step 1 of 5: Complete your company profile')).toBeVisible();
  });

  test('switching the auth modal from Sign In to Create Account clears what was typed', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Sign In' });
    await modal.getByLabel('Email').fill('typed@example.com');
    await modal.getByLabel('Password').fill('typed-password');

    await modal.getByRole('button', { name: 'Create Account' }).click();
    const signup = page.getByRole('dialog', { name: 'Create Account' });
    await expect(signup.getByLabel('Email')).toHaveValue('');
    await expect(signup.getByLabel('Password', { exact: true })).toHaveValue('');
    await signup.getByLabel('Full name').fill('Someone');

    await signup.getByRole('button', { name: 'Sign In' }).click();
    const signinAgain = page.getByRole('dialog', { name: 'Sign In' });
    await expect(signinAgain.getByLabel('Email')).toHaveValue('');
    await expect(signinAgain.getByLabel('Password')).toHaveValue('');
  });
});

test.describe('Contact Sales', () => {
  test('an empty form shows the schema messages and sends nothing; Cancel closes it', async ({ page }) => {
    const sent = watchContactSales(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Talk to sales' }).click();
    const modal = page.getByRole('dialog', { name: 'Contact Sales' });
    await modal.getByRole('button', { name: 'Submit' }).click();
    await expect(modal.getByText('Name is required')).toBeVisible();
    await expect(modal.getByText('Email is required')).toBeVisible();
    await expect(modal.getByText('Company is required')).toBeVisible();
    await expect(modal.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

    await modal.getByLabel('Email').fill('not-an-email');
    await modal.getByRole('button', { name: 'Submit' }).click();
    await expect(modal.getByText('Enter a valid email address')).toBeVisible();
    expect(sent).toHaveLength(0);

    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toBeHidden();
    expect(sent).toHaveLength(0);
  });

  test('the Enterprise plan sends a request, thanks the visitor, closes and clears the form', async ({ page }) => {
    const sent = watchContactSales(page);
    await page.goto('/pricing');
    await page.getByRole('article', { name: 'Enterprise' }).getByRole('button', { name: 'Contact Sales' }).click();
    const modal = page.getByRole('dialog', { name: 'Contact Sales' });
    const email = uniqueEmail('partner');
    await modal.getByLabel('Name').fill('Pat Partner');
    await modal.getByLabel('Email').fill(email);
    await modal.getByLabel('Company').fill('Example Ventures');
    await modal.getByLabel('Message').fill('Twelve partners, about 400 decks a month.');

    const response = page.waitForResponse((res) => res.url().includes(CONTACT_SALES_PATH));
    await modal.getByRole('button', { name: 'Submit' }).click();
    expect((await response).status()).toBe(201);
    await expect(toasts(page).getByText("Thanks! We'll reach out soon.")).toBeVisible();
    await expect(modal).toBeHidden();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.postDataJSON()).toEqual({
      name: 'Pat Partner',
      email,
      company: 'Example Ventures',
      message: 'Twelve partners, about 400 decks a month.',
      source: 'enterprise',
    });

    await page.getByRole('article', { name: 'Enterprise' }).getByRole('button', { name: 'Contact Sales' }).click();
    await expect(modal.getByLabel('Name')).toHaveValue('');
    await expect(modal.getByLabel('Email')).toHaveValue('');
    await expect(modal.getByLabel('Company')).toHaveValue('');
  });

  test('the inline form on /contact clears itself after a successful send', async ({ page }) => {
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact Sales' });
    await form.getByLabel('Name').fill('Casey Contact');
    await form.getByLabel('Email').fill(uniqueEmail('casey'));
    await form.getByLabel('Company').fill('Contact Capital');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(toasts(page).getByText("Thanks! We'll reach out soon.")).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveValue('');
    await expect(form.getByLabel('Email')).toHaveValue('');
    await expect(form.getByLabel('Company')).toHaveValue('');
  });

  test('while sending the button reads Sending... and is disabled; a refusal shows the server text and keeps the input', async ({
    page,
  }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${CONTACT_SALES_PATH}`, async (route) => {
      await held;
      await route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Too many requests. Please wait a minute and try again.', code: 'rate_limited' }),
      });
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Talk to sales' }).click();
    const modal = page.getByRole('dialog', { name: 'Contact Sales' });
    await modal.getByLabel('Name').fill('Robin Retry');
    await modal.getByLabel('Email').fill('robin@example.com');
    await modal.getByLabel('Company').fill('Retry Partners');
    await modal.getByRole('button', { name: 'Submit' }).click();

    const busy = modal.getByRole('button', { name: 'Sending...' });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    release();

    await expect(toasts(page).getByText('Too many requests. Please wait a minute and try again.')).toBeVisible();
    await expect(modal).toBeVisible();
    await expect(modal.getByLabel('Name')).toHaveValue('Robin Retry');
    await expect(modal.getByLabel('Email')).toHaveValue('robin@example.com');
    await expect(modal.getByLabel('Company')).toHaveValue('Retry Partners');
    await expect(modal.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });
});

test.describe('pricing', () => {
  const PLANS = [
    {
      name: 'Startups Free',
      price: '$0 /month',
      features: ['5 scans per month', 'Basic FitScore analysis', 'Feedback report', 'Email support'],
      link: { name: 'Start Free', href: '/signup?role=founder' },
    },
    {
      name: 'Startups Premium',
      price: '$29 /month',
      features: ['Unlimited scans', 'Investor matches', 'Financial dashboard', 'Similar companies', 'Priority support'],
      link: { name: 'Choose Premium', href: '/signup?role=founder' },
    },
    {
      name: 'VCs Pro',
      price: '$299 /month',
      features: [
        'Unlimited deal scoring',
        'Team collaboration',
        'Pipeline management',
        'CSV exports',
        'Slack/Teams integration',
      ],
      link: { name: 'Start Trial', href: '/signup?role=vc' },
    },
    {
      name: 'Enterprise',
      price: 'Custom pricing',
      // Exactly what the Enterprise plan unlocks on the server (issue 33 point 7).
      features: [
        'Everything in VCs Pro',
        'Team collaboration (50 seats)',
        'API access with API keys',
        'Outgoing webhooks',
        'White-label apply page and founder emails',
        'Single sign-on (OIDC) and SCIM provisioning',
        'Audit log of sign-ins, access and settings, kept 400 days',
        'Full data export (JSON Lines and deck files) and fund deletion',
      ],
      link: null,
    },
  ] as const;

  for (const path of ['/pricing', '/']) {
    test(`${path} shows the four plans with the spec's prices, features and buttons`, async ({ page }) => {
      await page.goto(path);
      const cards = page.getByRole('article');
      await expect(cards).toHaveCount(4);
      for (const plan of PLANS) {
        const card = page.getByRole('article', { name: plan.name, exact: true });
        await expect(card.getByTestId('plan-price')).toHaveText(plan.price);
        await expect(card.getByRole('list', { name: `${plan.name} includes` }).getByRole('listitem')).toHaveText([
          ...plan.features,
        ]);
        if (plan.link)
          await expect(card.getByRole('link', { name: plan.link.name })).toHaveAttribute('href', plan.link.href);
        else await expect(card.getByRole('button', { name: 'Contact Sales' })).toBeVisible();
      }
      await expect(page.getByRole('article', { name: 'Startups Premium' }).getByText('Popular')).toBeVisible();
      await expect(page.getByText('Popular', { exact: true })).toHaveCount(1);
      if (path === '/pricing') await shoot(page, 'pricing-plans');
    });
  }

  test('Start Trial opens VC sign-up', async ({ page }) => {
    await page.goto('/pricing');
    await page.getByRole('link', { name: 'Start Trial' }).click();
    await expect(page).toHaveURL(/\/signup\?role=vc$/);
    await expect(page.getByText('Signing up as')).toContainText('Investor (VC)');
  });
});

test.describe('navigation and pages', () => {
  test('the top links reach How it Works, Features and Pricing and mark the current one', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [label, url, h1] of [
      ['How it Works', /\/how-it-works$/, 'From pitch deck to investor matches'],
      ['Features', /\/features$/, 'Everything a round needs, on both sides'],
      ['Pricing', /\/pricing$/, 'Plans for founders and funds'],
    ] as const) {
      await nav.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
      await expect(nav.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
      await expect(nav.locator('a[aria-current="page"]')).toHaveCount(1);
    }
  });

  test('the footer reaches Terms, Privacy and Contact, each with its heading and contact address', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('navigation', { name: 'Footer' });
    await footer.getByRole('link', { name: 'Terms' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'legal@fitscore.app' })).toHaveAttribute(
      'href',
      'mailto:legal@fitscore.app',
    );

    await footer.getByRole('link', { name: 'Privacy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'How your deck is used' })).toBeVisible();
    await expect(page.getByText('never shared with an investor without your action')).toBeVisible();

    await footer.getByRole('link', { name: 'Contact' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    for (const address of ['support@fitscore.app', 'sales@fitscore.app', 'privacy@fitscore.app']) {
      await expect(page.getByRole('link', { name: address })).toHaveAttribute('href', `mailto:${address}`);
    }
  });

  test('/features covers founders, funds and security; /how-it-works has four steps and three benefits', async ({
    page,
  }) => {
    await page.goto('/features');
    await expect(page.getByRole('region', { name: 'See your deck the way investors will' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'A pipeline that reads every deck for you' })).toBeVisible();
    const security = page.getByRole('region', { name: /Your deck is your business/ });
    for (const point of [
      'Argon2id-hashed passwords',
      'Revocable sessions',
      'Content-checked uploads',
      'Role checks on every call',
    ]) {
      await expect(security.getByRole('heading', { name: point })).toBeVisible();
    }

    await page.goto('/how-it-works');
    await expect(page.getByRole('region', { name: 'What happens to your deck' }).getByRole('listitem')).toHaveCount(4);
    await expect(
      page.getByRole('region', { name: 'Three reasons founders score before they send' }).getByRole('listitem'),
    ).toHaveCount(3);
  });

  test('every public page has one h1, headings in order, named controls, labelled sections and no speed figure', async ({
    page,
  }) => {
    for (const { path, h1 } of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
      const report = await page.evaluate(() => {
        const main = document.querySelector('main')!;
        const levels = [...main.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1]));
        const skips = levels.filter((level, i) => i > 0 && level > levels[i - 1]! + 1);
        const unnamed = [...main.querySelectorAll('a, button')]
          .filter(
            (el) =>
              !(el.textContent ?? '').trim() && !el.getAttribute('aria-label') && !el.getAttribute('aria-labelledby'),
          )
          .map((el) => el.outerHTML.slice(0, 80));
        const unlabelledSections = [...main.querySelectorAll('section')]
          .filter((s) => {
            const id = s.getAttribute('aria-labelledby');
            return !s.getAttribute('aria-label') && !(id && document.getElementById(id)?.textContent?.trim());
          })
          .map((s) => s.outerHTML.slice(0, 80));
        return { h1s: levels.filter((l) => l === 1).length, skips, unnamed, unlabelledSections };
      });
      expect(report, path).toEqual({ h1s: 1, skips: [], unnamed: [], unlabelledSections: [] });
      await expect(page.locator('main')).not.toContainText(/60\s*(-|–|to)\s*90 seconds/);
    }
  });
});
