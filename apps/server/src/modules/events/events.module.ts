import type { FastifyInstance } from 'fastify';
import type { Memberships } from '../../plugins/auth.ts';
import type { Platform } from '../../plugins/platform.ts';
import { createEventTickets } from './event-tickets.ts';
import { eventsRoutes } from './events.routes.ts';

/** The server-push channel (tickets and the SSE stream) over the platform's event bus. */
export function register(app: FastifyInstance, { platform, memberships }: { platform: Platform; memberships: Memberships }) {
  eventsRoutes(app, {
    bus: platform.events,
    tickets: createEventTickets(platform.appSecret),
    memberships,
    retryMs: platform.config.shutdown.eventsRetryMs,
  });
}
