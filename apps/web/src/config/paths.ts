/** Every route of the web app, shared by the router and by links. */
export const paths = {
  home: '/',
  signin: '/signin',
  /** Where a single sign-on ends: the one-time code in the fragment is traded for a session. */
  ssoCallback: '/sso/callback',
  signup: '/signup',
  signupAs: (role: 'founder' | 'vc') => `/signup?role=${role}`,
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  pricing: '/pricing',
  features: '/features',
  howItWorks: '/how-it-works',
  terms: '/terms',
  privacy: '/privacy',
  contact: '/contact',
  docsWebhooks: '/docs/webhooks',
  apply: (slug: string) => `/apply/${slug}`,
  /** A founder's protected deck link, as its reader opens it. */
  deckLinkViewer: (token: string) => `/d/${token}`,
  founder: {
    home: '/founder/home',
    profile: '/founder/profile',
    upload: '/founder/upload',
    scoring: '/founder/scoring',
    dashboard: '/founder/dashboard',
    metrics: '/founder/metrics',
    outreach: '/founder/outreach',
    settings: '/founder/settings',
    deckLinks: '/founder/deck-links',
    deckLink: (id: string) => `/founder/deck-links/${id}`,
  },
  vc: {
    dashboard: '/vc/dashboard',
    onboarding: '/vc/onboarding',
    pipeline: '/vc/pipeline',
    reports: '/vc/reports',
    importDeals: '/vc/pipeline/import',
    hot: '/vc/hot',
    track: '/vc/track',
    cold: '/vc/cold',
    settings: '/vc/settings',
    weights: '/vc/settings/weights',
    billing: '/vc/billing',
    deal: (id: string) => `/vc/deal/${id}`,
  },
} as const;

export function dashboardPath(role: 'founder' | 'vc'): string {
  return role === 'founder' ? paths.founder.dashboard : paths.vc.dashboard;
}
