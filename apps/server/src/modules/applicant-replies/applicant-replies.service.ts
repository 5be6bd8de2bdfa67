import {
  DEFAULT_APPLICANT_REPLY_TEMPLATES,
  type ApplicantReply,
  type ApplicantReplySettings,
  type ApplicantReplyTemplates,
} from '@fitscore/contracts';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { defineJob } from '../jobs/define-job.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { BrandingService } from '../branding/branding.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ApplicantRepliesRepository, TemplatesRow } from './applicant-replies.repository.ts';
import { renderReply } from './render-reply.ts';

export const SEND_APPLICANT_REPLY_QUEUE = 'send-applicant-reply';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ApplicantRepliesDeps {
  repo: ApplicantRepliesRepository;
  jobs: Pick<JobQueue, 'send'>;
  mailer: Mailer;
  /** Where a reply's one link points: the fund's public apply page. */
  publicWebUrl: string;
  /** The fund's brand on its emails: the sender's name and, for an Enterprise brand, an HTML part. */
  branding: Pick<BrandingService, 'emailFor' | 'senderName'>;
  now?: () => Date;
}

/** An application that became a deal (created or merged), by form or email: whom to send its receipt. */
export interface Application {
  itemId: string;
  fundId: string;
  dealId: string;
  to: string;
  company: string;
  reference: string;
}

const templatesOf = (row: TemplatesRow | undefined): ApplicantReplyTemplates =>
  row
    ? { receiptSubject: row.receiptSubject, receiptBody: row.receiptBody, declineSubject: row.declineSubject, declineBody: row.declineBody, delayMinutes: row.delayMinutes }
    : DEFAULT_APPLICANT_REPLY_TEMPLATES;

const looksLikeAddress = (to: string) => /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(to);

/**
 * Founders hear back (issue 29 point 6): every applicant by form or email gets a receipt with the
 * reference they were shown, and a decline sends the reasons the fund picked — never its internal
 * note — from the fund's name, in the fund's own words, after the fund's delay (none by default).
 * Each email is rendered when it is scheduled and sent by a job when due; a delayed decline is
 * cancelled if the deal leaves Cold before then.
 */
export function createApplicantRepliesService({ repo, jobs, mailer, publicWebUrl, branding, now = () => new Date() }: ApplicantRepliesDeps) {
  // Signed with the fund's display name (its brand's, else its name); a fund that has not named itself yet still signs them.
  const fundNameOf = async (fundId: string) => (await branding.senderName(fundId)) || 'The fund';
  const dueAt = (delayMinutes: number) => new Date(now().getTime() + delayMinutes * 60_000);

  async function settingsOf(fundId: string): Promise<ApplicantReplySettings> {
    const row = await repo.templates(fundId);
    return {
      ...templatesOf(row),
      customised: row !== undefined,
      fromName: await fundNameOf(fundId),
      updatedAt: row ? row.updatedAt.toISOString() : null,
    };
  }

  const sendReply = defineJob({
    name: SEND_APPLICANT_REPLY_QUEUE,
    payload: z.object({ replyId: z.uuid() }),
    async handler({ replyId }) {
      const reply = await repo.reply(replyId);
      if (!reply || reply.state !== 'scheduled') return;
      if (reply.kind === 'decline') {
        const deal = await repo.deal(reply.fundId, reply.dealId);
        // Taken out of Cold before the delay ran out: the founder is not told of a no that was undone.
        if (deal?.status !== 'cold') {
          await repo.settle(reply.id, 'cancelled');
          return;
        }
      }
      const { fromName, html } = await branding.emailFor(reply.fundId, reply.body);
      await mailer.send({ to: reply.toAddress, fromName: fromName || 'The fund', subject: reply.subject, text: reply.body, ...(html ? { html } : {}), link: publicWebUrl });
      await repo.settle(reply.id, 'sent');
    },
    async onFailed({ replyId }) {
      await repo.settle(replyId, 'failed');
    },
    options: { retryLimit: 5, retryDelaySeconds: 30 },
  });

  async function schedule(reply: Parameters<ApplicantRepliesRepository['insertOnce']>[0]) {
    const row = await repo.insertOnce(reply);
    if (row) await jobs.send(sendReply, { replyId: row.id }, { startAfter: row.dueAt });
  }

  return {
    jobs: [sendReply],

    settings: (fundId: string) => settingsOf(fundId),

    async save(fundId: string, userId: string, templates: ApplicantReplyTemplates) {
      await repo.saveTemplates({ fundId, ...templates, updatedByUserId: userId });
      return settingsOf(fundId);
    },

    async reset(fundId: string) {
      await repo.deleteTemplates(fundId);
      return settingsOf(fundId);
    },

    async ofDeal(fundId: string, dealId: string): Promise<{ replies: ApplicantReply[] }> {
      if (!UUID.test(dealId) || !(await repo.deal(fundId, dealId))) throw new AppError('not_found', 'Deal not found');
      const rows = await repo.ofDeal(dealId);
      return {
        replies: rows.map((r) => ({
          kind: r.kind,
          to: r.toAddress,
          subject: r.subject,
          state: r.state,
          dueAt: r.dueAt.toISOString(),
          sentAt: r.sentAt?.toISOString() ?? null,
        })),
      };
    },

    /** An application by form or email became a deal: its receipt, once per intake item. */
    async applied(a: Application) {
      const to = a.to.trim().toLowerCase();
      if (!looksLikeAddress(to)) return;
      const templates = templatesOf(await repo.templates(a.fundId));
      const fund = await fundNameOf(a.fundId);
      const values = { company: a.company, fund, reference: a.reference, reasons: [] };
      await schedule({
        fundId: a.fundId,
        dealId: a.dealId,
        intakeItemId: a.itemId,
        kind: 'receipt',
        toAddress: to,
        reference: a.reference,
        subject: renderReply(templates.receiptSubject, values, { subject: true }),
        body: renderReply(templates.receiptBody, values),
        dueAt: dueAt(templates.delayMinutes),
      });
    },

    /**
     * The fund declined these deals with these reasons: one email to whoever applied for each by form
     * or email (each address that got a receipt) and to the platform founders whose intro it came
     * from (`platformFounders`, their account addresses by deal), once per deal and address. A deal
     * taken out of Cold before this runs is not told. Reads the batch in three statements, however
     * many deals a bulk change declined.
     */
    async declined(fundId: string, dealIds: string[], reasons: string[], platformFounders: Map<string, string[]> = new Map()) {
      if (!dealIds.length) return;
      const [cold, receipts] = await Promise.all([repo.coldDeals(fundId, dealIds), repo.receiptsOf(dealIds)]);
      const recipientsOf = (dealId: string) => [
        ...receipts.filter((r) => r.dealId === dealId),
        ...(platformFounders.get(dealId) ?? []).filter(looksLikeAddress).map((to) => ({ toAddress: to.trim().toLowerCase(), reference: null })),
      ];
      const told = cold.map((deal) => ({ deal, recipients: recipientsOf(deal.id) })).filter((d) => d.recipients.length > 0);
      if (!told.length) return;
      const templates = templatesOf(await repo.templates(fundId));
      const fund = await fundNameOf(fundId);
      for (const { deal, recipients } of told) {
        const seen = new Set<string>();
        for (const recipient of recipients) {
          if (seen.has(recipient.toAddress)) continue;
          seen.add(recipient.toAddress);
          const values = { company: deal.startupName, fund, reference: recipient.reference ?? '', reasons };
          await schedule({
            fundId,
            dealId: deal.id,
            kind: 'decline',
            toAddress: recipient.toAddress,
            reference: recipient.reference,
            subject: renderReply(templates.declineSubject, values, { subject: true }),
            body: renderReply(templates.declineBody, values),
            dueAt: dueAt(templates.delayMinutes),
          });
        }
      }
    },
  };
}
export type ApplicantRepliesService = ReturnType<typeof createApplicantRepliesService>;
