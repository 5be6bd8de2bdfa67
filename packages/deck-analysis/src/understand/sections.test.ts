import { describe, expect, it } from 'vitest';
import type { DeckText, PageText } from '../model.ts';
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
