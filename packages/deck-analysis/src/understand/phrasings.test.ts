import { describe, expect, it } from 'vitest';
import { finalizeDeck } from '../read/deck-text.ts';
import { extractDeck } from '../read/read-deck.ts';
import { makePptx, makeTextPdf, type SlideSpec } from '../testing/generate-decks.ts';
import { PHRASINGS, type Phrasing } from '../testing/phrasings.ts';
import type { Claim } from './claims.ts';
import { understandDeck } from './understand-deck.ts';

// One phrasing per slide, between neutral slides so that no slide title or neighbour helps.
const slides: SlideSpec[] = PHRASINGS.map((p) => ({ title: p.title ?? 'Where we are', lines: ['Acme builds warehouse robots.', p.line] }));

function readRight(p: Phrasing, claims: readonly Claim[]): boolean {
  const status = p.status ?? 'current';
  const hit = claims.some(
    (c) => c.kind === p.kind && Math.abs(c.value - p.value) <= 0.005 * p.value && (p.currency === undefined || c.currency === p.currency) && c.status === status,
  );
  // A figure that is not current must not also be read as current under another label.
  const leaked = status !== 'current' && claims.some((c) => c.status === 'current' && Math.abs(c.value - p.value) <= 0.005 * p.value);
  return hit && !leaked;
}

async function rate(bytes: Uint8Array): Promise<{ right: number; wrong: string[] }> {
  const deck = finalizeDeck(await extractDeck(bytes));
  const u = understandDeck(deck, null);
  const wrong: string[] = [];
  PHRASINGS.forEach((p, i) => {
    const claims = u.claims.filter((c) => c.page === i + 1);
    if (!readRight(p, claims)) wrong.push(`${p.line} -> ${claims.map((c) => `${c.kind}=${c.value} ${c.currency ?? ''} ${c.status}`).join('; ') || 'nothing'}`);
  });
  return { right: PHRASINGS.length - wrong.length, wrong };
}

describe('generated phrasings (PDF and PPTX)', () => {
  it('has at least 100 phrasings', () => {
    expect(PHRASINGS.length).toBeGreaterThanOrEqual(100);
  });

  for (const [format, make] of [
    ['PDF', () => makeTextPdf(slides)],
    ['PPTX', () => makePptx(slides)],
  ] as const) {
    it(`reads at least 97% of the phrasings exactly, with their status, from a ${format}`, async () => {
      const { right, wrong } = await rate(await make());
      if (wrong.length > 0) console.warn(`${format}: ${wrong.length} misread:\n${wrong.join('\n')}`);
      expect(right / PHRASINGS.length).toBeGreaterThanOrEqual(0.97);
    });
  }
});
