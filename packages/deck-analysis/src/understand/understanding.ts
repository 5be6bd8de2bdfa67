import type { SectionModel } from './section-model/section-model.ts';
import type { BusinessModel, Fact, FactKind, FounderProfile, Industry, SectionKind, Stage } from '@fitscore/contracts';
import type { DeckFormat } from '../detect/detect-format.ts';
import type { PageText } from '../model.ts';
import type { Claim } from './claims.ts';
import type { DetectedSection } from './sections.ts';
import type { Topic, TopicHit } from './signals.ts';

/** Everything scoring needs, and nothing else: scoring is a pure function of this. */

export const METRIC_KEYS = [
  'mrr',
  'arr',
  'momGrowth',
  'yoyGrowth',
  'payingCustomers',
  'customers',
  'activeUsers',
  'users',
  'pilots',
  'tam',
  'sam',
  'som',
  'marketCagr',
  'raise',
  'valuation',
  'committed',
  'burn',
  'cash',
  'runwayMonths',
  'cac',
  'ltv',
  'churn',
  'retention',
  'grossMargin',
  'teamSize',
  'acv',
  'salesCycle',
  'winRate',
  'activationRate',
] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];

export interface Metric {
  key: MetricKey;
  /** In its own currency for money. */
  value: number;
  /** USD value for money (fixed rates), else equal to value. */
  usd: number;
  unit: Fact['unit'];
  currency: string | null;
  source: 'profile' | 'deck' | 'llm' | 'derived';
  page: number | null;
  quote: string;
  factId: string | null;
}

export interface Contradiction {
  metric: MetricKey;
  profileValue: number;
  deckValue: number;
  page: number;
  message: string;
  /** The profile states a worse figure than the deck (the deck may overstate); only these cost points. */
  deckOverstates: boolean;
}

export interface UnderstandExtras {
  /** Verified facts from the optional language model (never override deck or profile). */
  facts?: Fact[];
  /** Verified section labels from the optional language model. */
  sections?: Array<{ page: number; kind: SectionKind }>;
  /** A stage to benchmark against when there is no profile (the analyze command's --stage). */
  stage?: Stage;
  /** The section classifier to use instead of the committed one (cross-validation fits one per fold). */
  sectionModel?: SectionModel;
}

export interface Understanding {
  format: DeckFormat;
  pages: PageText[];
  pageCount: number;
  textPages: number;
  ocrPages: number;
  words: number;
  stage: { value: Stage; source: 'profile' | 'deck' | 'default' };
  industry: Industry | null;
  businessModel: BusinessModel | null;
  sections: DetectedSection[];
  sectionsByPage: Map<number, SectionKind[]>;
  facts: Fact[];
  /** Every figure read from the deck, with its status (only 'current' ones become facts and metrics). */
  claims: Claim[];
  metrics: Partial<Record<MetricKey, Metric>>;
  topics: Map<Topic, TopicHit[]>;
  channels: string[];
  founders: {
    count: number;
    fullTime: number;
    partTime: number;
    withLinkedIn: number;
    source: 'profile' | 'deck' | 'none';
    /** Where the deck names the first founder (deck source only). */
    page: number | null;
    quote: string;
  };
  contradictions: Contradiction[];
  profile: FounderProfile | null;
  /** Kept so that Do-Next can re-read an improved deck the same way. */
  extras: UnderstandExtras;
}

export type FactPick = 'max' | 'first';

/** Which deck fact stands for a metric when a deck mentions it several times. */
export const DECK_PICK: Partial<Record<MetricKey, { kinds: FactKind[]; pick: FactPick }>> = {
  // Decks chart revenue over time; the largest figure is the latest.
  mrr: { kinds: ['mrr'], pick: 'max' },
  arr: { kinds: ['arr'], pick: 'max' },
  momGrowth: { kinds: ['momGrowth'], pick: 'max' },
  yoyGrowth: { kinds: ['yoyGrowth'], pick: 'max' },
  payingCustomers: { kinds: ['payingCustomers'], pick: 'max' },
  customers: { kinds: ['customers', 'payingCustomers'], pick: 'max' },
  activeUsers: { kinds: ['activeUsers'], pick: 'max' },
  users: { kinds: ['users', 'activeUsers'], pick: 'max' },
  pilots: { kinds: ['pilots'], pick: 'max' },
  tam: { kinds: ['tam'], pick: 'max' },
  sam: { kinds: ['sam'], pick: 'max' },
  som: { kinds: ['som'], pick: 'max' },
  marketCagr: { kinds: ['marketCagr'], pick: 'first' },
  raise: { kinds: ['raise'], pick: 'first' },
  valuation: { kinds: ['valuation'], pick: 'first' },
  committed: { kinds: ['committed'], pick: 'max' },
  burn: { kinds: ['burn'], pick: 'first' },
  cash: { kinds: ['cash'], pick: 'first' },
  runwayMonths: { kinds: ['runwayMonths'], pick: 'first' },
  cac: { kinds: ['cac'], pick: 'first' },
  ltv: { kinds: ['ltv'], pick: 'first' },
  churn: { kinds: ['churn'], pick: 'first' },
  retention: { kinds: ['retention'], pick: 'first' },
  grossMargin: { kinds: ['grossMargin'], pick: 'first' },
  teamSize: { kinds: ['teamSize'], pick: 'max' },
};
