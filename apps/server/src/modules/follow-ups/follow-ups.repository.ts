import type { DigestFrequency } from '@fitscore/contracts';
import { DEFAULT_DIGEST_FREQUENCY, DEFAULT_DIGEST_TIME_ZONE } from '@fitscore/contracts';
import { dealTouches, digestSends, digestSettings, followUpReminders, followUpRules, fundMembers, repository, users } from '@fitscore/db';
import { aliasedTable, and, asc, eq, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';

const assignee = aliasedTable(users, 'assignee');
const creator = aliasedTable(users, 'creator');
const finisher = aliasedTable(users, 'finisher');

const reminderColumns = {
  reminder: followUpReminders,
  assigneeName: assignee.name,
  creatorName: creator.name,
  finisherName: finisher.name,
};

export type ReminderRow = {
  reminder: typeof followUpReminders.$inferSelect;
  assigneeName: string | null;
  creatorName: string | null;
  finisherName: string | null;
};

/** The follow-ups tables (reminders, rules, touches, digest choices and sends): written here only. */
export const createFollowUpsRepository = repository((db) => {
  const reminders = () =>
    db
      .select(reminderColumns)
      .from(followUpReminders)
      .leftJoin(assignee, eq(assignee.id, followUpReminders.assigneeUserId))
      .leftJoin(creator, eq(creator.id, followUpReminders.createdByUserId))
      .leftJoin(finisher, eq(finisher.id, followUpReminders.doneByUserId));

  return {
    ofDeal: (fundId: string, dealId: string): Promise<ReminderRow[]> =>
      reminders()
        .where(and(eq(followUpReminders.fundId, fundId), eq(followUpReminders.dealId, dealId)))
        // Open ones first by due time, then done ones, most recently done first.
        .orderBy(sql`${followUpReminders.doneAt} is not null`, asc(followUpReminders.dueAt), sql`${followUpReminders.doneAt} desc`),

    get: async (fundId: string, id: string): Promise<ReminderRow | undefined> => {
      const [row] = await reminders().where(and(eq(followUpReminders.fundId, fundId), eq(followUpReminders.id, id)));
      return row;
    },

    /** The open reminders of the member (assigned to them, or theirs with nobody assigned) due by `now`. */
    dueFor: (fundId: string, userId: string, now: Date): Promise<ReminderRow[]> =>
      reminders()
        .where(
          and(
            eq(followUpReminders.fundId, fundId),
            isNull(followUpReminders.doneAt),
            lte(followUpReminders.dueAt, now),
            or(
              eq(followUpReminders.assigneeUserId, userId),
              and(isNull(followUpReminders.assigneeUserId), eq(followUpReminders.createdByUserId, userId)),
            ),
          ),
        )
        .orderBy(asc(followUpReminders.dueAt))
        .limit(100),

    insert: async (values: typeof followUpReminders.$inferInsert) => {
      const [row] = await db.insert(followUpReminders).values(values).returning({ id: followUpReminders.id });
      return row!.id;
    },

    update: async (fundId: string, id: string, values: Partial<Pick<typeof followUpReminders.$inferInsert, 'dueAt' | 'note' | 'assigneeUserId'>>) => {
      await db
        .update(followUpReminders)
        .set(values)
        .where(and(eq(followUpReminders.fundId, fundId), eq(followUpReminders.id, id)));
    },

    /** Marks it done once; false when it already was (or is not the fund's). */
    complete: async (fundId: string, id: string, userId: string, at: Date): Promise<{ dealId: string } | undefined> => {
      const [row] = await db
        .update(followUpReminders)
        .set({ doneAt: at, doneByUserId: userId })
        .where(and(eq(followUpReminders.fundId, fundId), eq(followUpReminders.id, id), isNull(followUpReminders.doneAt)))
        .returning({ dealId: followUpReminders.dealId });
      return row;
    },

    remove: async (fundId: string, id: string): Promise<boolean> => {
      const rows = await db
        .delete(followUpReminders)
        .where(and(eq(followUpReminders.fundId, fundId), eq(followUpReminders.id, id)))
        .returning({ id: followUpReminders.id });
      return rows.length > 0;
    },

    rule: async (fundId: string) => {
      const [row] = await db.select().from(followUpRules).where(eq(followUpRules.fundId, fundId));
      return row;
    },

    /** The rule (null: off). */
    saveRule: async (fundId: string, rule: { idleDays: number; stageIds: string[] } | null) => {
      if (!rule) {
        await db.delete(followUpRules).where(eq(followUpRules.fundId, fundId));
        return;
      }
      await db
        .insert(followUpRules)
        .values({ fundId, ...rule })
        .onConflictDoUpdate({ target: followUpRules.fundId, set: { ...rule, updatedAt: sql`now()` } });
    },

    touch: async (dealIds: string[], at: Date) => {
      if (!dealIds.length) return;
      await db
        .insert(dealTouches)
        .values(dealIds.map((dealId) => ({ dealId, touchedAt: at })))
        .onConflictDoUpdate({ target: dealTouches.dealId, set: { touchedAt: sql`greatest(${dealTouches.touchedAt}, excluded.touched_at)` } });
    },

    touchesOf: async (dealIds: string[]): Promise<Map<string, Date>> => {
      if (!dealIds.length) return new Map();
      const rows = await db.select().from(dealTouches).where(inArray(dealTouches.dealId, dealIds));
      return new Map(rows.map((r) => [r.dealId, r.touchedAt]));
    },

    /** The member's choice (no row: the default frequency) and saved zone (null: none saved). */
    digestOf: async (userId: string): Promise<{ frequency: DigestFrequency; timeZone: string | null }> => {
      const [row] = await db
        .select({ frequency: digestSettings.frequency, timeZone: digestSettings.timeZone })
        .from(digestSettings)
        .where(eq(digestSettings.userId, userId));
      return { frequency: row?.frequency ?? DEFAULT_DIGEST_FREQUENCY, timeZone: row?.timeZone ?? null };
    },

    /** Saves the frequency, and the zone when given (left out: the saved one stays). */
    saveDigest: async (userId: string, frequency: DigestFrequency, timeZone?: string) => {
      const zone = timeZone === undefined ? {} : { timeZone };
      await db
        .insert(digestSettings)
        .values({ userId, frequency, ...zone })
        .onConflictDoUpdate({ target: digestSettings.userId, set: { frequency, ...zone, updatedAt: sql`now()` } });
    },

    /** The zones members chose for a digest they get (null, or no row at all, is UTC and not listed). */
    digestZones: async (): Promise<string[]> => {
      const rows = await db
        .selectDistinct({ timeZone: digestSettings.timeZone })
        .from(digestSettings)
        .where(and(isNotNull(digestSettings.timeZone), ne(digestSettings.frequency, 'never')));
      return rows.flatMap((r) => (r.timeZone ? [r.timeZone] : []));
    },

    /**
     * Fund members whose digest for their period has not been claimed yet. `periods` lists, per
     * zone, the daily and weekly periods open now in it (null: not yet); a member's zone is their
     * saved one or UTC, `daily` members get their zone's day, `weekly` ones its week (members
     * without a choice get the default). Members of zones not listed (their hour has not come)
     * are not read.
     */
    digestsToClaim: (periods: { zone: string; daily: string | null; weekly: string | null }[], limit: number) => {
      if (!periods.length) return Promise.resolve([]);
      const zones = sql`(values ${sql.join(
        periods.map((p) => sql`(${p.zone}::text, ${p.daily}::text, ${p.weekly}::text)`),
        sql`, `,
      )}) as digest_periods(zone, daily, weekly)`;
      const frequency = sql<DigestFrequency>`coalesce(${digestSettings.frequency}, ${DEFAULT_DIGEST_FREQUENCY})`;
      const period = sql<string | null>`case ${frequency} when 'daily' then digest_periods.daily when 'weekly' then digest_periods.weekly end`;
      return db
        .select({ userId: fundMembers.userId, fundId: fundMembers.fundId, frequency, period, timeZone: sql<string>`digest_periods.zone` })
        .from(fundMembers)
        .leftJoin(digestSettings, eq(digestSettings.userId, fundMembers.userId))
        .innerJoin(zones, sql`digest_periods.zone = coalesce(${digestSettings.timeZone}, ${DEFAULT_DIGEST_TIME_ZONE})`)
        .where(
          and(
            sql`${period} is not null`,
            sql`not exists (select 1 from ${digestSends} where ${digestSends.userId} = ${fundMembers.userId} and ${digestSends.period} = ${period})`,
          ),
        )
        .limit(limit);
    },

    /** Claims the member's digest of a period; false when another host (or an earlier tick) already did. */
    claimDigest: async (userId: string, period: string): Promise<boolean> => {
      const rows = await db.insert(digestSends).values({ userId, period }).onConflictDoNothing().returning({ userId: digestSends.userId });
      return rows.length > 0;
    },

    /** Whether the claimed digest went out; marks it sent (false: already sent, by an earlier try). */
    markDigestSent: async (userId: string, period: string): Promise<boolean> => {
      const rows = await db
        .update(digestSends)
        .set({ sentAt: sql`now()` })
        .where(and(eq(digestSends.userId, userId), eq(digestSends.period, period), isNull(digestSends.sentAt)))
        .returning({ userId: digestSends.userId });
      return rows.length > 0;
    },

    digestSent: async (userId: string, period: string): Promise<boolean> => {
      const [row] = await db
        .select({ sentAt: digestSends.sentAt })
        .from(digestSends)
        .where(and(eq(digestSends.userId, userId), eq(digestSends.period, period)));
      return Boolean(row?.sentAt);
    },

    /** The member's address and name (the digest's recipient). */
    recipient: async (userId: string) => {
      const [row] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
      return row;
    },
  };
});
export type FollowUpsRepository = ReturnType<typeof createFollowUpsRepository>;
