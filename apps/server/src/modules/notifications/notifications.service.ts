import {
  NOTIFICATION_ACTIONS_BY_TYPE,
  NOTIFICATION_EVENT,
  type Deal,
  type Notification,
  type NotificationAction,
  type NotificationType,
} from '@fitscore/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { Transaction, UnitOfWork } from '../../lib/unit-of-work.ts';
import type { BlindLookService } from '../blind-look/blind-look.service.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { NewNotification, NotificationRow, NotificationsRepository } from './notifications.repository.ts';

export const NOTIFICATION_NOT_FOUND = 'Notification not found';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How a deal arrived, as a match alert's sentence names it, with its article: the screens' source labels. */
export const DEAL_ARRIVED_BY: Record<Deal['source'], string> = {
  upload: 'An uploaded deal',
  form: 'A form deal',
  email: 'An email deal',
  webhook: 'A webhook deal',
  platform: 'A platform deal',
  import: 'An imported deal',
};

/** A stored notification as the API and the live stream show it. */
export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    reason: row.reason,
    details: row.details,
    unread: row.unread,
    date: row.createdAt.toISOString(),
    dealId: row.dealId,
    introId: row.introId,
    action: row.action,
    outcome: row.outcome,
    actions: [...NOTIFICATION_ACTIONS_BY_TYPE[row.type]],
  };
}

/** Who acts, on which notification, with what (a `moreinfo` question). */
export interface ActionContext {
  fundId: string;
  userId: string;
  notification: Notification;
  question: string | undefined;
}
/**
 * The work an action does beyond marking the notification read; answers the deal it led to, if
 * any, and what it did in words (shown on the acted-on notification).
 */
export type ActionHandler = (action: NotificationAction, ctx: ActionContext) => Promise<{ dealId: string | null; outcome?: string }>;

/** Called once a new notification is stored (Slack/Teams alerts subscribe here). */
/** Hears each raised notification once for its fund (every member has their own copy). */
export type NotificationCreatedListener = (notification: Notification, to: { fundId: string }) => Promise<void> | void;

/**
 * What a member from whom the notification's deal is hidden (blind first look: in a blind stage,
 * not yet voted on by them) reads instead: the same news without the score or a teammate's words.
 */
export type BlindText = Pick<NewNotification, 'title' | 'reason' | 'details'>;

export interface NotificationsServiceDeps {
  repo: NotificationsRepository;
  uow: UnitOfWork;
  events: EventBus;
  /** Blind first look (blind-look module): which members may not see a deal's score and comments yet. */
  blind: Pick<BlindLookService, 'blindTo'>;
  log: { warn(obj: object, msg: string): void };
  /** How long to wait for a transaction that stored notifications to commit before they are pushed. */
  commitWaitMs?: number;
}

/**
 * A fund member's stored notifications: raising them (one row per member), the list with the
 * bell's count, the actions of each type, and the live `notification` event on every change.
 */
export function createNotificationsService({ repo, uow, events, blind, log, commitWaitMs = 2000 }: NotificationsServiceDeps) {
  const handlers = new Map<NotificationType, ActionHandler>();
  const createdListeners: NotificationCreatedListener[] = [];

  /** Pushes each row to its member's streams with their new unread count. */
  async function push(rows: NotificationRow[]) {
    for (const row of rows) {
      const unread = await repo.unreadCount(row.userId);
      await events.publish({ user: row.userId }, { type: NOTIFICATION_EVENT, data: { notification: toNotification(row), unread } });
    }
  }

  /** `blindTo`: the members whose copy is the blind text; listeners hear another member's copy when there is one. */
  async function announce(rows: NotificationRow[], blindTo: ReadonlySet<string>) {
    await push(rows);
    // Listeners (the fund's Slack/Teams alerts) hear a raised notification once per fund, not once per member.
    const onePerFund = new Map<string, NotificationRow>();
    for (const row of [...rows].sort((a, b) => Number(blindTo.has(a.userId)) - Number(blindTo.has(b.userId)))) {
      if (!onePerFund.has(row.fundId)) onePerFund.set(row.fundId, row);
    }
    for (const row of onePerFund.values()) {
      for (const listener of createdListeners) {
        try {
          await listener(toNotification(row), { fundId: row.fundId });
        } catch (err) {
          log.warn({ err, notification: row.id }, 'a notification listener failed');
        }
      }
    }
  }

  /**
   * Rows stored in a transaction this module does not end (scoring's) are announced once they are
   * visible outside it, i.e. committed; rows that never appear (a rolled-back transaction) never are.
   */
  function announceWhenCommitted(ids: string[], blindTo: ReadonlySet<string>) {
    const deadline = Date.now() + commitWaitMs;
    const attempt = async (): Promise<void> => {
      const rows = await repo.byIds(ids);
      if (rows.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return attempt();
      }
      await announce(rows, blindTo);
    };
    setImmediate(() => {
      attempt().catch((err: unknown) => log.warn({ err }, 'notifications not pushed'));
    });
  }

  /**
   * One row per recipient (every member of the fund, or those of `userIds` who are members); a
   * member from whom its deal is hidden gets the `blindText` instead. Inside a caller's transaction
   * (`tx`) the rows join it and are pushed once it commits; otherwise they are pushed at once.
   */
  async function raise(fundId: string, userIds: string[] | undefined, values: NewNotification, blindText: BlindText | undefined, tx?: Transaction) {
    const r = repo.in(tx);
    const to = await r.recipients(fundId, userIds && [...new Set(userIds)]);
    const place = blindText && values.dealId ? await r.dealPlace(values.dealId) : undefined;
    const blindTo = place ? await blind.blindTo(fundId, place, to, tx) : new Set<string>();
    const rows = await r.insert(
      fundId,
      to.map((userId) => ({ ...values, ...(blindTo.has(userId) ? blindText : {}), userId })),
    );
    if (rows.length === 0) return [];
    if (tx) announceWhenCommitted(rows.map((row) => row.id), blindTo);
    else await announce(rows, blindTo);
    return rows.map(toNotification);
  }

  return {
    async list(userId: string) {
      const [rows, unread] = await Promise.all([repo.list(userId), repo.unreadCount(userId)]);
      return { notifications: rows.map(toNotification), unread };
    },

    /**
     * Raises a notification for every member of the fund. Inside a caller's transaction (`tx`) the
     * rows join it and are pushed once it commits; otherwise they are pushed at once. With `blindText`,
     * a member from whom its deal is hidden (blind first look) reads that instead.
     */
    notifyFund: (fundId: string, values: NewNotification, tx?: Transaction, blindText?: BlindText): Promise<Notification[]> =>
      raise(fundId, undefined, values, blindText, tx),

    /**
     * Raises a notification for some members of the fund only (the members mentioned in a comment,
     * a deal's new owner); ids that are not the fund's members get none. Pushed, and told
     * blind, as `notifyFund`'s are.
     */
    notifyMembers: (fundId: string, userIds: string[], values: NewNotification, tx?: Transaction, blindText?: BlindText): Promise<Notification[]> =>
      raise(fundId, userIds, values, blindText, tx),

    /** Acts on the caller's notification: 404 unless it is theirs, 400 for an action its type does not take. */
    async act(fundId: string | null, userId: string, id: string, action: NotificationAction, question?: string) {
      const row = fundId && UUID.test(id) ? await repo.get(userId, fundId, id) : undefined;
      if (!row || !fundId) throw new AppError('not_found', NOTIFICATION_NOT_FOUND);
      const allowed: readonly string[] = NOTIFICATION_ACTIONS_BY_TYPE[row.type];
      if (!allowed.includes(action)) {
        throw new AppError('bad_request', `A ${row.type} notification takes one of: ${allowed.join(', ')}`);
      }
      const handler = handlers.get(row.type);
      const done: { dealId: string | null; outcome?: string } = handler
        ? await handler(action, { fundId, userId, notification: toNotification(row), question })
        : { dealId: row.dealId };
      const updated = await uow.run((tx) => repo.in(tx).markActed(row, action, done.dealId, done.outcome ?? null));
      await push(updated);
      const mine = updated.find((r) => r.id === row.id) ?? row;
      return { ok: true as const, notification: toNotification(mine), unread: await repo.unreadCount(userId), dealId: done.dealId ?? mine.dealId };
    },

    /** A module that owns a type's subject does its actions' work (hot/track for matches, intros for warm intros). */
    handleActions(type: NotificationType, handler: ActionHandler) {
      if (handlers.has(type)) throw new Error(`Actions of ${type} notifications are already handled`);
      handlers.set(type, handler);
    },

    /** The hook another module (Slack/Teams alerts) subscribes to: every new notification, once stored, once per fund. */
    onNotificationCreated(listener: NotificationCreatedListener) {
      createdListeners.push(listener);
    },

    /**
     * A scored deal that fits the fund's thesis at or above its alert threshold raises a match alert
     * (in scoring's transaction); a member from whom the deal is hidden (blind first look) is told it
     * fits, without its FitScore.
     */
    async matchIfFits(dealId: string, tx: Transaction) {
      const deal = await repo.in(tx).matchCandidate(dealId);
      if (!deal || deal.fitScore === null || deal.fitScore < deal.threshold) return;
      // What is not known about the deal (a stage or place we cannot read, no ask) does not count against it.
      const fits = deal.fitSector && deal.fitStage !== false && deal.fitGeography !== false && deal.fitTicket !== false;
      if (!fits) return;
      const facts = [deal.sector && `Sector: ${deal.sector}`, deal.stage && `Stage: ${deal.stage}`, deal.geography && `Geography: ${deal.geography}`].filter(
        (r): r is string => Boolean(r),
      );
      const title = `${deal.startupName} matches your thesis`;
      await raise(
        deal.fundId,
        undefined,
        {
          type: 'match',
          title,
          reason: [`FitScore ${deal.fitScore} under your weights (alert threshold ${deal.threshold})`, ...facts],
          details: deal.oneLiner || `${DEAL_ARRIVED_BY[deal.source]} scored ${deal.fitScore}.`,
          dealId: deal.dealId,
          introId: null,
        },
        {
          title,
          reason: [...facts, 'Its FitScore shows once you record your own Hot, Track or Cold'],
          details: deal.oneLiner || `${DEAL_ARRIVED_BY[deal.source]} fits your thesis.`,
        },
        tx,
      );
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
