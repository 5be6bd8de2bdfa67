import { startStripeStandIn } from '../apps/server/test/stripe-stand-in.ts';
import { freePort, startFitScore } from './server-process.ts';
import { STRIPE_TEST } from './stripe-test.ts';

/**
 * Starts the real server (API + built web app) on free ports with a throw-away embedded database,
 * the way `npm start` does, with Stripe configured against a local stand-in of the Stripe API
 * (apps/server/test/stripe-stand-in.ts, served from this process): journeys that need a paid
 * plan buy it through Checkout and Stripe's signed webhook. billing.spec.ts starts a second
 * server without Stripe for the embedded default.
 */
export default async function globalSetup() {
  const stripe = await startStripeStandIn({
    secretKey: STRIPE_TEST.secretKey,
    webhookSecret: STRIPE_TEST.webhookSecret,
    prices: { [STRIPE_TEST.prices.pro]: 29_900, [STRIPE_TEST.prices.premium]: 2_900 },
  });
  // The built-in SMTP receiver on a port of its own: journeys send pitch emails to a fund's address.
  const smtpPort = await freePort();
  const server = await startFitScore({
    SMTP_ENABLED: 'true',
    SMTP_PORT: String(smtpPort),
    STRIPE_SECRET_KEY: STRIPE_TEST.secretKey,
    STRIPE_WEBHOOK_SECRET: STRIPE_TEST.webhookSecret,
    STRIPE_PRICE_VC_PRO: STRIPE_TEST.prices.pro,
    STRIPE_PRICE_FOUNDER_PREMIUM: STRIPE_TEST.prices.premium,
    STRIPE_API_BASE: stripe.url,
  });
  stripe.setWebhookUrl(`${server.apiUrl}/api/billing/stripe/webhook`);
  process.env.E2E_API_URL = server.apiUrl;
  process.env.E2E_WEB_URL = server.webUrl;
  process.env.E2E_STRIPE_URL = stripe.url;
  process.env.E2E_SMTP_PORT = String(smtpPort);
  // Without SMTP_URL the server writes each mail to DATA_DIR/outbox/: tests open the links from there.
  process.env.E2E_DATA_DIR = server.dataDir;

  return async () => {
    await server.stop();
    await stripe.close();
  };
}
