import { notificationSubject, type Notification } from '@fitscore/contracts';
import type { DealsService } from '../deals/deals.service.ts';
import type { IntegrationsService } from './integrations.service.ts';

/**
 * Sends a fund's new match and warm-intro notifications to its Slack/Teams channels (each channel
 * then applies the fund's chosen events and, for matches, its alert threshold). Mentions and
 * assignments are for the team inside FitScore only.
 */
export function notificationAlerts({ integrations, deals }: { integrations: Pick<IntegrationsService, 'dispatch'>; deals: Pick<DealsService, 'view'> }) {
  return async (n: Notification, { fundId }: { fundId: string }): Promise<void> => {
    if (n.type === 'match' && n.dealId) {
      const deal = await deals.view(fundId, n.dealId, null);
      if (deal.fitScore === null) return;
      await integrations.dispatch(fundId, { kind: 'match', dealId: deal.id, startupName: deal.startupName, fitScore: deal.fitScore, reasons: n.reason });
    } else if (n.type === 'warmintro' && n.introId) {
      await integrations.dispatch(fundId, { kind: 'warmintro', introId: n.introId, startupName: notificationSubject(n.title), note: n.details });
    }
  };
}
