/** The Stripe settings of the e2e server: test values for the local stand-in, never real keys. */
export const STRIPE_TEST = {
  secretKey: 'sk_test_e2e_standin',
  webhookSecret: 'whsec_e2e_standin_secret',
  prices: { pro: 'price_e2e_vc_pro', premium: 'price_e2e_founder_premium' },
} as const;
