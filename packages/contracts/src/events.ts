import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';

/**
 * The server-push channel: one EventSource per signed-in browser session. EventSource
 * cannot send headers, so the client first trades its session for a short-lived ticket
 * and opens `GET /events/?ticket=...`. Each message's SSE `event` is the event type, its
 * `data` the JSON payload and its `id` the event's place in the stored log (ADR 0025): a stream
 * opened with the `Last-Event-ID` header, or `lastEventId=` in the query (a new EventSource),
 * first gets every stored event after that id, then `ready`, then live ones.
 */

/** Sent once when the stream opens, so the client knows it is live. */
export const EVENTS_READY = 'ready' as const;
export const EVENT_TICKET_TTL_SECONDS = 60;

export const ServerEventSchema = z.object({
  /** `<area>.<what>`, e.g. `deal.scored`. */
  type: z.string().regex(/^[a-z][a-z0-9_.-]{0,63}$/),
  data: z.unknown(),
});
export type ServerEvent = z.infer<typeof ServerEventSchema>;

export const EventTicketResponseSchema = z.object({
  ticket: z.string(),
  expires_in: z.number().int(),
});

export const eventsEndpoints = {
  ticket: defineEndpoint({
    method: 'POST',
    path: '/events/ticket/',
    access: 'user',
    summary: 'A ticket (valid for a minute) to open the server-push stream with',
    tags: ['events'],
    response: EventTicketResponseSchema,
  }),
};
export const EVENTS_STREAM_PATH = '/events/';
