/**
 * Who a deck, a scoring run and an analysis belong to: a founder's account, or a fund's deal
 * (docs/decisions/0007-scoring-owner-and-units-of-work.md). The decks and scoring modules
 * work for any owner; what is particular to a founder (the profile gate, the plan's limits)
 * or to a deal (the fund's trial) is checked by the founder or deals module before it calls them.
 */
export type ScoringOwner = { kind: 'founder'; userId: string } | { kind: 'deal'; dealId: string };

export const founderOwner = (userId: string): ScoringOwner => ({ kind: 'founder', userId });
export const dealOwner = (dealId: string): ScoringOwner => ({ kind: 'deal', dealId });

/** The owner recorded on a stored row (its owner columns; the database keeps exactly one set). */
export function ownerOfRow(row: { userId: string | null; dealId: string | null }): ScoringOwner {
  if (row.userId) return founderOwner(row.userId);
  if (row.dealId) return dealOwner(row.dealId);
  throw new Error('A scoring row without an owner');
}
