import { z } from 'zod';
import { IsoDateTimeSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/**
 * The emails a fund's applicants (by form or email) receive: a receipt with the reference they
 * were shown, and — when the fund declines — the reasons it picked (never its internal note).
 */
export const APPLICANT_REPLY_KINDS = ['receipt', 'decline'] as const;
export type ApplicantReplyKind = (typeof APPLICANT_REPLY_KINDS)[number];
/** scheduled: waiting for its time; sent; cancelled: the deal left Cold before a delayed decline went out; failed: the mail server refused it. */
export const APPLICANT_REPLY_STATES = ['scheduled', 'sent', 'cancelled', 'failed'] as const;

/** The words a template may use; each is replaced when the email is written. */
export const APPLICANT_REPLY_PLACEHOLDERS = {
  receipt: ['{company}', '{fund}', '{reference}'],
  decline: ['{company}', '{fund}', '{reference}', '{reasons}'],
} as const;

export const APPLICANT_REPLY_DELAYS_MINUTES = [0, 60, 240, 1440, 2880, 4320, 10080] as const;

export const DEFAULT_APPLICANT_REPLY_TEMPLATES = {
  receiptSubject: '{fund} received your application ({reference})',
  receiptBody: [
    'Hello,',
    '',
    'Thank you for sending {company} to {fund}. Your application is in; its reference is {reference}.',
    'Please quote it if you write to us about this application.',
    '',
    'We read every deck we receive and will be in touch if there is a fit.',
    '',
    '{fund}',
  ].join('\n'),
  declineSubject: '{fund}: your application for {company} ({reference})',
  declineBody: [
    'Hello,',
    '',
    'Thank you for sending {company} to {fund}. We have decided not to take it further at this time, for these reasons:',
    '',
    '{reasons}',
    '',
    'We wish you the best with your raise.',
    '',
    '{fund}',
  ].join('\n'),
  delayMinutes: 0,
};

const subject = z.string().trim().min(1, 'Please enter a subject').max(200, 'A subject can be at most 200 characters');
const body = z.string().trim().min(1, 'Please enter the email text').max(5000, 'An email can be at most 5,000 characters');

export const ApplicantReplyTemplatesSchema = z
  .object({
    receiptSubject: subject,
    receiptBody: body,
    declineSubject: subject,
    declineBody: body.refine((text) => text.includes('{reasons}'), {
      message: 'The decline email must include {reasons}: applicants are told why',
    }),
    delayMinutes: z
      .number()
      .int()
      .refine((m) => (APPLICANT_REPLY_DELAYS_MINUTES as readonly number[]).includes(m), { message: 'Please choose one of the offered delays' }),
  })
  .meta({ id: 'ApplicantReplyTemplates' });
export type ApplicantReplyTemplates = z.infer<typeof ApplicantReplyTemplatesSchema>;

export const ApplicantReplySettingsSchema = ApplicantReplyTemplatesSchema.extend({
  /** Whether these are the fund's own words (false: the built-in ones). */
  customised: z.boolean(),
  /** The name applicants see the emails come from. */
  fromName: z.string(),
  updatedAt: IsoDateTimeSchema.nullable(),
}).meta({ id: 'ApplicantReplySettings' });
export type ApplicantReplySettings = z.infer<typeof ApplicantReplySettingsSchema>;

export const ApplicantReplySchema = z
  .object({
    kind: z.enum(APPLICANT_REPLY_KINDS),
    to: z.string(),
    subject: z.string(),
    state: z.enum(APPLICANT_REPLY_STATES),
    dueAt: IsoDateTimeSchema,
    sentAt: IsoDateTimeSchema.nullable(),
  })
  .meta({ id: 'ApplicantReply' });
export type ApplicantReply = z.infer<typeof ApplicantReplySchema>;

export const applicantReplyEndpoints = {
  settings: defineEndpoint({
    method: 'GET',
    path: '/vc/applicant-emails/',
    access: 'fund:member',
    summary: 'The receipt and decline emails the fund’s applicants receive, and the delay before they are sent',
    tags: ['intake'],
    response: ApplicantReplySettingsSchema,
  }),
  save: defineEndpoint({
    method: 'PUT',
    path: '/vc/applicant-emails/',
    access: 'fund:admin',
    summary: 'Change the fund’s applicant emails (admins only)',
    tags: ['intake'],
    body: ApplicantReplyTemplatesSchema,
    response: ApplicantReplySettingsSchema,
  }),
  reset: defineEndpoint({
    method: 'DELETE',
    path: '/vc/applicant-emails/',
    access: 'fund:admin',
    summary: 'Go back to the built-in applicant emails with no delay (admins only)',
    tags: ['intake'],
    response: ApplicantReplySettingsSchema,
  }),
  ofDeal: defineEndpoint({
    method: 'GET',
    path: '/vc/deals/:id/applicant-emails',
    access: 'fund:member',
    summary: 'The emails this deal’s applicants were sent or will be sent',
    tags: ['intake'],
    params: z.object({ id: z.string() }),
    response: z.object({ replies: z.array(ApplicantReplySchema) }),
  }),
};
