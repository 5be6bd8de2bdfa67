import { DEAL_CHANGED_EVENT, type DealChangedEvent } from '@fitscore/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction, UnitOfWork } from '../../lib/unit-of-work.ts';
import type { EventBus } from '../events/event-bus.ts';

/**
 * Tells every open screen of a fund that one of its deals changed (issue 29 point 1): once the
 * change has committed, on the stored event bus, so the streams of every API host hear it and a
 * screen reads only what is true. What is pushed is only which deal: each screen reads it again
 * with its own filters and its member's rights.
 */
export function createDealUpdates({ events, uow, log }: { events: EventBus; uow: UnitOfWork; log: Pick<FastifyBaseLogger, 'warn'> }) {
  return {
    changed(fundId: string, dealId: string, tx?: Transaction) {
      const data: DealChangedEvent = { dealId };
      uow.afterCommit(tx, () => {
        events.publish({ fund: fundId }, { type: DEAL_CHANGED_EVENT, data }).catch((err: unknown) => log.warn({ err, dealId }, 'deal change not pushed'));
      });
    },
  };
}
export type DealUpdates = ReturnType<typeof createDealUpdates>;
