import type { Transaction } from '../../lib/unit-of-work.ts';

/** A deal given a new owner (or none), by a member of its fund. */
export interface DealAssignment {
  fundId: string;
  dealId: string;
  startupName: string;
  /** The owner before and after (null: unassigned). */
  from: string | null;
  to: string | null;
  /** Who assigned it. */
  userId: string;
}

/** A new deal in a fund's pipeline (an upload or an arrival from the intake or the platform). */
export interface DealCreated {
  fundId: string;
  dealId: string;
}

/** A deal marked as reviewed for the first time. */
export interface DealReview {
  fundId: string;
  dealId: string;
  userId: string;
}

/** Deals a member placed in one of the fund's stages (a board move, Move to, a bulk move), whether or not their triage changed. */
export interface DealsPlaced {
  fundId: string;
  dealIds: string[];
  stageId: string | null;
  userId: string;
}

/**
 * The deals whose status one change moved (one deal's, or a bulk selection's), once for them all:
 * for listeners that do the same to every deal (one statement, not one per deal). Each deal's
 * `onStatusChanged` is still heard.
 */
export interface DealsStatusChanged {
  fundId: string;
  dealIds: string[];
  to: string;
  userId: string;
}

/** A member's own Hot/Track/Cold on a deal (every press, even one that keeps the deal's status). */
export interface DealVote {
  fundId: string;
  dealId: string;
  userId: string;
  status: 'hot' | 'track' | 'cold';
}

/** Listeners that run in the action's transaction: what they write exists exactly when the action does. */
export function dealEventListeners<T>() {
  const listeners: ((event: T, tx: Transaction) => Promise<void>)[] = [];
  return {
    on(listener: (event: T, tx: Transaction) => Promise<void>) {
      listeners.push(listener);
    },
    async emit(event: T, tx: Transaction) {
      for (const listener of listeners) await listener(event, tx);
    },
  };
}
