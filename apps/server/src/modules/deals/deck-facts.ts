import { dealFactsFromDeck, messageFacts, type DealFactPage, type DealFactVocabulary, type DealFacts } from '@fitscore/deck-analysis';
import { regionsOf, stageOf } from '@fitscore/thesis';

/** The deal-fact vocabulary of the thesis (stages, places), the same the thesis match reads with. */
export const DEAL_FACT_VOCABULARY: DealFactVocabulary = { stageOf, isPlace: (text) => regionsOf(text).known };

export const DECK_FACT_FIELDS = ['companyName', 'stage', 'sector', 'geography'] as const;
export type DeckFactField = (typeof DECK_FACT_FIELDS)[number];

export const NO_FACTS: DealFacts = { companyName: null, stage: null, sector: null, geography: null };

/**
 * The facts of pages already read: the scoring's (OCR'd pages included), or an arriving deck's
 * inspection (text layer only), read in the analyzer's bounded reader process, never in the API's.
 */
export const factsOfPages = (pages: readonly DealFactPage[]): DealFacts => dealFactsFromDeck(pages, DEAL_FACT_VOCABULARY);

/**
 * Each stage, sector or place still empty after the deck takes what the message's own words state
 * ('a Berlin-based fintech raising a seed round'). Not marked as read from the deck: the sender
 * wrote it, as they wrote the subject.
 */
export function withMessageFacts<T extends Record<DeckFactField, string>>(facts: T, text: string): T {
  const said = messageFacts(text, DEAL_FACT_VOCABULARY);
  const filled = { ...facts };
  for (const field of ['stage', 'sector', 'geography'] as const) {
    const value = said[field];
    if (!filled[field].trim() && value) filled[field] = value as T[typeof field];
  }
  return filled;
}

/** Each empty field takes the deck's value, and is then marked as read from the deck. */
export function withDeckFacts<T extends Record<DeckFactField, string>>(given: T, facts: DealFacts): T & { fromDeck: DeckFactField[] } {
  const filled = { ...given, fromDeck: [] as DeckFactField[] };
  for (const field of DECK_FACT_FIELDS) {
    const value = facts[field];
    if (!given[field].trim() && value) {
      filled[field] = value as T[DeckFactField];
      filled.fromDeck.push(field);
    }
  }
  return filled;
}

/** The deal column's names for the facts read from the deck (the company is the deal's `startupName`). */
export const factsFromDeckColumn = (fromDeck: readonly DeckFactField[]) => fromDeck.map((f) => (f === 'companyName' ? ('startupName' as const) : f));
