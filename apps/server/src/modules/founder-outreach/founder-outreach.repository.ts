import {
  applicantReplies,
  dealDeclines,
  deals,
  dealStatusHistory,
  emailVerifications,
  fundOutreachSettings,
  funds,
  intakeItems,
  intros,
  repository,
  users,
} from '@fitscore/db';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';

export type OutreachSettingsRow = typeof fundOutreachSettings.$inferSelect;

/**
 * Reads what a founder's company sent to funds (intake items, intros) and what became of it (the
 * deals, their declines): never writes them. The only writer of fund_outreach_settings.
 */
export const createFounderOutreachRepository = repository((db) => ({
  /** The account's address, and whether it was verified (an account made before verification existed was never asked: not verified). */
  founder: async (userId: string) =>
    (
      await db
        .select({ email: users.email, verifiedAt: emailVerifications.verifiedAt })
        .from(users)
        .leftJoin(emailVerifications, eq(emailVerifications.userId, users.id))
        .where(eq(users.id, userId))
    )[0],

  /** Applications by form or email from this address that became (or joined) a deal. */
  applicationsFrom: async (email: string) =>
    db
      .select({ fundId: intakeItems.fundId, dealId: intakeItems.dealId, channel: intakeItems.channel, receivedAt: intakeItems.receivedAt })
      .from(intakeItems)
      .where(
        and(
          sql`lower(trim(${intakeItems.sender})) = ${email}`,
          inArray(intakeItems.channel, ['form', 'email']),
          isNotNull(intakeItems.dealId),
        ),
      ),

  introsOf: async (founderUserId: string) =>
    db
      .select({ id: intros.id, fundId: intros.fundId, status: intros.status, dealId: intros.dealId, createdAt: intros.createdAt, decidedAt: intros.decidedAt })
      .from(intros)
      .where(eq(intros.founderUserId, founderUserId))
      .orderBy(desc(intros.createdAt)),

  /** Where each deal stands: its triage, whether review started, and the decline the fund recorded (reasons only, never its note). */
  dealsByIds: async (dealIds: string[]) =>
    dealIds.length === 0
      ? []
      : db
          .select({
            id: deals.id,
            fundId: deals.fundId,
            status: deals.status,
            reviewedAt: deals.reviewedAt,
            declineReasons: dealDeclines.reasons,
            declinedAt: dealDeclines.createdAt,
            // When it last went to Cold (a move without reasons has no decline row).
            movedToColdAt: sql<Date | null>`(select max(h.created_at) from ${dealStatusHistory} h where h.deal_id = ${deals.id} and h.to_status = 'cold')`.mapWith(
              (v: string | Date | null) => (v === null ? null : new Date(v)),
            ),
          })
          .from(deals)
          .leftJoin(dealDeclines, eq(dealDeclines.dealId, deals.id))
          .where(inArray(deals.id, dealIds)),

  /** Decline emails not sent yet, with when each is due (the fund's delay: its window to undo the no). */
  declinesScheduled: async (dealIds: string[]) =>
    dealIds.length === 0
      ? []
      : db
          .select({ dealId: applicantReplies.dealId, dueAt: applicantReplies.dueAt })
          .from(applicantReplies)
          .where(and(inArray(applicantReplies.dealId, dealIds), eq(applicantReplies.kind, 'decline'), eq(applicantReplies.state, 'scheduled'))),

  /** The funds' names and whether each shows 'Under review' (null: no choice made). */
  fundsByIds: async (fundIds: string[]) =>
    fundIds.length === 0
      ? []
      : db
          .select({ id: funds.id, fundName: funds.fundName, showUnderReview: fundOutreachSettings.showUnderReview })
          .from(funds)
          .leftJoin(fundOutreachSettings, eq(fundOutreachSettings.fundId, funds.id))
          .where(inArray(funds.id, fundIds)),

  settings: async (fundId: string): Promise<OutreachSettingsRow | undefined> =>
    (await db.select().from(fundOutreachSettings).where(eq(fundOutreachSettings.fundId, fundId)))[0],

  saveSettings: async (fundId: string, userId: string, showUnderReview: boolean): Promise<OutreachSettingsRow> =>
    (
      await db
        .insert(fundOutreachSettings)
        .values({ fundId, showUnderReview, updatedByUserId: userId })
        .onConflictDoUpdate({ target: fundOutreachSettings.fundId, set: { showUnderReview, updatedByUserId: userId, updatedAt: sql`now()` } })
        .returning()
    )[0]!,
}));
export type FounderOutreachRepository = ReturnType<typeof createFounderOutreachRepository>;
