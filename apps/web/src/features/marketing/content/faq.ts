export interface FaqItem {
  question: string;
  answer: string;
}

export const PRICING_FAQ: readonly FaqItem[] = [
  {
    question: 'What counts as a scan?',
    answer:
      'Each time you ask FitScore to score your current deck and profile. Re-reading the dashboard, downloading the report or sharing a link does not use a scan. The free plan includes 5 scans per calendar month.',
  },
  {
    question: 'How many deck versions are kept?',
    answer:
      'The free plan keeps your three most recent uploads; Premium keeps every version. Older versions on the free plan are removed when a fourth is uploaded.',
  },
  {
    question: 'Can I change or cancel my plan?',
    answer:
      'Yes, from Settings › Subscription at any time. Going back to Free keeps your scores and decks; the free limits apply again from the next scan or upload.',
  },
  {
    question: 'How does the fund trial work?',
    answer:
      'A new fund account can score 200 deals before choosing a plan. The pipeline shows how many trial scores remain; VCs Pro removes the limit and unlocks CSV exports.',
  },
  {
    question: 'Is my deck shared with investors?',
    answer:
      'Never without your action. A fund sees your deck or score only when you apply to it, request an intro, or send a share link you created, and you can revoke a link at any time.',
  },
  {
    question: 'Is the FitScore investment advice?',
    answer:
      'No. It is an automated, explainable assessment of what your deck and profile show, with the evidence behind every sub-score. Investors still make their own decisions.',
  },
];
