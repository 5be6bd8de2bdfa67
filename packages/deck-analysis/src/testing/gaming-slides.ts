import type { DeckText, PageText } from '../model.ts';

/** Slides that try to game the FitScore (headings, buzzwords, goals), for tests and `eval:decks`. Test support only. */
export const slide = (title: string, lines: string[] = []): Omit<PageText, 'number'> => ({ title, text: [title, ...lines].join('\n'), notes: '', source: 'text' });

export const HEADINGS_SLIDE = slide('Contents', ['Problem', 'Solution', 'Product', 'Market', 'Business Model', 'Traction', 'Go-to-market', 'Competition', 'Team', 'Financials', 'The Ask', 'Risks']);
export const HEADING_ONLY_SLIDES = ['Problem', 'Solution', 'Market Size', 'Traction', 'Team', 'Financials', 'The Ask', 'Risks'].map((t) => slide(t));
export const BUZZWORD_SLIDE = slide('Why us', [
  'Patent-pending proprietary AI with a strong moat and network effects',
  'Serial entrepreneur, ex-Google, PhD Stanford',
  'First-to-market, unique, 10x better, disruptive, world-class',
]);
export const GOALS_SLIDE = slide('Goals', ['Goal: $3M ARR by 2027', 'Goal: 1,000 paying customers', 'Reach €1M ARR by Summer 2025', '$2.1B revenue projected by 2030']);

export function withPages(deck: DeckText, extra: Array<Omit<PageText, 'number'>>): DeckText {
  // Inserted before the last slide, where a closing slide usually sits.
  const pages = [...deck.pages.slice(0, -1), ...extra.map((p) => ({ ...p, number: 0 })), ...deck.pages.slice(-1)];
  return { ...deck, pages: pages.map((p, i) => ({ ...p, number: i + 1 })) };
}

