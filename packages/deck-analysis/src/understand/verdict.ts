import type { Understanding } from './understanding.ts';

/**
 * Whether a file is a pitch deck at all. A deck names what a company does across a few
 * sections (problem, solution, market, team, ask...) on slides of short text; a report,
 * manual, form or a page of notes has no such sections, or long prose on many pages.
 * A file that is not a deck is refused with the reason instead of being scored.
 */
export interface Verdict {
  deck: boolean;
  reason: string | null;
}

/** Words per page above which pages read as prose, not slides. */
const PROSE_WORDS_PER_PAGE = 220;

export function judgeDeck(u: Understanding): Verdict {
  const kinds = new Set(u.sections.map((s) => s.kind));
  const sectionPages = new Set(u.sections.flatMap((s) => s.pages)).size;
  const wordsPerPage = u.pageCount > 0 ? u.words / u.pageCount : 0;
  const no = (reason: string): Verdict => ({ deck: false, reason: `This doesn't look like a pitch deck: ${reason}` });
  if (u.words < 20) return no('it has almost no readable text.');
  if (kinds.size === 0) return no('none of its pages covers a part of a pitch (problem, solution, market, team, traction, ask…).');
  if (kinds.size < 2 && u.pageCount > 6 && sectionPages / u.pageCount < 0.5) return no(`only one part of a pitch was found (${[...kinds][0]}); a deck covers several (problem, solution, market, team, ask…).`);
  if (wordsPerPage > PROSE_WORDS_PER_PAGE && kinds.size < 5) {
    return no(`its ${u.pageCount} pages are long prose (about ${Math.round(wordsPerPage)} words a page), like a report, manual or form, not slides.`);
  }
  if (u.pageCount > 30 && sectionPages / u.pageCount < 0.2) {
    return no(`only ${sectionPages} of its ${u.pageCount} pages cover a part of a pitch.`);
  }
  return { deck: true, reason: null };
}
