import { dealScores, deals, fundMembers, funds, notifications, repository } from '@fitscore/db';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Pick<typeof notifications.$inferInsert, 'type' | 'title' | 'reason' | 'details' | 'dealId' | 'introId'>;

/** How many notifications the list answers with (newest first); the unread count covers all. */
const LIST_LIMIT = 100;

export const createNotificationsRepository = repository((db) => ({
  /** Who a notification goes to: every member of the fund, or those of `userIds` who are its members. */
  recipients: async (fundId: string, userIds?: string[]): Promise<string[]> => {
    if (userIds?.length === 0) return [];
    const members = await db
      .select({ userId: fundMembers.userId })
      .from(fundMembers)
      .where(and(eq(fundMembers.fundId, fundId), userIds && inArray(fundMembers.userId, userIds)));
    return members.map((m) => m.userId);
  },

  /** One row for each member, each with its own values; a deal's match alert is raised once per member. */
  insert: async (fundId: string, rows: (NewNotification & { userId: string })[]): Promise<NotificationRow[]> =>
    rows.length
      ? db
          .insert(notifications)
          .values(rows.map((r) => ({ ...r, fundId })))
          .onConflictDoNothing()
          .returning()
      : [],

  /** Where a notification's deal sits now (the blind first look depends on it). */
  dealPlace: async (dealId: string) => {
    const [row] = await db.select({ id: deals.id, pipelineStageId: deals.pipelineStageId, status: deals.status }).from(deals).where(eq(deals.id, dealId));
    return row;
  },

  list: async (userId: string): Promise<NotificationRow[]> =>
    db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(LIST_LIMIT),

  unreadCount: async (userId: string): Promise<number> => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.unread, true)));
    return row?.n ?? 0;
  },

  byIds: async (ids: string[]): Promise<NotificationRow[]> =>
    ids.length ? db.select().from(notifications).where(inArray(notifications.id, ids)) : [],

  /** The caller's own notification (another member's or another fund's is not found). */
  get: async (userId: string, fundId: string, id: string): Promise<NotificationRow | undefined> => {
    const [row] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId), eq(notifications.fundId, fundId)));
    return row;
  },

  /** The action is the fund's: every member's row about the same subject is marked read with it. */
  markActed: async (row: NotificationRow, action: NonNullable<NotificationRow['action']>, dealId: string | null, outcome: string | null): Promise<NotificationRow[]> => {
    // A mention or an assignment is the member's own: acting on it marks only that row.
    const personal = row.type === 'mention' || row.type === 'assigned';
    const subject = personal
      ? eq(notifications.id, row.id)
      : row.introId
        ? eq(notifications.introId, row.introId)
        : row.dealId
          ? eq(notifications.dealId, row.dealId)
          : eq(notifications.id, row.id);
    return db
      .update(notifications)
      .set({ unread: false, action, outcome, actedAt: sql`now()`, dealId: sql`coalesce(${notifications.dealId}, ${dealId}::uuid)` })
      .where(and(eq(notifications.fundId, row.fundId), eq(notifications.type, row.type), subject))
      .returning();
  },

  /** A deal as a match alert reads it: its FitScore under the fund's weights, thesis fit and the fund's threshold. */
  matchCandidate: async (dealId: string) => {
    const [row] = await db
      .select({
        dealId: deals.id,
        fundId: deals.fundId,
        startupName: deals.startupName,
        sector: deals.sector,
        stage: deals.stage,
        geography: deals.geography,
        oneLiner: deals.oneLiner,
        source: deals.source,
        fitScore: dealScores.fitScore,
        fitSector: deals.fitSector,
        fitStage: deals.fitStage,
        fitGeography: deals.fitGeography,
        fitTicket: deals.fitTicket,
        threshold: funds.alertThreshold,
      })
      .from(deals)
      .innerJoin(funds, eq(funds.id, deals.fundId))
      .innerJoin(dealScores, eq(dealScores.dealId, deals.id))
      .where(eq(deals.id, dealId));
    return row;
  },
}));
export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
