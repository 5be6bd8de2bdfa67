import type { Transaction } from '../../lib/unit-of-work.ts';

/** A deal moved from one status to another, by a member of its fund. */
export interface DealStatusChange {
  fundId: string;
  dealId: string;
  startupName: string;
  from: string;
  to: string;
  userId: string;
}

/** Runs in the status change's transaction: what it queues exists exactly when the change does. */
export type StatusChangedListener = (change: DealStatusChange, tx: Transaction) => Promise<void>;

/** The deals service's `onStatusChanged` listeners (alerts to Slack/Teams, activity, notifications). */
export function statusChangeListeners() {
  const listeners: StatusChangedListener[] = [];
  return {
    on(listener: StatusChangedListener) {
      listeners.push(listener);
    },
    async emit(change: DealStatusChange, tx: Transaction) {
      for (const listener of listeners) await listener(change, tx);
    },
  };
}
