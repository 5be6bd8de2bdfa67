import { applicantReplies, applicantReplyTemplates, deals, intakeItems, repository } from '@fitscore/db';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';

export type TemplatesRow = typeof applicantReplyTemplates.$inferSelect;
export type ReplyRow = typeof applicantReplies.$inferSelect;
export type NewReply = typeof applicantReplies.$inferInsert;

/** The only writer of applicant_reply_templates and applicant_replies. */
export const createApplicantRepliesRepository = repository((db) => ({
  templates: async (fundId: string): Promise<TemplatesRow | undefined> =>
    (await db.select().from(applicantReplyTemplates).where(eq(applicantReplyTemplates.fundId, fundId)))[0],

  saveTemplates: async (row: typeof applicantReplyTemplates.$inferInsert) => {
    const { fundId: _fundId, ...set } = row;
    await db
      .insert(applicantReplyTemplates)
      .values(row)
      .onConflictDoUpdate({ target: applicantReplyTemplates.fundId, set: { ...set, updatedAt: sql`now()` } });
  },

  deleteTemplates: async (fundId: string) => {
    await db.delete(applicantReplyTemplates).where(eq(applicantReplyTemplates.fundId, fundId));
  },

  /** The intake item a receipt is for, with its deal's name (null until the item became a deal). */
  intakeItem: async (itemId: string) =>
    (
      await db
        .select({
          id: intakeItems.id,
          fundId: intakeItems.fundId,
          channel: intakeItems.channel,
          reference: intakeItems.reference,
          sender: intakeItems.sender,
          dealId: intakeItems.dealId,
          outcome: intakeItems.outcome,
          companyName: intakeItems.companyName,
          contactEmail: deals.contactEmail,
          startupName: deals.startupName,
        })
        .from(intakeItems)
        .leftJoin(deals, eq(deals.id, intakeItems.dealId))
        .where(eq(intakeItems.id, itemId))
    )[0],

  deal: async (fundId: string, dealId: string) =>
    (
      await db
        .select({ id: deals.id, fundId: deals.fundId, startupName: deals.startupName, status: deals.status })
        .from(deals)
        .where(and(eq(deals.id, dealId), eq(deals.fundId, fundId)))
    )[0],

  /** Inserts the reply unless one of its kind exists already (a receipt per item, a decline per deal); returns it when new. */
  insertOnce: async (reply: NewReply): Promise<ReplyRow | undefined> =>
    (await db.insert(applicantReplies).values(reply).onConflictDoNothing().returning())[0],

  reply: async (id: string) => (await db.select().from(applicantReplies).where(eq(applicantReplies.id, id)))[0],

  /** The fund's deals among these ids that are Cold now: the ones a decline is still to be told for. */
  coldDeals: async (fundId: string, dealIds: string[]) =>
    db
      .select({ id: deals.id, startupName: deals.startupName })
      .from(deals)
      .where(and(inArray(deals.id, dealIds), eq(deals.fundId, fundId), eq(deals.status, 'cold'))),

  /** The receipts these deals' applicants were sent, oldest first: whom a decline goes to. */
  receiptsOf: async (dealIds: string[]) =>
    db
      .select({ dealId: applicantReplies.dealId, toAddress: applicantReplies.toAddress, reference: applicantReplies.reference })
      .from(applicantReplies)
      .where(and(inArray(applicantReplies.dealId, dealIds), eq(applicantReplies.kind, 'receipt')))
      .orderBy(asc(applicantReplies.createdAt)),

  ofDeal: async (dealId: string) =>
    db.select().from(applicantReplies).where(eq(applicantReplies.dealId, dealId)).orderBy(asc(applicantReplies.createdAt)),

  /** Moves a scheduled reply to its final state; false when it was no longer scheduled. */
  settle: async (id: string, state: 'sent' | 'cancelled' | 'failed') =>
    (
      await db
        .update(applicantReplies)
        .set({ state, sentAt: state === 'sent' ? sql`now()` : null })
        .where(and(eq(applicantReplies.id, id), eq(applicantReplies.state, 'scheduled')))
        .returning({ id: applicantReplies.id })
    ).length > 0,
}));
export type ApplicantRepliesRepository = ReturnType<typeof createApplicantRepliesRepository>;
