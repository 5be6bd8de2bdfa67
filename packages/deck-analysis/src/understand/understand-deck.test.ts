import { describe, expect, it } from 'vitest';
import { makeProfile as baseProfile } from '../testing/profiles.ts';
import type { DeckText } from '../model.ts';
import { understandDeck } from './understand-deck.ts';

const deck = (pages: Array<[string, string]>): DeckText => ({
  format: 'pdf',
  pages: pages.map(([title, text], i) => ({ number: i + 1, title, text: `${title}\n${text}`, notes: '', source: 'text' })),
});

const sample = deck([
  ['Acme Robotics', 'Seed round 2025'],
  ['The Problem', 'Small retailers lose 20% of margin to manual picking and packing'],
  ['Our Solution', 'Robots that pick and pack, rented per month'],
  ['Market Size', 'TAM $40B\nSAM $4B\nSOM $400M\nSource: Gartner 2024'],
  ['Traction', 'MRR $30K growing 15% MoM\n40 paying customers'],
  ['Team', 'Jane Doe, CEO & Co-founder: previously founded ShipFast (acquired by Shopify)\nJohn Roe, CTO & Co-founder: ex-Google, PhD Stanford'],
  ['The Ask', 'Raising $2M SAFE\nUse of funds: 50% product, 50% sales'],
]);

describe('understandDeck', () => {
  it('finds sections with their pages', () => {
    const u = understandDeck(sample, null);
    const pages = Object.fromEntries(u.sections.map((s) => [s.kind, s.pages]));
    expect(pages).toMatchObject({ problem: [2], solution: [3], market: [4], traction: [5], team: [6], ask: [7] });
  });

  it('reads founder signals from the team page', () => {
    const u = understandDeck(sample, null);
    const kinds = u.facts.filter((f) => f.page === 6).map((f) => `${f.kind}:${f.label}`);
    expect(kinds).toContain('notableCompany:Google');
    expect(kinds).toContain('notableCompany:Shopify');
    expect(kinds.some((k) => k.startsWith('priorExit:'))).toBe(true);
    expect(kinds).toContain('degree:Stanford');
  });

  it('infers the stage from the deck when the profile has none, and takes the profile stage first', () => {
    expect(understandDeck(sample, null).stage).toEqual({ value: 'Seed', source: 'deck' });
    expect(understandDeck(sample, baseProfile({ stage: 'Series A' })).stage).toEqual({ value: 'Series A', source: 'profile' });
  });

  it('prefers profile numbers and records material disagreements with the deck', () => {
    const u = understandDeck(sample, baseProfile({ mrr: 60_000, gross_margin: 70, paying_customers: 42 }));
    expect(u.metrics.mrr).toMatchObject({ value: 60_000, source: 'profile' });
    expect(u.metrics.arr).toMatchObject({ value: 720_000, source: 'profile' });
    expect(u.contradictions.map((c) => c.metric)).toEqual(['mrr']);
    expect(u.contradictions[0]).toMatchObject({ profileValue: 60_000, deckValue: 30_000, page: 5 });
    expect(u.contradictions[0]!.message).toBe('Your profile says MRR $60K but the deck (page 5) says $30K.');
  });

  it('derives runway from cash and burn', () => {
    const u = understandDeck(sample, baseProfile({ cash: 600_000, burn: 50_000 }));
    expect(u.metrics.runwayMonths?.value).toBe(12);
  });

  it('reads a slide whose captions repeat one section name as its section, not as an agenda', () => {
    const u = understandDeck(
      deck([
        ['Acme Rentals', 'Seed round 2025'],
        ['Partnerships', 'EVENTS\ntarget events monthly\nPARTNERSHIPS\ncheap travel sites\nlisting widget\nscreenshot\nscreenshot'],
        ['Agenda', 'Problem\nSolution\nMarket\nTeam\nTraction'],
        ['Outline', 'Problem\nSolution\nMarket\nTeam\nTraction\nAsk'],
      ]),
      null,
    );
    const pages = Object.fromEntries(u.sections.map((s) => [s.kind, s.pages]));
    expect(pages).toEqual({ gtm: [2] });
  });

  it('takes a second section from a body that says it plainly, not from its figures', () => {
    const sectionsOf = (body: string) => {
      const u = understandDeck(deck([['Acme Rentals', 'Seed round 2025'], ['Competition', body], ['Team', 'Jane Doe, CEO']]), null);
      return u.sections.filter((s) => s.pages.includes(2)).map((s) => s.kind);
    };
    expect(sectionsOf('Unlike incumbents our mobile app sends real-time alerts from the cloud with an API and machine learning, launched in beta')).toEqual(['product', 'competition']);
    expect(sectionsOf('Incumbents charge 30% more than we do and serve 40 customers with 2 apps')).toEqual(['competition']);
  });

  it('reads a title placed below the text, and a second heading in capitals over a sentence', () => {
    const kindsOf = (u: ReturnType<typeof understandDeck>, page: number) => u.sections.filter((s) => s.pages.includes(page)).map((s) => s.kind).sort();
    const u = understandDeck(
      {
        format: 'ppt',
        pages: [
          ['Acme Guard', 'Home security cameras'],
          ['', 'The system needs a single photo of each resident\nResidents get an alarm when a stranger comes to the door\nPROPOSED SOLUTION'],
          ['BUSINESS MODEL', 'Service fee of 20% on every booking\nBRAND PARTNERSHIPS\nBrands book repairs for their customers through our widget'],
          ['Investment opportunity', 'THE ROADMAP\nClear path to launch and commercialise products in two years'],
        ].map(([title, text], i) => ({ number: i + 1, title: title || null, text: title ? `${title}\n${text}` : text!, notes: '', source: 'text' as const })),
      },
      null,
    );
    expect(kindsOf(u, 2)).toEqual(['solution']);
    expect(kindsOf(u, 3)).toEqual(['businessModel', 'gtm']);
    expect(kindsOf(u, 4)).toEqual(['ask', 'product']);
  });

  it('reads a feature list and the screenshots between the solution and the product as product', () => {
    const u = understandDeck(
      deck([
        ['FueledBy', 'Connecting the creative industry'],
        ['Idea', 'Currently, writers struggle to share their writings with many people\nand find it difficult to manage comments and versions'],
        ['FueledBy', 'A service designed to connect writers, readers, editors and publishers'],
        ['Writers', 'WYSIWYG editor\nHosting\nImport/Export\nPublish'],
        ['Brittany', 'Friends in common\nLike or not'],
        ['Under the hood', 'Signals for relevance: hyper-location using WiFi, mutual liking and friends in common'],
        ['Contact', 'jane@fueledby.us'],
      ]),
      null,
    );
    const pages = Object.fromEntries(u.sections.map((s) => [s.kind, s.pages]));
    expect(pages).toEqual({ problem: [2], solution: [3], product: [4, 5, 6] });
  });

  it('reads the page right after the problem as its answer, the solution, when no heading names it', () => {
    const u = understandDeck(
      deck([
        ['MatchBox', 'The flirting game'],
        ['He has the same problem', 'Most of us are too shy to say hello: fear of rejection'],
        ['Meet the cure', 'Like people around you and get connected if they like you too'],
        ['Team', 'Jane Doe, CEO & Co-founder, previously at Rabobank for six years'],
      ]),
      null,
    );
    expect(Object.fromEntries(u.sections.map((s) => [s.kind, s.pages]))).toMatchObject({ problem: [2], solution: [3] });
  });

  it('reads a table of life without the company against life with it as competition and solution', () => {
    const u = understandDeck(
      deck([
        ['Farmify', 'Investing in farmers'],
        ['Comparison', 'Without Farmify | With Farmify\nBanks and money lenders | investors of Farmify\nSales through agents | market links with partners'],
        ['Team', 'Jane Doe, CEO & Co-founder, previously at Rabobank for six years'],
      ]),
      null,
    );
    expect(u.sections.filter((s) => s.pages.includes(2)).map((s) => s.kind).sort()).toEqual(['competition', 'solution']);
  });

  it('reads no team from a contact page, wherever it sits', () => {
    const u = understandDeck(
      deck([
        ['Acme', 'Robots for retailers'],
        ['Layla Sargent', 'CEO and Founder\nlayla@acme.example\n22 Great James St, London'],
        ['The Problem', 'Small retailers lose a fifth of their margin to manual picking and packing'],
        ['Our Solution', 'Robots that pick and pack, rented by the month, installed in a day'],
      ]),
      null,
    );
    expect(u.sections.filter((s) => s.kind === 'team')).toEqual([]);
  });

  it('reads no features from a form or a list of people', () => {
    const u = understandDeck(
      deck([
        ['Acme', 'Robots for retailers'],
        ['Application', 'Name: ______\nDate of birth: ______\nAddress: ______\nSignature: ______'],
        ['Doctors', 'Dr. Vipin Kumar - MBBS, DNB,\nDr. Zara Ahmed - DNB, MBBS,\nDr. Shubham Mishra - MBBS, MD'],
      ]),
      null,
    );
    expect(u.sections.filter((s) => s.kind === 'product')).toEqual([]);
  });

  it('reads a persona story that leads into the problem as part of the problem, and no other', () => {
    const problemPages = (story: Array<[string, string]>) =>
      understandDeck(deck([['Acme Dating', 'the flirting game'], ...story, ['Team', 'Jane Doe, CEO & Co-founder, previously at Match Group for six years']]), null)
        .sections.find((s) => s.kind === 'problem')?.pages ?? [];
    const story: Array<[string, string]> = [
      ['Meet Matt', ''],
      ['Matt at a party', 'Matt spots a girl he likes at a party but, like most of us, does not go over to say hello'],
    ];
    expect(problemPages([...story, ['The Problem', 'Fear of rejection keeps people from meeting anyone new at parties, bars and classes']])).toEqual([2, 3, 4]);
    expect(problemPages([...story, ['Pricing', 'Two matches free, then $1 for each new match; virtual gifts at $2 each in the app']])).toEqual([]);
  });
});
