import { regionsOf, stageOf } from '@fitscore/thesis';
import { describe, expect, it } from 'vitest';
import { dealFactsFromDeck, messageFacts, subjectFacts, type DealFactVocabulary } from './deal-facts.ts';

// The thesis package's vocabulary, as the intake hands it in.
const vocabulary: DealFactVocabulary = { stageOf, isPlace: (text) => regionsOf(text).known };

describe('subjectFacts', () => {
  it.each([
    ['Cognitii - Pitch Deck (Seed)', 'Cognitii', 'Seed'],
    ['Fwd: Re: Pitch Deck – Acme Robotics [Series A]', 'Acme Robotics', 'Series A'],
    ['FW: Acme Robotics: Investment Deck', 'Acme Robotics', null],
    ['Pitch Deck for Northwind Labs - Seed round', 'Northwind Labs', 'Seed'],
    ['Re: Pitch deck (confidential) Zenith AI', 'Zenith AI', null],
    ['Pitch Deck', null, null],
    ['Pitch Deck (Pre-seed)', null, 'Pre-seed'],
  ])('%s → %s, %s', (subject, company, stage) => {
    expect(subjectFacts(subject, vocabulary)).toEqual({ companyName: company, stage });
  });
});

describe('dealFactsFromDeck', () => {
  const page = (text: string, title: string | null = null) => ({ title, text });

  it('reads the company from the title slide, the round, the sector spoken of most and where it is based', () => {
    const facts = dealFactsFromDeck(
      [
        page('Acme Robotics\nWarehouse picking robots for mid-size retailers\nSeed round pitch deck, 2026\nBerlin, Germany', 'Acme Robotics'),
        page('Problem\nWarehouses lose 30% of picking hours; logistics costs rise.'),
        page('Traction\nMRR of $42K, 9 paying customers with 64 robots in warehouses.'),
        page('The Ask\nRaising $2.5M seed to reach 300 robots.'),
      ],
      vocabulary,
    );
    expect(facts).toEqual({ companyName: 'Acme Robotics', stage: 'Seed', sector: 'Logistics', geography: 'Berlin, Germany' });
  });

  it('drops document words and years from the name, and reads "based in" places anywhere', () => {
    const facts = dealFactsFromDeck(
      [page('Cognitii Pitch Deck 2026\nConfidential'), page('Team\nWe are based in London, UK.\nOur fintech platform handles payments and lending.'), page('Raising our Series A')],
      vocabulary,
    );
    expect(facts).toEqual({ companyName: 'Cognitii', stage: 'Series A', sector: 'Fintech', geography: 'London, UK' });
  });

  it('says nothing it did not read', () => {
    expect(dealFactsFromDeck([page('Pitch Deck'), page('We help people.')], vocabulary)).toEqual({ companyName: null, stage: null, sector: null, geography: null });
    expect(dealFactsFromDeck([], vocabulary)).toEqual({ companyName: null, stage: null, sector: null, geography: null });
  });
});

describe('messageFacts', () => {
  it("reads the round, a sector named by its name and a '-based' or 'based in' place from an email's words", () => {
    const body = 'Hi Sam,\n\nWe are a San Francisco-based fintech team. We are raising a $2M seed round and would love your view.\n\nBest,\nAda';
    expect(messageFacts(body, vocabulary)).toEqual({ stage: 'Seed', sector: 'Fintech', geography: 'San Francisco' });
    expect(messageFacts('Our team is based in Lagos, Nigeria. Pre-seed raise of $500K.', vocabulary)).toEqual({ stage: 'Pre-seed', sector: null, geography: 'Lagos, Nigeria' });
  });

  it('takes no place from a signature line, and no sector from loose words', () => {
    const body = 'Please find our deck attached. Our patients love it.\n\nAda Lovelace\nCEO\nLondon\nFollow us on our channels';
    expect(messageFacts(body, vocabulary)).toEqual({ stage: null, sector: null, geography: null });
  });
});
