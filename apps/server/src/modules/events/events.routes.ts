import { EVENTS_READY, EVENTS_STREAM_PATH, EVENT_TICKET_TTL_SECONDS, eventsEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { Memberships } from '../../plugins/auth.ts';
import type { EventBus } from './event-bus.ts';
import type { EventTickets } from './event-tickets.ts';


const StreamQuerySchema = z.object({ ticket: z.string().min(1).max(512) });

/**
 * The server-push channel: a ticket for the signed-in user, then one SSE stream per browser
 * session that carries the events published to that user and, for an investor, to their fund.
 */
export function eventsRoutes(
  app: FastifyInstance,
  { bus, tickets, memberships }: { bus: EventBus; tickets: EventTickets; memberships: Memberships },
) {
  // Open streams never finish by themselves: closing the server ends them so shutdown is not held up.
  const open = new Set<{ close(): void }>();
  app.addHook('preClose', async () => open.forEach((stream) => stream.close()));

  registerEndpoint(app, eventsEndpoints.ticket, ({ auth }) => ({
    ticket: tickets.issue(auth.user.id),
    expires_in: EVENT_TICKET_TTL_SECONDS,
  }));

  app.get(
    EVENTS_STREAM_PATH,
    {
      sse: 'only',
      schema: { summary: 'The server-push stream (text/event-stream), opened with a ticket', tags: ['events'], querystring: StreamQuerySchema },
      preHandler: async (request) => {
        const { ticket } = request.query as z.infer<typeof StreamQuerySchema>;
        const userId = tickets.redeem(ticket);
        if (!userId) throw new AppError('unauthenticated', 'The event ticket is not valid or has expired.');
        request.eventsUser = userId;
      },
    },
    async (request, reply) => {
      const userId = request.eventsUser!;
      const membership = await memberships.membershipOf(userId);
      reply.sse.keepAlive();
      const forward = (event: { type: string; data: unknown }) => {
        if (!reply.sse.isConnected) return;
        reply.sse.send({ event: event.type, data: event.data ?? null }).catch((err: unknown) => {
          request.log.debug({ err }, 'event not delivered: the stream closed');
        });
      };
      const stops = [bus.subscribe({ user: userId }, forward)];
      if (membership) stops.push(bus.subscribe({ fund: membership.fundId }, forward));
      open.add(reply.sse);
      reply.sse.onClose(() => {
        open.delete(reply.sse);
        stops.forEach((stop) => stop());
      });
      await reply.sse.send({ event: EVENTS_READY, data: {} });
    },
  );
}

declare module 'fastify' {
  interface FastifyRequest {
    eventsUser?: string;
  }
}
