import { z } from 'zod';
import { IsoDateTimeSchema } from './common.ts';
import { defineEndpoint } from './endpoint.ts';

/**
 * A fund member's stored notifications (spec section 3 'Notification': id, type, title,
 * reason list, details, unread flag, date), with the deal or intro they are about. Each fund
 * member has their own rows; acting on one acts for the fund (its siblings are marked read too).
 */
export const NOTIFICATION_TYPES = ['match', 'warmintro', 'mention', 'assigned'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Spec section 4: the actions of each type ('mention' and 'assigned' are opened or dismissed). */
export const NOTIFICATION_ACTIONS_BY_TYPE = {
  match: ['view', 'hot', 'track', 'dismiss'],
  warmintro: ['approve', 'moreinfo', 'dismiss'],
  mention: ['view', 'dismiss'],
  assigned: ['view', 'dismiss'],
} as const satisfies Record<NotificationType, readonly string[]>;
export const NOTIFICATION_ACTIONS = ['view', 'hot', 'track', 'dismiss', 'approve', 'moreinfo'] as const;
export type NotificationAction = (typeof NOTIFICATION_ACTIONS)[number];

/** The dashboard's button labels (spec section 2). */
export const NOTIFICATION_ACTION_LABELS: Record<NotificationAction, string> = {
  view: 'View',
  hot: 'Hot',
  track: 'Track',
  dismiss: 'Dismiss',
  approve: 'Approve Intro',
  moreinfo: 'Ask for More Info',
};

/** The server-push event carrying a new or changed notification (`data`: NotificationEvent). */
export const NOTIFICATION_EVENT = 'notification' as const;

export const NotificationSchema = z
  .object({
    id: z.string(),
    type: z.enum(NOTIFICATION_TYPES),
    title: z.string(),
    /** Spec's `reason`: why it was raised, one short line each. */
    reason: z.array(z.string()),
    details: z.string(),
    unread: z.boolean(),
    /** When it was raised (ISO). */
    date: IsoDateTimeSchema,
    /** The deal it is about (a match, a mention, an assignment, an approved intro). */
    dealId: z.string().nullable(),
    /** The founder's intro request it is about (warmintro). */
    introId: z.string().nullable(),
    /** The action taken on it (by this member or a colleague), null while none. */
    action: z.enum(NOTIFICATION_ACTIONS).nullable(),
    /**
     * What the action did, in words, once one was taken ('Approved: added to your pipeline',
     * 'Approved: already in your pipeline, added as another source'); null while none, or when the
     * action says it all.
     */
    outcome: z.string().nullable(),
    /** The actions this type takes, in the dashboard's order. */
    actions: z.array(z.enum(NOTIFICATION_ACTIONS)),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListSchema = z.object({
  notifications: z.array(NotificationSchema),
  unread: z.number().int(),
});

/** What a `notification` server-push event carries: the notification as it now is, and the bell's count. */
export const NotificationEventSchema = z.object({ notification: NotificationSchema, unread: z.number().int() });
export type NotificationEvent = z.infer<typeof NotificationEventSchema>;

export const NotificationActionParamsSchema = z.object({
  /** Any text: an id that names no notification of the caller is a 404, whatever its form. */
  id: z.string().max(64),
  action: z.enum(NOTIFICATION_ACTIONS, { error: `Unknown action. Use one of: ${NOTIFICATION_ACTIONS.join(', ')}` }),
});
/** `moreinfo` may carry the question the founder is asked; other actions take no body. */
export const NotificationActionBodySchema = z
  .object({ question: z.string().trim().max(1000, 'The question must be at most 1000 characters').optional() })
  .nullish();

export const notificationsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/vc/notifications',
    access: 'fund:member',
    summary: "The member's notifications, newest first, with the unread count",
    tags: ['notifications'],
    response: NotificationListSchema,
  }),
  act: defineEndpoint({
    method: 'POST',
    path: '/api/vc/notifications/:id/:action',
    access: 'fund:member',
    summary: 'Act on a notification (match: view, hot, track, dismiss; warmintro: approve, moreinfo, dismiss; mention and assigned: view, dismiss); marks it read',
    tags: ['notifications'],
    params: NotificationActionParamsSchema,
    body: NotificationActionBodySchema,
    response: z.object({
      ok: z.literal(true),
      notification: NotificationSchema,
      unread: z.number().int(),
      /** The deal the action led to (the matched deal, or the deal an approved intro created). */
      dealId: z.string().nullable(),
    }),
  }),
} as const;

/** How notification titles name their company ('Acme matches your thesis'); the company is what precedes these. */
const TITLE_SUFFIXES = [' matches your thesis', ' asks for an intro', ' answered your question'] as const;

/** The company a notification is about, read from its title (the title itself when it names none). */
export function notificationSubject(title: string): string {
  // 'Ada mentioned you on Acme', 'Ada assigned Acme to you' (mention and assigned titles).
  const team = / mentioned you on (.+)$/.exec(title) ?? /^.+? assigned (.+) to you$/.exec(title);
  if (team) return team[1]!;
  const suffix = TITLE_SUFFIXES.find((s) => title.endsWith(s));
  return suffix ? title.slice(0, -suffix.length) : title;
}
