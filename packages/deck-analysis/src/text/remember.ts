import { LRUCache } from 'lru-cache';

/**
 * Characters of keys one remembered function keeps (2 MB as UTF-16 strings): a hundred decks'
 * lines, and never more, however long the process runs.
 */
const MAX_KEY_CHARS = 1_000_000;

/**
 * A pure function of a text, remembered for the texts it read last. Scoring reads a deck ten
 * times: once as it is and once per Do-Next advice with the advised slide added (do-next.ts),
 * so each line and page would be read ten times over; remembered, it is read once.
 *
 * The result is frozen (its arrays and plain objects): one caller that changed it would change
 * it for every later reader, so a change throws instead. Only functions whose result depends on
 * the text alone may be remembered.
 */
export function rememberByText<T>(read: (text: string) => T): (text: string) => T {
  const cache = new LRUCache<string, { value: T }>({ maxSize: MAX_KEY_CHARS, sizeCalculation: (_v, key) => key.length + 1 });
  return (text: string): T => {
    const hit = cache.get(text);
    if (hit) return hit.value;
    const value = freeze(read(text));
    // A text longer than the whole budget is read every time rather than evict everything else.
    if (text.length < MAX_KEY_CHARS) cache.set(text, { value });
    return value;
  };
}

function freeze<T>(value: T): T {
  if (Array.isArray(value)) {
    for (const item of value) freeze(item);
    return Object.freeze(value);
  }
  // Plain objects only: a RegExp or a Map a result points to is the caller's, not the result.
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) freeze(v);
    return Object.freeze(value);
  }
  return value;
}
