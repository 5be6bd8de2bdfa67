import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../plugins/platform.ts';
import type { BrandingService } from '../branding/branding.service.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { createMailer } from '../mail/mailer.ts';
import { createApplicantRepliesRepository } from './applicant-replies.repository.ts';
import { applicantRepliesRoutes } from './applicant-replies.routes.ts';
import { createApplicantRepliesService } from './applicant-replies.service.ts';

export interface ApplicantRepliesModuleDeps {
  platform: Platform;
  jobs: JobQueue;
  branding: Pick<BrandingService, 'emailFor' | 'senderName'>;
}

/** Founders hear back: receipts and declines emailed to applicants by form and email, in the fund's words. */
export function register(app: FastifyInstance, { platform, jobs, branding }: ApplicantRepliesModuleDeps) {
  const replies = createApplicantRepliesService({
    repo: createApplicantRepliesRepository(platform.db),
    jobs,
    mailer: createMailer(platform.config.mail, app.log),
    publicWebUrl: platform.config.publicWebUrl,
    branding,
  });
  jobs.register(...replies.jobs);
  applicantRepliesRoutes(app, replies);
  return replies;
}
