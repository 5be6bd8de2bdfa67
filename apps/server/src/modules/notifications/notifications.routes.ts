import { notificationsEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { NotificationsService } from './notifications.service.ts';

/** The member's notifications: every call reads and acts on the caller's own rows only. */
export function notificationsRoutes(app: FastifyInstance, notifications: NotificationsService) {
  registerEndpoint(app, notificationsEndpoints.list, ({ auth }) => notifications.list(auth.user.id));
  registerEndpoint(app, notificationsEndpoints.act, ({ fund, auth, params, body }) =>
    notifications.act(fund.id, auth.user.id, params.id, params.action, body?.question || undefined),
  );
}
