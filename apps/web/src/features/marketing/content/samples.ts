import type { SubScoreKey } from '@fitscore/contracts';

/*
 * Example data for the landing page's two sample widgets. Every block that shows it
 * carries the Sample label; nothing here is ever shown as a result.
 */

export type SampleDecision = 'Yes' | 'Pass' | 'Save';

export interface SampleDeal {
  id: string;
  name: string;
  oneLiner: string;
  sector: string;
  stage: string;
  geography: string;
  fitScore: number;
  source: 'Form' | 'Email' | 'Webhook' | 'Platform';
  received: string;
}

export const SAMPLE_DEALS: readonly SampleDeal[] = [
  {
    id: 'sample-acme-ai',
    name: 'Acme AI',
    oneLiner: 'AI copilots for insurance claims teams',
    sector: 'AI/ML',
    stage: 'Seed',
    geography: 'US',
    fitScore: 86,
    source: 'Form',
    received: '2 hours ago',
  },
  {
    id: 'sample-helio-grid',
    name: 'Helio Grid',
    oneLiner: 'Software that balances rooftop solar on local grids',
    sector: 'Energy',
    stage: 'Series A',
    geography: 'EU',
    fitScore: 68,
    source: 'Email',
    received: 'yesterday',
  },
];

export interface SampleScore {
  company: string;
  stage: string;
  fitScore: number;
  confidence: 'High' | 'Medium' | 'Low';
  subScores: readonly { key: SubScoreKey; value: number }[];
  doNext: string;
}

export const SAMPLE_SCORE: SampleScore = {
  company: 'Acme AI',
  stage: 'Seed',
  fitScore: 84,
  confidence: 'High',
  subScores: [
    { key: 'team', value: 9 },
    { key: 'market', value: 8 },
    { key: 'traction', value: 8 },
    { key: 'businessModel', value: 7 },
    { key: 'financials', value: 5 },
  ],
  doNext: 'Add a financials slide with burn, runway and the use of funds (+4 points on Financials).',
};
