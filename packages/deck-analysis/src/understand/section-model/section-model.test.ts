import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SectionKind } from '@fitscore/contracts';
import { describe, expect, it } from 'vitest';
import { DECKS_DIR, sharedFixtures } from '../../../../../test-support/shared-fixtures.ts';
import type { PageText } from '../../model.ts';
import { deckContext } from './deck-context.ts';
import { classifyWithModel, committedSectionModel, fitSectionModel, parseModel, serializeModel, type TrainingDeck } from './section-model.ts';

const pages = (rows: Array<[string, string]>): PageText[] => rows.map(([title, body], i) => ({ number: i + 1, title, text: `${title}\n${body}`, notes: '', source: 'text' }));

function training(company: string, rows: Array<[string, string, SectionKind[]]>): TrainingDeck {
  return { company, ctx: deckContext(pages(rows.map(([t, b]) => [t, b]))), labels: rows.map(([, , k]) => k) };
}

const DECKS = [
  training('acme', [
    ['Acme', 'Robots for retailers', []],
    ['Pain', 'Small retailers lose 20% of their margin to manual picking in their zebrafish stockrooms', ['problem']],
    ['Pricing', 'Robots rented at $900 per month, installed in a day by our own engineers', ['businessModel']],
    ['People', 'Jane Doe CEO\nJohn Roe CTO\nMary Major COO', ['team']],
  ]),
  training('bolt', [
    ['Bolt', 'Bikes for couriers', []],
    ['Pain', 'Couriers lose two hours a day to flat tyres and broken chains in every city', ['problem']],
    ['Pricing', 'Bikes leased at €49 per month with repairs included, paid by the courier firms', ['businessModel']],
    ['People', 'Ann Smith CEO\nBob Jones CTO\nCid Brown CFO', ['team']],
  ]),
];

describe('the section classifier', () => {
  it('trains to the same weights, byte for byte, every time, and reads back what it wrote', () => {
    const a = serializeModel(fitSectionModel(DECKS));
    const b = serializeModel(fitSectionModel(DECKS));
    expect(a).toBe(b);
    expect(serializeModel(parseModel(a))).toBe(a);
  });

  it('keeps no word that the decks of one company alone use', () => {
    const model = fitSectionModel(DECKS);
    expect(model.weights.has('h:pain')).toBe(true);
    expect([...model.weights.keys()].filter((k) => k.includes('zebrafish') || k.includes('acme') || k.includes('bolt'))).toEqual([]);
  });

  it('gives no section to a heading over nothing, a form or a page of goals (from the model or the rules)', () => {
    const ctx = deckContext(
      pages([
        ['Acme', 'Robots for retailers'],
        ['The Problem', 'Small retailers lose 20% of their margin to manual picking every week'],
        ['Traction', ''],
        ['Application', 'Name: ______\nDate of birth: ______\nAddress: ______'],
        ['Goals', 'Goal: $3M ARR by 2027\nGoal: 1,000 paying customers by 2028'],
      ]),
    );
    expect(classifyWithModel(committedSectionModel(), ctx).slice(2)).toEqual([[], [], []]);
  });

  it('reads a content slide in a language without keywords from its layout and numbers, not as no section', () => {
    // Finnish: no word of it is a rule's or the model's vocabulary.
    const ctx = deckContext(
      pages([
        ['Robotti Oy', 'Varastorobotit pienille kauppiaille'],
        ['Ongelma', 'Pienet kauppiaat menettävät viidenneksen katteestaan käsin tehtävään keräilyyn joka viikko, eikä nykyisistä järjestelmistä ole apua'],
        ['Markkina', 'Markkinan koko on 40 miljardia dollaria ($40B) vuonna 2024 ja se kasvaa 12 % vuodessa, Euroopassa 4 miljardia ($4B)'],
        ['Tiimi', 'Maija Meikäläinen, toimitusjohtaja ja perustaja\nMatti Virtanen, teknologiajohtaja ja perustaja\nLiisa Korhonen, myyntijohtaja'],
        ['Rahoitus', 'Haemme 2,5 miljoonaa euroa (€2.5M) siemenrahoitusta: 50 % tuotekehitykseen, 50 % myyntiin vuosina 2025 ja 2026'],
        ['Kiitos', 'maija@robotti.example'],
      ]),
    );
    const kinds = classifyWithModel(committedSectionModel(), ctx);
    expect(kinds.slice(2, 5).every((k) => k.length > 0)).toBe(true);
  });

  const fixtures = sharedFixtures();
  it.skipIf(!fixtures.available)('is the model `npm run train:sections` fits on the current labels (their sha256 is in the weights)', async () => {
    const labels = await readFile(join(DECKS_DIR, 'labels.json'));
    expect(committedSectionModel().labels).toBe(createHash('sha256').update(labels).digest('hex'));
  });
});
