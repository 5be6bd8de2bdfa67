/** The hand-label format of ../shared/fixtures/decks/labels.json (see LABELS.md there). */
export interface LabelledDeck {
  file: string;
  pages: Array<{ page: number; sections: string[] }>;
  facts: Record<string, { value: number; currency?: string | null; unit?: string; page: number; note?: string }>;
  stage: 'Pre-seed' | 'Seed' | 'Series A' | 'Series B' | 'Series C+' | 'Angel' | null;
  outcome?: 'funded-famous' | 'funded-seed' | 'hackathon-or-idea' | 'unknown';
  notes: string;
}

/**
 * Figures the labelled decks state that are not the company's current facts (projections,
 * goals, past rounds, another company's numbers, the runway a raise would buy), read from
 * the labels' notes. None may be listed as a current fact.
 */
export const NON_CURRENT: Array<{ file: string; page?: number; value: number; what: string }> = [
  { file: 'airbnb-deck-powerpoint-reproduction.pdf', page: 7, value: 200_000_000, what: 'projected revenue 2008-2011' },
  { file: 'airbnb-deck-powerpoint-reproduction.pdf', page: 4, value: 630_000, what: "couchsurfing.com's users" },
  { file: 'airbnb-deck-powerpoint-reproduction.pdf', page: 4, value: 17_000, what: "Craigslist's listings" },
  { file: 'uber-2008-deck-redesign.pdf', page: 11, value: 1_000_000_000, what: 'best-case revenue' },
  { file: 'uber-2008-deck-redesign.pdf', page: 11, value: 20_000_000, what: 'projected profit' },
  { file: 'uber-2008-deck-redesign.pdf', page: 11, value: 30_000_000, what: 'projected profit' },
  { file: 'gilo-investor-presentation.pptx', value: 80_000_000, what: 'year-5 revenue projection' },
  { file: 'mydr24-healthcare-deck.pdf', page: 15, value: 14_100_000, what: 'year-1 revenue projection' },
  { file: 'mydr24-healthcare-deck.pdf', page: 15, value: 241_800_000, what: 'year-5 revenue projection' },
  { file: 'mydr24-healthcare-deck.pdf', page: 17, value: 150, what: 'doctors in the network (supply side)' },
  { file: 'cognitii-investor-deck.pdf', page: 14, value: 25_000, what: 'past non-dilutive funding' },
  { file: 'cognitii-investor-deck.pdf', page: 16, value: 250_000, what: 'ARR goal in 18 months' },
  { file: 'cognitii-investor-deck.pdf', page: 16, value: 18, what: 'runway the raise would buy' },
  { file: 'farmify-pitch.pptx', page: 12, value: 18, what: 'runway the raise would buy' },
  { file: 'farmify-pitch.pptx', page: 12, value: 24, what: 'runway the raise would buy' },
  { file: 'greencoats-nanocoating-deck.pdf', page: 11, value: 66_350_000_000, what: 'market size forecast for 2032' },
  ...['generated-seed-deck.pdf', 'generated-seed-deck.pptx'].flatMap((file) => [
    { file, page: 6, value: 3_000_000, what: 'ARR goal' },
    { file, page: 6, value: 1_000, what: 'customer goal' },
    { file, page: 7, value: 2_800_000, what: "a founder's previous startup's round" },
  ]),
];

/**
 * The ordering check: decks of companies that went on to raise large rounds should score
 * above hackathon, student and idea-stage decks.
 */
export const ORDERING = {
  raised: ['airbnb-deck-powerpoint-reproduction.pdf', 'uber-2008-deck-redesign.pdf', 'the-seam-seed-round-2024.pdf', 'tinder-matchbox-original-deck.pdf'],
  early: [
    'sightline-pitch.pptx',
    'qoda-pitch-deck.ppt',
    'thinq-ai-surveillance-pitch.ppt',
    'fueledby-us-pitch.pdf',
    'fueledby-us-pitch.ppt',
    'gilo-investor-presentation.pptx',
  ],
};
