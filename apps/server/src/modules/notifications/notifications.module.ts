import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../plugins/platform.ts';
import type { BlindLookService } from '../blind-look/blind-look.service.ts';
import type { DealsService } from '../deals/deals.service.ts';
import type { ScoringService } from '../scoring/scoring.service.ts';
import { createNotificationsRepository } from './notifications.repository.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { createNotificationsService } from './notifications.service.ts';

export interface NotificationsModuleDeps {
  platform: Platform;
  scoring: Pick<ScoringService, 'onScored'>;
  deals: Pick<DealsService, 'changeStatus'>;
  /** Blind first look: a member from whom a deal is hidden is told of it without its score or comments. */
  blind: Pick<BlindLookService, 'blindTo'>;
}

/**
 * Stored, live notifications of fund members. Registered after the deals module, so a deal's
 * FitScore is stored (deals' own `onScored` listener) before this one reads it for a match alert.
 */
export function register(app: FastifyInstance, { platform, scoring, deals, blind }: NotificationsModuleDeps) {
  const notifications = createNotificationsService({
    repo: createNotificationsRepository(platform.db),
    uow: platform.uow,
    events: platform.events,
    blind,
    log: app.log,
  });
  scoring.onScored(async (owner, _score, tx) => {
    if (owner.kind === 'deal') await notifications.matchIfFits(owner.dealId, tx);
  });
  // Hot and Track move the matched deal (with its history) through the deals module.
  notifications.handleActions('match', async (action, { fundId, userId, notification }) => {
    if ((action === 'hot' || action === 'track') && notification.dealId) {
      await deals.changeStatus(fundId, userId, notification.dealId, { status: action, note: '' });
    }
    return { dealId: notification.dealId };
  });
  notificationsRoutes(app, notifications);
  return notifications;
}
