import { LRUCache } from 'lru-cache';

/** The words of a term worth a look in the names' trigram index (pg_trgm needs 3 characters), at most 8. */
export const searchWords = (term: string) => [...new Set(term.toLowerCase().split(/\s+/).filter((w) => w.length >= 3))].slice(0, 8);

/** How long a word's commonness in a fund is remembered: the fund's newest names change slowly. */
const REMEMBERED_MS = 10 * 60_000;

/**
 * Which words of a search term the names' trigram index is given: those uncommon in the fund's
 * newest names (`uncommon` asks the database). The answer only decides how the matches are found,
 * never which (searchCondition), so it is remembered per fund and word: a search's later calls
 * (its pages, its tabs, the next search sharing a word) skip that round trip, which cost as much
 * PostgreSQL time as the page itself (ADR 0033).
 */
export function searchWordIndex(uncommon: (fundId: string, words: string[]) => Promise<string[]>, max = 10_000) {
  const known = new LRUCache<string, boolean>({ max, ttl: REMEMBERED_MS });
  const key = (fundId: string, word: string) => `${fundId} ${word}`;
  return async function indexWords(fundId: string, term: string): Promise<string[]> {
    const words = new Map(searchWords(term).map((w) => [w, known.get(key(fundId, w))]));
    const unknown = [...words].filter(([, indexed]) => indexed === undefined).map(([w]) => w);
    if (unknown.length) {
      const found = new Set(await uncommon(fundId, unknown));
      for (const w of unknown) {
        words.set(w, found.has(w));
        known.set(key(fundId, w), found.has(w));
      }
    }
    return [...words].filter(([, indexed]) => indexed).map(([w]) => w);
  };
}
