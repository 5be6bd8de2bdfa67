import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

const Envelope = z.object({ d: z.unknown(), exp: z.number().int() });

/**
 * Short-lived tickets that stand for a signed-in user where a browser cannot send the session
 * header (an EventSource, a download the browser saves itself): what they hold, signed with
 * HMAC-SHA256 under a key derived from the app secret and the ticket's purpose (a ticket of one
 * purpose never opens another), with an expiry. Any API process checks one without shared state.
 */
export function createSignedTickets<S extends z.ZodObject>(
  appSecret: Buffer,
  { purpose, ttlSeconds, schema }: { purpose: string; ttlSeconds: number; schema: S },
  now: () => number = Date.now,
) {
  const key = createHmac('sha256', appSecret).update(purpose).digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');

  return {
    issue(data: z.output<S>): string {
      const body = Buffer.from(JSON.stringify({ d: data, exp: now() + ttlSeconds * 1000 })).toString('base64url');
      return `${body}.${sign(body)}`;
    },

    /** What a ticket holds; null when it was changed, is malformed or has expired. */
    redeem(ticket: string): z.output<S> | null {
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
      const ticketData = Envelope.safeParse(parsed);
      if (!ticketData.success || ticketData.data.exp < now()) return null;
      const held = schema.safeParse(ticketData.data.d);
      return held.success ? held.data : null;
    },
  };
}
