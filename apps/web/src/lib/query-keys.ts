/** Query keys shared across features, so one feature's change can refresh another's data. */
export const queryKeys = {
  founder: {
    all: ['founder'] as const,
    progress: ['founder', 'progress'] as const,
    profile: ['founder', 'profile'] as const,
    deck: ['founder', 'deck'] as const,
    score: ['founder', 'score'] as const,
    run: (id: string) => ['founder', 'run', id] as const,
    rubric: ['founder', 'rubric'] as const,
    metrics: ['founder', 'metrics'] as const,
    subscription: ['founder', 'subscription'] as const,
    similarCompanies: ['founder', 'similar-companies'] as const,
    shareLinks: ['founder', 'share-links'] as const,
    raise: ['founder', 'raise'] as const,
    investorMatches: ['founder', 'investor-matches'] as const,
    intros: ['founder', 'intros'] as const,
  },
  vc: {
    all: ['vc'] as const,
    profile: ['vc', 'profile'] as const,
    applicantEmails: ['vc', 'applicant-emails'] as const,
    dealApplicantEmails: (dealId: string) => ['vc', 'applicant-emails', 'deal', dealId] as const,
    apiKeys: ['vc', 'api-keys'] as const,
    billing: ['vc', 'billing'] as const,
    notifications: ['vc', 'notifications'] as const,
    team: ['vc', 'team'] as const,
    members: ['vc', 'members'] as const,
    /** The fund's own stages (the board's columns, Settings → Stages). */
    stages: ['vc', 'stages'] as const,
    intake: {
      settings: ['vc', 'intake', 'settings'] as const,
      log: (filters: object) => ['vc', 'intake', 'log', filters] as const,
    },
    integrations: {
      settings: ['vc', 'integrations', 'settings'] as const,
      deliveries: ['vc', 'integrations', 'deliveries'] as const,
    },
    /** Everything under `all` is about deals: a change to one refreshes what shows it. */
    deals: {
      all: ['vc', 'deals'] as const,
      lists: ['vc', 'deals', 'list'] as const,
      list: (query: object) => ['vc', 'deals', 'list', query] as const,
      /** The board: per stage, a count and the first page (under `all`: a deal's change reads it again). */
      boards: ['vc', 'deals', 'board'] as const,
      board: (query: object) => ['vc', 'deals', 'board', query] as const,
      boardColumn: (stageId: string, query: object, cursor: string) =>
        ['vc', 'deals', 'board-column', stageId, query, cursor] as const,
      detail: (id: string) => ['vc', 'deals', 'detail', id] as const,
      declineReasons: (id: string) => ['vc', 'deals', 'detail', id, 'decline-reasons'] as const,
      /** Under the deal's detail key: whatever reads the deal again (a status change) reads these again too. */
      comments: (id: string) => ['vc', 'deals', 'detail', id, 'comments'] as const,
      activity: (id: string) => ['vc', 'deals', 'detail', id, 'activity'] as const,
      page: (id: string, page: number) => ['vc', 'deals', 'detail', id, 'page', page] as const,
      facetsAll: ['vc', 'deals', 'facets'] as const,
      facets: (status: string | undefined) => ['vc', 'deals', 'facets', status ?? 'all'] as const,
      latest: ['vc', 'deals', 'latest'] as const,
      recent: ['vc', 'deals', 'recent'] as const,
      weekly: ['vc', 'deals', 'weekly'] as const,
      decisionTime: ['vc', 'deals', 'decision-time'] as const,
    },
  },
  me: ['auth', 'me'] as const,
  subscription: ['billing', 'subscription'] as const,
  account: {
    sessions: ['account', 'sessions'] as const,
    twoFactor: ['account', 'two-factor'] as const,
  },
  share: (token: string) => ['public', 'share', token] as const,
  apply: (slug: string) => ['apply', slug] as const,
  invitePreview: (token: string) => ['invite-preview', token] as const,
};
