import { z } from 'zod';
import { IsoDateTimeSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/**
 * The audit log of a fund (issue 33 point 5): every security-relevant event with who, when and from
 * which address; filterable, exported as CSV, kept 400 days. Shown on the Enterprise plan only.
 */
export const AUDIT_ACTIONS = [
  'signin.password',
  'signin.sso',
  'signin.failed',
  'member.role_changed',
  'member.invited',
  'member.invite_revoked',
  'member.added',
  'member.removed',
  'api_key.created',
  'api_key.used',
  'api_key.revoked',
  'export.deals_csv',
  'settings.changed',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'webhook.secret_rotated',
  'export.fund_archive',
  'fund.deletion_scheduled',
  'fund.deletion_cancelled',
  'follow_up.created',
  'follow_up.updated',
  'follow_up.completed',
  'follow_up.deleted',
  'deals.imported',
  'deals.bulk_changed',
  'deals.bulk_undone',
  'view.saved',
  'view.deleted',
  'view.default_changed',
  'export.audit_log',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The action in words, for the table and the CSV. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'signin.password': 'Signed in with password',
  'signin.sso': 'Signed in with single sign-on',
  'signin.failed': 'Failed sign-in',
  'member.role_changed': 'Changed a member’s role',
  'member.invited': 'Invited a member',
  'member.invite_revoked': 'Revoked an invite',
  'member.added': 'Added a member',
  'member.removed': 'Removed a member',
  'api_key.created': 'Created an API key',
  'api_key.used': 'Used an API key',
  'api_key.revoked': 'Revoked an API key',
  'export.deals_csv': 'Exported deals as CSV',
  'settings.changed': 'Changed settings',
  'webhook.created': 'Added a webhook',
  'webhook.updated': 'Changed a webhook',
  'webhook.deleted': 'Deleted a webhook',
  'webhook.secret_rotated': 'Rotated a webhook secret',
  'export.fund_archive': 'Exported all of the fund’s data',
  'fund.deletion_scheduled': 'Scheduled the fund’s deletion',
  'fund.deletion_cancelled': 'Cancelled the fund’s deletion',
  'follow_up.created': 'Added a follow-up',
  'follow_up.updated': 'Changed a follow-up',
  'follow_up.completed': 'Completed a follow-up',
  'follow_up.deleted': 'Deleted a follow-up',
  'deals.imported': 'Imported deals from a CSV',
  'deals.bulk_changed': 'Changed deals in bulk',
  'deals.bulk_undone': 'Undid a bulk change',
  'view.saved': 'Saved a pipeline view',
  'view.deleted': 'Deleted a pipeline view',
  'view.default_changed': 'Chose a default pipeline view',
  'export.audit_log': 'Exported the audit log as CSV',
};

/** The settings a `settings.changed` entry names (in `details.setting`). */
export const AUDIT_SETTINGS = [
  'scoring weights',
  'intake sources',
  'intake webhook secret',
  'intake email address',
  'what founders see',
  'fund profile',
  'branding',
  'sso',
  'alerts',
  'applicant email templates',
  'stages',
  'follow-up rule',
  'digest email',
  'blind first look',
] as const;
export type AuditSetting = (typeof AUDIT_SETTINGS)[number];

/** The filter groups: an action's group is the part before the dot. */
export const AUDIT_ACTION_GROUPS = ['signin', 'member', 'api_key', 'export', 'settings', 'webhook', 'fund', 'deals', 'view', 'follow_up'] as const;
export type AuditActionGroup = (typeof AUDIT_ACTION_GROUPS)[number];
export const AUDIT_GROUP_LABELS: Record<AuditActionGroup, string> = {
  signin: 'Sign-ins',
  member: 'Members and invites',
  api_key: 'API keys',
  export: 'Exports',
  settings: 'Settings',
  webhook: 'Webhooks',
  fund: 'Fund deletion',
  deals: 'Bulk deal changes and imports',
  view: 'Pipeline views',
  follow_up: 'Follow-ups',
};

/** Days an entry is kept. */
export const AUDIT_RETENTION_DAYS = 400;
export const AUDIT_PAGE_SIZE = 50;

export const AUDIT_MESSAGES = {
  enterpriseRequired: 'The audit log is part of the Enterprise plan. Contact sales to add it to your fund.',
  badCursor: 'The page cursor is not valid.',
} as const;

const DateOnly = z.iso.date({ error: 'Dates are YYYY-MM-DD' });

export const AuditFiltersSchema = z
  .object({
    group: z.enum(AUDIT_ACTION_GROUPS, { error: `group is one of ${AUDIT_ACTION_GROUPS.join(', ')}` }).optional(),
    actor: z.string().uuid('actor is a user id').optional(),
    from: DateOnly.optional(),
    to: DateOnly.optional(),
    cursor: z.string().min(1).max(200, AUDIT_MESSAGES.badCursor).optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'from must not be after to', path: ['from'] });
export type AuditFilters = z.infer<typeof AuditFiltersSchema>;

export const AuditEventSchema = z
  .object({
    id: z.string().uuid(),
    at: IsoDateTimeSchema,
    actor: z.object({ id: z.string().nullable(), name: z.string().nullable(), email: z.string().nullable() }),
    action: z.enum(AUDIT_ACTIONS),
    target: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
    ip: z.string().nullable(),
  })
  .meta({ id: 'AuditEvent' });
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const AuditPageSchema = z.object({ items: z.array(AuditEventSchema), next_cursor: z.string().nullable() });

export const auditEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/vc/audit',
    access: 'fund:admin',
    summary: 'The fund’s audit log, newest first: filter by action group, actor and dates; a page at a time (402 without the Enterprise plan)',
    tags: ['audit'],
    query: AuditFiltersSchema,
    response: AuditPageSchema,
  }),
  exportCsv: defineEndpoint({
    method: 'GET',
    path: '/api/vc/audit.csv',
    access: 'fund:admin',
    summary: 'The audit log as CSV (same filters as the list), streamed (402 without the Enterprise plan)',
    tags: ['audit'],
    query: AuditFiltersSchema,
    binary: { contentType: 'text/csv' },
    response: z.string(),
  }),
} as const;
