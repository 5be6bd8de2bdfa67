import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FitScoreAnalysis } from '@fitscore/contracts';
import { describe, expect, it } from 'vitest';
import { DECKS_DIR, sharedFixtures } from '../../../../test-support/shared-fixtures.ts';
import { buildAnalysis } from '../build-analysis.ts';
import { isDeckError } from '../errors.ts';
import type { DeckText, PageText } from '../model.ts';
import { BUZZWORD_SLIDE, GOALS_SLIDE, HEADING_ONLY_SLIDES, HEADINGS_SLIDE, slide, withPages } from '../testing/gaming-slides.ts';
import { extractDeck } from '../read/read-deck.ts';
import { finalizeDeck } from '../read/deck-text.ts';

/**
 * A deck cannot be gamed with headings, buzzwords or goals: each such slide moves a real
 * deck's FitScore by at most +2, and a deck made only of them scores 25 or less or is
 * refused as not a pitch deck.
 */
function overall(deck: DeckText): number | 'not_a_deck' {
  try {
    return buildAnalysis(deck, null).overall;
  } catch (e) {
    if (isDeckError(e) && e.code === 'not_a_deck') return 'not_a_deck';
    throw e;
  }
}

const generated: DeckText = {
  format: 'pptx',
  pages: [
    slide('Acme Robotics', ['Warehouse robots for small retailers, rented by the month']),
    slide('The Problem', ['Small retailers lose 20% of their margin to manual picking and packing every week']),
    slide('Our Solution', ['Robots that pick and pack, rented per month, installed in one day without integration work']),
    slide('Market Size', ['TAM $40B', 'SAM $4B', 'SOM $400M', 'Source: Gartner 2024']),
    slide('Traction', ['MRR $30K, growing 12% month over month', '25 paying customers across Germany and Austria']),
    slide('Team', ['Jane Doe, CEO & Co-founder: ten years running retail operations at Metro', 'John Roe, CTO & Co-founder: built the robot fleet software']),
    slide('The Ask', ['Raising $2M seed round', 'Use of funds: 50% product, 50% sales']),
    slide('Thank you', ['jane@acme.example']),
  ].map((p, i) => ({ ...p, number: i + 1 })),
};

const fixtures = sharedFixtures();

async function realDecks(): Promise<Array<[string, DeckText]>> {
  const out: Array<[string, DeckText]> = [['a generated seed deck', generated]];
  if (!fixtures.available) return out;
  for (const file of ['the-seam-seed-round-2024.pdf', 'cognitii-investor-deck.pdf', 'greencoats-nanocoating-deck.pdf']) {
    out.push([file, finalizeDeck(await extractDeck(new Uint8Array(await readFile(join(DECKS_DIR, 'real', file)))))]);
  }
  return out;
}

describe('gaming the FitScore', () => {
  const cases: Array<[string, Array<Omit<PageText, 'number'>>]> = [
    ['a slide listing section names', [HEADINGS_SLIDE]],
    ['slides of headings only', HEADING_ONLY_SLIDES],
    ['a buzzword slide', [BUZZWORD_SLIDE]],
    ['a slide of goals', [GOALS_SLIDE]],
  ];

  it.each(cases)('%s moves a real deck by at most +2', async (_name, extra) => {
    for (const [name, deck] of await realDecks()) {
      const before = overall(deck);
      const after = overall(withPages(deck, extra));
      expect(typeof before, name).toBe('number');
      expect((after as number) - (before as number), `${name}: ${before} -> ${after}`).toBeLessThanOrEqual(2);
    }
  });

  it('scores a deck made only of headings, buzzwords and goals at 25 or less, or refuses it', () => {
    const pages = [slide('Acme AI'), HEADINGS_SLIDE, ...HEADING_ONLY_SLIDES, BUZZWORD_SLIDE, GOALS_SLIDE].map((p, i) => ({ ...p, number: i + 1 }));
    const result = overall({ format: 'pptx', pages });
    if (result !== 'not_a_deck') expect(result).toBeLessThanOrEqual(25);
  });

  it('counts goals as a plan, never as traction', () => {
    const a: FitScoreAnalysis = buildAnalysis(withPages(generated, [GOALS_SLIDE]), null);
    expect(a.keyMetrics.mrr?.value).toBe(30_000);
    expect(a.keyMetrics.payingCustomers?.value).toBe(25);
    expect(a.facts.some((f) => f.value === 3_000_000 || f.value === 1_000)).toBe(false);
  });
});
