import { FUND_FEATURES, FUND_PLAN_FEATURES, fundPlanAllows } from '@fitscore/contracts';

/**
 * What the Enterprise plan adds, read from the one plan → feature map the server enforces, so the
 * card lists exactly what exists: everything in VCs Pro, its seats, and each Enterprise-only feature.
 */
const ENTERPRISE_FEATURES: readonly string[] = [
  'Everything in VCs Pro',
  FUND_PLAN_FEATURES.team.label.enterprise,
  ...FUND_FEATURES.filter((f) => !fundPlanAllows(f, { plan: 'pro', trialScoresUsed: 0 }) && fundPlanAllows(f, { plan: 'enterprise', trialScoresUsed: 0 })).map(
    (f) => FUND_PLAN_FEATURES[f].label.enterprise,
  ),
];

/** The four plans of the pricing grid (spec section 9). */
export interface Plan {
  id: 'startups-free' | 'startups-premium' | 'vcs-pro' | 'enterprise';
  name: string;
  audience: string;
  /** The headline figure, e.g. '$29' or 'Custom'. */
  price: string;
  /** What the price is per; absent for custom pricing. */
  period?: string;
  summary: string;
  features: readonly string[];
  popular?: boolean;
  action: { kind: 'link'; label: string; to: string } | { kind: 'contact-sales'; label: string };
}

export const PLANS: readonly Plan[] = [
  {
    id: 'startups-free',
    name: 'Startups Free',
    audience: 'For founders getting started',
    price: '$0',
    period: '/month',
    summary: 'Score your deck and learn what investors will look for.',
    features: ['5 scans per month', 'Basic FitScore analysis', 'Feedback report', 'Email support'],
    action: { kind: 'link', label: 'Start Free', to: '/signup?role=founder' },
  },
  {
    id: 'startups-premium',
    name: 'Startups Premium',
    audience: 'For founders raising now',
    price: '$29',
    period: '/month',
    summary: 'Iterate freely and see who is likely to invest.',
    features: ['Unlimited scans', 'Investor matches', 'Financial dashboard', 'Similar companies', 'Priority support'],
    popular: true,
    action: { kind: 'link', label: 'Choose Premium', to: '/signup?role=founder' },
  },
  {
    id: 'vcs-pro',
    name: 'VCs Pro',
    audience: 'For venture funds',
    price: '$299',
    period: '/month',
    summary: 'Every inbound deal scored with your thesis, triaged by your team.',
    features: [
      'Unlimited deal scoring',
      'Team collaboration',
      'Pipeline management',
      'CSV exports',
      'Slack/Teams integration',
    ],
    action: { kind: 'link', label: 'Start Trial', to: '/signup?role=vc' },
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    audience: 'For platforms and large funds',
    price: 'Custom',
    summary: 'FitScore inside your own product and processes.',
    features: ENTERPRISE_FEATURES,
    action: { kind: 'contact-sales', label: 'Contact Sales' },
  },
];
