import { dealActivity, dealComments, dealSources, dealStatusHistory, deals, fitScores, fundMembers, repository, users } from '@fitscore/db';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';

export type CommentRow = typeof dealComments.$inferSelect;
export type ActivityRow = typeof dealActivity.$inferSelect;

/** How a person is named: their name, or their email when they gave none. */
const personName = sql<string>`coalesce(nullif(${users.name}, ''), ${users.email})`;

/** How many of each kind of event the activity log reads for one deal. */
const ACTIVITY_LIMIT = 500;

/** Comments on a fund's deals, who is in the fund, and the facts a deal's activity log is read from. */
export const createCollabRepository = repository((db) => ({
  /** The fund's deal (another fund's or an unknown one is undefined). */
  deal: async (fundId: string, dealId: string) => {
    const [row] = await db
      .select({ id: deals.id, startupName: deals.startupName, oneLiner: deals.oneLiner, createdAt: deals.createdAt, source: deals.source })
      .from(deals)
      .where(and(eq(deals.id, dealId), eq(deals.fundId, fundId)));
    return row;
  },

  /** Which of `ids` are members of the fund, with their names. */
  members: async (fundId: string, ids: string[]): Promise<{ id: string; name: string }[]> =>
    ids.length
      ? db
          .select({ id: users.id, name: personName })
          .from(fundMembers)
          .innerJoin(users, eq(users.id, fundMembers.userId))
          .where(and(eq(fundMembers.fundId, fundId), inArray(fundMembers.userId, ids)))
      : [],

  /** People by id, members or not (the names a comment or an event shows). */
  people: async (ids: string[]): Promise<Map<string, string>> => {
    if (ids.length === 0) return new Map();
    const rows = await db.select({ id: users.id, name: personName }).from(users).where(inArray(users.id, ids));
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  comments: (dealId: string) =>
    db.select().from(dealComments).where(eq(dealComments.dealId, dealId)).orderBy(asc(dealComments.createdAt), asc(dealComments.id)),

  comment: async (dealId: string, commentId: string): Promise<CommentRow | undefined> => {
    const [row] = await db
      .select()
      .from(dealComments)
      .where(and(eq(dealComments.id, commentId), eq(dealComments.dealId, dealId)))
      .for('update');
    return row;
  },

  insertComment: async (values: typeof dealComments.$inferInsert): Promise<CommentRow> => {
    const [row] = await db.insert(dealComments).values(values).returning();
    return row!;
  },

  updateComment: async (id: string, body: string, mentions: string[]): Promise<CommentRow> => {
    const [row] = await db.update(dealComments).set({ body, mentions, editedAt: sql`now()` }).where(eq(dealComments.id, id)).returning();
    return row!;
  },

  deleteComment: async (id: string) => {
    await db.delete(dealComments).where(eq(dealComments.id, id));
  },

  addActivity: async (values: typeof dealActivity.$inferInsert) => {
    await db.insert(dealActivity).values(values);
  },

  /** The stored events (assignments, reviews, comments), newest first. */
  stored: (dealId: string) =>
    db.select().from(dealActivity).where(eq(dealActivity.dealId, dealId)).orderBy(desc(dealActivity.createdAt)).limit(ACTIVITY_LIMIT),

  /** Each arrival through an intake channel (the first and every merged duplicate). */
  arrivals: (dealId: string) =>
    db
      .select({ id: dealSources.id, channel: dealSources.channel, receivedAt: dealSources.receivedAt })
      .from(dealSources)
      .where(eq(dealSources.dealId, dealId))
      .orderBy(desc(dealSources.receivedAt))
      .limit(ACTIVITY_LIMIT),

  /** Each finished analysis of the deal's deck. */
  scorings: (dealId: string) =>
    db
      .select({ id: fitScores.id, overall: fitScores.overall, createdAt: fitScores.createdAt })
      .from(fitScores)
      .where(eq(fitScores.dealId, dealId))
      .orderBy(desc(fitScores.createdAt))
      .limit(ACTIVITY_LIMIT),

  statusChanges: (dealId: string) =>
    db
      .select()
      .from(dealStatusHistory)
      .where(eq(dealStatusHistory.dealId, dealId))
      .orderBy(desc(dealStatusHistory.createdAt))
      .limit(ACTIVITY_LIMIT),
}));
export type CollabRepository = ReturnType<typeof createCollabRepository>;
