import { EVENT_TICKET_TTL_SECONDS } from '@fitscore/contracts';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

const TicketSchema = z.object({ u: z.string().min(1).max(64), s: z.string().min(1).max(64), exp: z.number().int() });

/** Whom a ticket opens the stream for: the user, and the session it was asked for (a stream lives no longer than it). */
export interface TicketHolder {
  userId: string;
  sessionId: string;
}

/**
 * Tickets to open the event stream, since a browser's EventSource cannot send the session
 * header: signed (HMAC-SHA256 with a key derived from the app secret) and short-lived, so any
 * API process can check one without shared state.
 */
export function createEventTickets(appSecret: Buffer, now: () => number = Date.now) {
  const key = createHmac('sha256', appSecret).update('fitscore event tickets v1').digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');

  return {
    issue({ userId, sessionId }: TicketHolder): string {
      const body = Buffer.from(JSON.stringify({ u: userId, s: sessionId, exp: now() + EVENT_TICKET_TTL_SECONDS * 1000 })).toString(
        'base64url',
      );
      return `${body}.${sign(body)}`;
    },

    /** The user and session a ticket was issued to; null when it was changed, is malformed or has expired. */
    redeem(ticket: string): TicketHolder | null {
      const [body, mac, ...rest] = ticket.split('.');
      if (!body || !mac || rest.length > 0) return null;
      const expected = Buffer.from(sign(body));
      const given = Buffer.from(mac);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      const ticketData = TicketSchema.safeParse(parsed);
      if (!ticketData.success || ticketData.data.exp < now()) return null;
      return { userId: ticketData.data.u, sessionId: ticketData.data.s };
    },
  };
}
export type EventTickets = ReturnType<typeof createEventTickets>;
