import type { Transaction } from './unit-of-work.ts';

/**
 * A read remembered for the rest of one transaction: a bulk action's listeners (issue 31 point 3)
 * ask the same question (a fund's settings, its plan) for each of its 1,000 deals; the answer
 * cannot change under them within the transaction that holds the deals. Outside one, no memory.
 */
export function perTransaction<K, V>(read: (key: K, tx: Transaction | undefined) => Promise<V>, keyOf: (key: K) => string = String) {
  const answers = new WeakMap<Transaction, Map<string, Promise<V>>>();
  return (key: K, tx: Transaction | undefined): Promise<V> => {
    if (!tx) return read(key, tx);
    let known = answers.get(tx);
    if (!known) answers.set(tx, (known = new Map()));
    const k = keyOf(key);
    let answer = known.get(k);
    if (!answer) known.set(k, (answer = read(key, tx)));
    return answer;
  };
}
