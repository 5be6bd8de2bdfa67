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
  },
  vc: {
    all: ['vc'] as const,
    profile: ['vc', 'profile'] as const,
    applicantEmails: ['vc', 'applicant-emails'] as const,
    dealApplicantEmails: (dealId: string) => ['vc', 'applicant-emails', 'deal', dealId] as const,
    apiKeys: ['vc', 'api-keys'] as const,
  },
};
