import { describe, expect, it } from 'vitest';
import type { DeckText, PageText } from '../model.ts';
import { classifyPages } from './sections.ts';
import { understandDeck } from './understand-deck.ts';

const FOOTER = '19 Rausch Street, San Francisco, CA 94103 www.example.com (888) 461 8180 joe@example.com';
const page = (number: number, title: string | null, lines: string[], source: PageText['source'] = 'text'): PageText => ({ number, title, text: lines.join('\n'), notes: '', source });

// A team slide as OCR reads it when the heading is lost: people, their roles and schools, and a
// founder's past app with its users.
const TEAM_WITHOUT_HEADING = [
  'Joe Gebbia, User Interface PR',
  'Entrepreneur and designer. Holds a patent for his product.',
  'A graduate of the Rhode Island School of Design (RISD), has dual BFAs in graphic design and industrial design.',
  'Brian Chesky, Business Development Brand',
  'Founder of Brian Chesky, Inc, industrial design consultant.',
  'Nathan Blecharczyk, Developer',
  'Created Facebook Apps "Your neighbors" (75,000 users) and "Rolodextrous".',
  'Nate has worked at Microsoft, OPNET Technologies, and Batiq.',
];

const deck = (pages: PageText[]): DeckText => ({ format: 'pdf', pages });

describe('sections of decks with a repeated footer and a team slide read by OCR', () => {
  const d = deck([
    page(1, 'Acme Stays', ['Acme Stays', 'Book rooms with locals, rather than hotels.', FOOTER]),
    page(2, 'Problem', ['Problem', 'Price is an important concern for customers booking travel online.', 'Hotels leave you disconnected from the city and its culture.', FOOTER]),
    page(3, 'Product', ['Product', 'SEARCH BY CITY REVIEW LISTINGS BOOK IT!', '3', FOOTER]),
    page(4, 'Brian Chesky, Business Development Brand', TEAM_WITHOUT_HEADING, 'ocr'),
    page(5, 'Traction', ['Traction', '800 paying customers, growing 20% month over month', FOOTER]),
  ]);
  const u = understandDeck(d, null);
  const pages = Object.fromEntries(u.sections.map((s) => [s.kind, s.pages]));

  it('calls a page of people with their roles and schools a team slide, not traction', () => {
    expect(pages.team).toEqual([4]);
    expect(pages.traction).toEqual([5]);
  });

  it("counts a founder's earlier app as their track record, not the company's users", () => {
    const users = u.claims.find((c) => c.page === 4 && c.kind === 'users');
    expect(users?.status).toBe('historical');
    expect(u.facts.some((f) => f.page === 4 && f.kind === 'users')).toBe(false);
  });

  it('does not take a slide for a contact page because of the address footer every slide carries', () => {
    expect(pages.product).toEqual([3]);
  });

  it("reads no figure from the slide's own number next to a caption ('3' by 'REVIEW LISTINGS')", () => {
    expect(u.claims.filter((c) => c.page === 3)).toEqual([]);
  });
});

describe('the section rules read the vocabulary of pitch decks at large (engine 6.2)', () => {
  const kindsOf = (title: string, lines: string[]) => {
    const pages = [page(1, 'Acme Robotics', ['Acme Robotics', 'Warehouse robots for small retailers']), page(2, title, [title, ...lines]), page(3, 'Thank you', ['Thank you'])];
    return classifyPages(pages, [])[1]!.kinds;
  };

  it('takes each part of a heading of parts that names a section (a slash between them)', () => {
    expect(kindsOf('Money / Next Year / Asks', ['We are looking for partners to run pilots in three regional warehouses next spring'])).toContain('ask');
  });

  it('names revenue streams and ways of earning money a business model', () => {
    expect(kindsOf('Revenue streams', ['Robots are leased per month per site, with a setup charge for each new warehouse'])).toEqual(['businessModel']);
    expect(kindsOf('Making money', ['Robots are leased per month per site, with a setup charge for each new warehouse'])).toEqual(['businessModel']);
  });

  it('names a page on regulation a risk discussion', () => {
    expect(kindsOf('Regulatory landscape', ['Robots working beside people must meet safety standards before any store can deploy them'])).toEqual(['risks']);
  });

  it('reads adoption, reviews and prizes in a page without a named heading as traction', () => {
    expect(kindsOf('Since May', ['Launched in May: 40 customers onboarded', 'Average rating 4.8 from 300 reviews', 'Won first prize at the regional logistics fair'])).toEqual(['traction']);
  });

  it('reads a heading wrapped inside its word whole, and a unique selling point as the solution', () => {
    expect(kindsOf('Solutio', ['n', 'Robots that restock shelves overnight so shop staff serve customers instead'])).toEqual(['solution']);
    expect(kindsOf('Unique selling proposition', ['One robot restocks a whole corner shop overnight, set up in an afternoon'])).toEqual(['solution']);
  });

  it('names target customers and market research the market, and partners the way to customers', () => {
    expect(kindsOf('Target customers', ['Independent grocers with one to three shops, about 46,000 of them in the UK'])).toEqual(['market']);
    expect(kindsOf('Market research', ['We interviewed 120 grocers: most restock by hand after closing, two hours a night'])).toEqual(['market']);
    expect(kindsOf('Key partners', ['Wholesalers who already deliver to every corner shop will offer the robot with their stock'])).toEqual(['gtm']);
  });

  it("names 'why we will win' competition and a launch plan go-to-market", () => {
    expect(kindsOf('Why Acme will win', ['Rivals sell large fleets to big chains; nobody serves the corner shop with one robot'])).toEqual(['competition']);
    expect(kindsOf('Launch plan', ['Start with ten shops in Leeds, then the rest of Yorkshire through the grocers association'])).toEqual(['gtm']);
  });
});
