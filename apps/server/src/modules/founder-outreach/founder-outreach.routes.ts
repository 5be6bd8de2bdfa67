import { founderOutreachEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { FounderOutreachService } from './founder-outreach.service.ts';

const fundIdOf = (fund: { id: string | null }) => {
  if (!fund.id) throw new AppError('conflict', 'Please complete your fund profile first');
  return fund.id;
};

/** Founders read their own outreach; a fund's members read its setting and admins change it. */
export function founderOutreachRoutes(app: FastifyInstance, outreach: FounderOutreachService) {
  registerEndpoint(app, founderOutreachEndpoints.list, ({ auth }) => outreach.list(auth.user.id));
  registerEndpoint(app, founderOutreachEndpoints.settings, ({ fund }) => outreach.settings(fundIdOf(fund)));
  registerEndpoint(app, founderOutreachEndpoints.save, ({ fund, auth, body }) => outreach.save(fundIdOf(fund), auth.user.id, body.showUnderReview));
}
