import { makePptx, makeTextPdf, type SlideSpec } from '../src/testing/generate-decks.ts';
import type { LabelledDeck } from './labels.ts';

/**
 * A generated seed deck with hand-written labels in the labels.json format, as a PDF and a
 * PPTX: sections per page and its current facts (its goals and the founder's past venture
 * are not facts).
 */
const SLIDES: Array<{ slide: SlideSpec; sections: string[] }> = [
  { slide: { title: 'Acme Robotics', lines: ['Warehouse robots for small retailers'] }, sections: [] },
  { slide: { title: 'The Problem', lines: ['Small retailers lose 20% of their margin to manual picking and packing every week.'] }, sections: ['problem'] },
  { slide: { title: 'Lösung', lines: ['Roboter, die Waren kommissionieren und verpacken, monatlich gemietet und an einem Tag installiert.'] }, sections: ['solution'] },
  { slide: { title: 'Market Size', lines: ['TAM: $40B', 'Serviceable addressable market: $4B', 'SOM $400M (Source: Gartner 2024)'] }, sections: ['market'] },
  { slide: { title: 'Traction', lines: ['MRR 45.000 €, growing 18% month over month', '320 customers, 210 of them paying'] }, sections: ['traction'] },
  { slide: { title: 'Goals', lines: ['Goal: $3M ARR by 2027', 'Goal: 1,000 paying customers'] }, sections: [] },
  { slide: { title: 'Team', lines: ['Jane Doe, CEO & Co-founder: her previous startup raised €2.8M', 'John Roe, CTO & Co-founder: ten years building robots', 'Team of 9 people'] }, sections: ['team'] },
  { slide: { title: 'Financials', lines: ['Net burn of $120,000 per month', '18-month runway'] }, sections: ['financials'] },
  { slide: { title: 'The Ask', lines: ['We are raising $2.5M on a SAFE', 'Use of funds: 50% product, 50% sales'] }, sections: ['ask'] },
  { slide: { title: 'Thank you', lines: ['jane@acme.example'] }, sections: [] },
];

const FACTS: LabelledDeck['facts'] = {
  tam: { value: 40e9, currency: 'USD', page: 4 },
  sam: { value: 4e9, currency: 'USD', page: 4 },
  som: { value: 400e6, currency: 'USD', page: 4 },
  mrr: { value: 45_000, currency: 'EUR', page: 5 },
  momGrowth: { value: 18, page: 5 },
  customers: { value: 320, page: 5 },
  payingCustomers: { value: 210, page: 5 },
  teamSize: { value: 9, page: 7 },
  foundersCount: { value: 2, page: 7 },
  burn: { value: 120_000, currency: 'USD', page: 8 },
  runwayMonths: { value: 18, page: 8 },
  raise: { value: 2_500_000, currency: 'USD', page: 9 },
};

export async function generatedLabelledDecks(): Promise<Array<{ label: LabelledDeck; bytes: Uint8Array }>> {
  const label = (file: string): LabelledDeck => ({
    file,
    pages: SLIDES.map((s, i) => ({ page: i + 1, sections: s.sections })),
    facts: FACTS,
    stage: 'Seed',
    notes: 'Generated. Page 6 holds goals (targets); page 7 a founder’s previous startup’s round (historical).',
  });
  const slides = SLIDES.map((s) => s.slide);
  return [
    { label: label('generated-seed-deck.pdf'), bytes: await makeTextPdf(slides) },
    { label: label('generated-seed-deck.pptx'), bytes: await makePptx(slides) },
  ];
}
