import { applicantReplyEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { ApplicantRepliesService } from './applicant-replies.service.ts';

const fundIdOf = (fund: { id: string | null }) => {
  if (!fund.id) throw new AppError('conflict', 'Please complete your fund profile first');
  return fund.id;
};

/** The fund's applicant emails: any member reads them, admins change them. */
export function applicantRepliesRoutes(app: FastifyInstance, replies: ApplicantRepliesService) {
  registerEndpoint(app, applicantReplyEndpoints.settings, ({ fund }) => replies.settings(fundIdOf(fund)));
  registerEndpoint(app, applicantReplyEndpoints.save, ({ fund, auth, body }) => replies.save(fundIdOf(fund), auth.user.id, body));
  registerEndpoint(app, applicantReplyEndpoints.reset, ({ fund }) => replies.reset(fundIdOf(fund)));
  registerEndpoint(app, applicantReplyEndpoints.ofDeal, ({ fund, params }) => replies.ofDeal(fundIdOf(fund), params.id));
}
