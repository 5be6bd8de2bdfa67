/**
 * Who a deck, a scoring run and an analysis belong to: a founder's account today; a fund's
 * deal joins as `{ kind: 'deal', dealId }` (docs/decisions/0007-scoring-owner-and-units-of-work.md).
 * The decks and scoring modules work for any owner; what is particular to a founder (the
 * profile gate, the plan's limits) is checked by the founder module before it calls them.
 */
export type ScoringOwner = { kind: 'founder'; userId: string };

export const founderOwner = (userId: string): ScoringOwner => ({ kind: 'founder', userId });

/** The owner recorded on a stored row (its owner columns; the database keeps exactly one set). */
export function ownerOfRow(row: { userId: string | null }): ScoringOwner {
  if (row.userId) return founderOwner(row.userId);
  throw new Error('A scoring row without an owner');
}
