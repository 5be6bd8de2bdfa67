import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../plugins/platform.ts';
import type { DealsService } from '../deals/deals.service.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import { createCollabRepository } from './collab.repository.ts';
import { collabRoutes } from './collab.routes.ts';
import { createCollabService } from './collab.service.ts';

export interface CollabModuleDeps {
  platform: Platform;
  deals: Pick<DealsService, 'onAssigned' | 'onReviewed' | 'view'>;
  notifications: Pick<NotificationsService, 'notifyMembers'>;
}

/**
 * A fund working a deal together: comments with @mentions (`mention` notifications), the
 * `assigned` notification, and each deal's activity log (ADR 0024).
 */
export function register(app: FastifyInstance, { platform, deals, notifications }: CollabModuleDeps) {
  const collab = createCollabService({ repo: createCollabRepository(platform.db), uow: platform.uow, notifications, seen: deals.view });
  deals.onAssigned((change, tx) => collab.assigned(change, tx));
  deals.onReviewed((review, tx) => collab.reviewed(review, tx));
  collabRoutes(app, collab);
  return collab;
}
