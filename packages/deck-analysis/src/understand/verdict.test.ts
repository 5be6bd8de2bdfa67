import { describe, expect, it } from 'vitest';
import { buildAnalysis } from '../build-analysis.ts';
import { DeckError } from '../errors.ts';
import type { DeckText } from '../model.ts';

const doc = (pages: string[]): DeckText => ({
  format: 'pdf',
  pages: pages.map((text, i) => ({ number: i + 1, title: text.split('\n')[0] ?? null, text, notes: '', source: 'text' })),
});

const refusal = (deck: DeckText): string | null => {
  try {
    buildAnalysis(deck, null);
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(DeckError);
    expect((e as DeckError).code).toBe('not_a_deck');
    return (e as DeckError).message;
  }
};

const PROSE =
  'The operator shall inspect the valve assembly before each shift and record the reading in the log book. If the pressure exceeds the rated value, close the inlet, wait for the gauge to settle and report the event to the supervisor on duty. ';

describe('not a pitch deck', () => {
  it('refuses a junk file with the reason', () => {
    expect(refusal(doc(['Hello, world!']))).toMatch(/^This doesn't look like a pitch deck: it has almost no readable text/);
  });

  it('refuses a 41-page manual of prose', () => {
    const pages = Array.from({ length: 41 }, (_, i) => `Section ${i + 1}. Maintenance\n${PROSE.repeat(3)}`);
    expect(refusal(doc(pages))).toMatch(/^This doesn't look like a pitch deck: /);
  });

  it('refuses a form', () => {
    const form = ['Application form', 'Name: ____________', 'Date of birth: ____________', 'Address: ____________', 'Signature: ____________', 'Please return this form to the office before the deadline.'].join('\n');
    expect(refusal(doc([form, form]))).toMatch(/^This doesn't look like a pitch deck: /);
  });

  it('scores a short pitch and a long deck of one kind of slide', () => {
    expect(refusal(doc(['Acme\nRobots for retailers', 'The Problem\nSmall retailers lose a fifth of their margin to manual picking', 'Our Solution\nRobots that pick and pack, rented by the month, installed in a day']))).toBeNull();
    const slides = Array.from({ length: 60 }, (_, i) => `Slide ${i + 1}\nOur MRR is $40K growing 12% MoM with 30 customers and a TAM of $8B.`);
    expect(refusal(doc(slides))).toBeNull();
  });
});
