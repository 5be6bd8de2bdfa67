import { EVENTS_READY, EVENTS_STREAM_PATH, EVENT_TICKET_TTL_SECONDS, eventsEndpoints } from '@fitscore/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { Memberships } from '../../plugins/auth.ts';
import type { Audience, DeliveredEvent, EventBus } from './event-bus.ts';
import type { EventTickets, TicketHolder } from './event-tickets.ts';

/** How long an open stream's check of its session and membership is reused (a change is seen within 1 s). */
const RECHECK_MS = 500;


const EventIdSchema = z.string().regex(/^\d{1,15}$/, 'Last-Event-ID must be an event id');
/** The stream for clients that are not browsers (issue 28): a session in the Authorization header. */
export const VC_EVENTS_PATH = '/api/vc/events';
const ResumeQuerySchema = z.object({ lastEventId: EventIdSchema.optional() });
const StreamQuerySchema = z.object({
  ticket: z.string().min(1).max(512),
  /** Where a new EventSource (a fresh ticket) resumes: the browser only sends the header on its own retries. */
  lastEventId: EventIdSchema.optional(),
});

/**
 * The server-push channel: a ticket for the signed-in user, then one SSE stream per browser
 * session that carries the events published to that user and, for an investor, to their fund.
 */
export function eventsRoutes(
  app: FastifyInstance,
  { bus, tickets, memberships, retryMs }: { bus: EventBus; tickets: EventTickets; memberships: Memberships; retryMs: number },
) {
  // Open streams never finish by themselves: closing the server ends them so shutdown is not held up.
  const open = new Set<{ close(): void; send(message: { data: undefined; retry: number }): Promise<void> }>();
  app.addHook('preClose', () => closeStreamsWithRetryHint(open, retryMs));

  registerEndpoint(app, eventsEndpoints.ticket, ({ auth }) => ({
    ticket: tickets.issue({ userId: auth.user.id, sessionId: auth.sessionId }),
    expires_in: EVENT_TICKET_TTL_SECONDS,
  }));

  /** One browser session's stream (the ticket's user, or the Authorization header's). */
  const stream = async (request: FastifyRequest, reply: FastifyReply) => {
    const { userId, sessionId } = request.eventsUser!;
    const { lastEventId: fromQuery } = request.query as z.infer<typeof ResumeQuerySchema>;
    const header = request.headers['last-event-id'];
    // The browser's own reconnect sends the header (newer than the query of the URL it reuses).
    const resumeFrom = typeof header === 'string' && EventIdSchema.safeParse(header).success ? header : fromQuery;
    const membership = await memberships.membershipOf(userId);
    const audiences: Audience[] = [{ user: userId }];
    if (membership) audiences.push({ fund: membership.fundId });
    reply.sse.keepAlive();

    /**
     * Every live event re-checks who listens (issue 28 point 5): a member removed from the fund, a
     * session signed out or ended by a password change hears nothing more, and the stream closes.
     * A check is reused for RECHECK_MS, so a burst of events costs one read and a change is seen
     * within a second.
     */
    let checkedAt = -Infinity;
    let allowed = true;
    const stillAllowed = async () => {
      if (Date.now() - checkedAt < RECHECK_MS) return allowed;
      const access = await memberships.streamAccess(sessionId, userId);
      checkedAt = Date.now();
      allowed = access.live && access.fundId === (membership?.fundId ?? null);
      return allowed;
    };
    let delivering: Promise<void> = Promise.resolve();
    const deliver = (event: DeliveredEvent) => {
      delivering = delivering
        .then(async () => {
          if (!reply.sse.isConnected) return;
          if (await stillAllowed()) return send(event);
          request.log.info({ userId }, 'event stream closed: the session ended or the member left the fund');
          reply.sse.close();
        })
        .catch((err: unknown) => request.log.warn({ err }, 'event stream check failed'));
    };

    /** The highest stored id sent: replay and live overlap, so anything at or below it is a duplicate. */
    let lastSent = 0;
    let replaying = true;
    const held: DeliveredEvent[] = [];
    /**
     * Writes one event; resolves once the socket took it (a slow reader's backpressure holds the
     * next write back, so a burst — a bulk move of 1,000 deals — waits instead of piling up).
     */
    const send = async (event: DeliveredEvent) => {
      if (!reply.sse.isConnected) return;
      if (event.id !== undefined) {
        if (event.id <= lastSent) return;
        lastSent = event.id;
      }
      await reply.sse
        .send({ ...(event.id !== undefined ? { id: String(event.id) } : {}), event: event.type, data: event.data ?? null })
        .catch((err: unknown) => {
          request.log.debug({ err }, 'event not delivered: the stream closed');
        });
    };
    // The log's head, read before subscribing: a fresh stream replays from there, so an event committed
    // while it subscribes is in the log read, the live feed or both (deduplicated), never in neither.
    const from = resumeFrom !== undefined ? Number(resumeFrom) : bus.head ? await bus.head() : undefined;
    const stops = audiences.map((audience) =>
      bus.subscribe(audience, (event) => (replaying ? held.push(event) : deliver(event))),
    );
    open.add(reply.sse);
    reply.sse.onClose(() => {
      open.delete(reply.sse);
      stops.forEach((stop) => stop());
    });
    if (from !== undefined && bus.replay) {
      lastSent = from;
      for (const event of await bus.replay(audiences, from)) await send(event);
    }
    replaying = false;
    // What arrived during the replay goes first, in order, then live events behind it (one queue).
    held.splice(0).forEach(deliver);
    // `ready` carries the last id covered, so a stream that saw no event yet still resumes from here.
    delivering = delivering
      .then(() => reply.sse.send({ ...(from !== undefined ? { id: String(lastSent) } : {}), event: EVENTS_READY, data: {} }))
      .catch((err: unknown) => request.log.debug({ err }, 'ready not delivered: the stream closed'));
    await delivering;
  };

  app.get(
    EVENTS_STREAM_PATH,
    {
      sse: 'only',
      schema: { summary: 'The server-push stream (text/event-stream), opened with a ticket', tags: ['events'], querystring: StreamQuerySchema },
      // The ticket is redeemed on `onRequest`, before the query is validated: no ticket or a bad one is 401, never 400.
      onRequest: async (request) => {
        const { ticket } = request.query as Partial<Record<string, unknown>>;
        const holder = typeof ticket === 'string' ? tickets.redeem(ticket) : null;
        if (!holder) throw new AppError('unauthenticated', 'The event ticket is not valid or has expired.');
        request.eventsUser = holder;
      },
    },
    stream,
  );
  // The same stream for clients that are not browsers: the session token in the Authorization header, no ticket.
  app.get(
    VC_EVENTS_PATH,
    {
      sse: 'only',
      schema: { summary: 'The server-push stream (text/event-stream), authenticated by the Authorization header', tags: ['events'], security: [{ token: [] }], querystring: ResumeQuerySchema },
      onRequest: [
        app.requireAccess('vc'),
        async (request) => {
          request.eventsUser = { userId: request.auth!.user.id, sessionId: request.auth!.sessionId };
        },
      ],
    },
    stream,
  );
}

declare module 'fastify' {
  interface FastifyRequest {
    eventsUser?: TicketHolder;
  }
}

/**
 * On shutdown (ADR 0044): each open stream is told how soon to reconnect (SSE `retry:`), then
 * closed; the browser comes back through the balancer to a host that is ready and resumes after its
 * Last-Event-ID, so it misses nothing.
 */
async function closeStreamsWithRetryHint(
  open: Set<{ close(): void; send(message: { data: undefined; retry: number }): Promise<void> }>,
  retryMs: number,
) {
  await Promise.all([...open].map((stream) => stream.send({ data: undefined, retry: retryMs }).catch(() => {})));
  open.forEach((stream) => stream.close());
}
