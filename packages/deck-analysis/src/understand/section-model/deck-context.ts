import type { PageText } from '../../model.ts';
import type { Claim } from '../claims.ts';
import { deckFacts, plannedByTitle } from '../facts.ts';
import { classifyPages, isAgendaOrFiller } from '../sections.ts';
import type { DeckContext } from './page-features.ts';

/** What the section classifier reads of a deck: its pages, the rules' sections and the pages they find to be none, its current figures, its agenda pages and its pages of goals. */
export function deckContext(pages: readonly PageText[], read: readonly Claim[] = deckFacts(pages)): DeckContext {
  // Figures under a title of plans are plans before the sections are known, as after (refineClaims).
  const claims = read.map((c) => (c.status === 'current' && plannedByTitle(pages.find((p) => p.number === c.page), c.kind) ? { ...c, status: 'target' as const } : c));
  const currentFacts = claims.filter((c) => c.status === 'current');
  const onPage = (p: PageText, status: Claim['status']) => claims.some((c) => c.page === p.number && c.status === status);
  const rules = classifyPages(pages, currentFacts);
  return {
    pages,
    ruleKinds: rules.map((c) => c.kinds),
    noSection: rules.map((c) => c.noSection === true),
    facts: currentFacts,
    agenda: pages.map(isAgendaOrFiller),
    goalsOnly: pages.map((p) => onPage(p, 'target') && !onPage(p, 'current')),
  };
}
