import { dealFactsFromDeck, extractDeck, type DealFactVocabulary, type DealFacts } from '@fitscore/deck-analysis';
import { regionsOf, stageOf } from '@fitscore/thesis';

/** The deal-fact vocabulary of the thesis (stages, places), the same the thesis match reads with. */
export const DEAL_FACT_VOCABULARY: DealFactVocabulary = { stageOf, isPlace: (text) => regionsOf(text).known };

export const DECK_FACT_FIELDS = ['companyName', 'stage', 'sector', 'geography'] as const;
export type DeckFactField = (typeof DECK_FACT_FIELDS)[number];

export const NO_FACTS: DealFacts = { companyName: null, stage: null, sector: null, geography: null };

/** What the deck itself says of the company (text layer only, no OCR): name, stage, sector, place. */
export async function deckFactsOf(bytes: Uint8Array): Promise<DealFacts> {
  try {
    const deck = await extractDeck(bytes);
    return dealFactsFromDeck(deck.pages, DEAL_FACT_VOCABULARY);
  } catch {
    return NO_FACTS;
  }
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
