import { EVENT_TICKET_TTL_SECONDS } from '@fitscore/contracts';
import { z } from 'zod';
import { createSignedTickets } from '../../lib/signed-tickets.ts';

/** Whom a ticket opens the stream for: the user, and the session it was asked for (a stream lives no longer than it). */
export interface TicketHolder {
  userId: string;
  sessionId: string;
}

/** Tickets to open the event stream, since a browser's EventSource cannot send the session header. */
export function createEventTickets(appSecret: Buffer, now: () => number = Date.now) {
  const tickets = createSignedTickets(
    appSecret,
    {
      purpose: 'fitscore event tickets v1',
      ttlSeconds: EVENT_TICKET_TTL_SECONDS,
      schema: z.object({ u: z.string().min(1).max(64), s: z.string().min(1).max(64) }),
    },
    now,
  );
  return {
    issue: ({ userId, sessionId }: TicketHolder): string => tickets.issue({ u: userId, s: sessionId }),
    /** The user and session a ticket was issued to; null when it was changed, is malformed or has expired. */
    redeem(ticket: string): TicketHolder | null {
      const held = tickets.redeem(ticket);
      return held && { userId: held.u, sessionId: held.s };
    },
  };
}
export type EventTickets = ReturnType<typeof createEventTickets>;
