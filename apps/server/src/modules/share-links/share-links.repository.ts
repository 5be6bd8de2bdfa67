import type { Database } from '@fitscore/db';
import { shareLinks } from '@fitscore/db';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';

/** A link as the founder's list shows it: the snapshot itself stays in the database. */
const listColumns = {
  id: shareLinks.id,
  token: shareLinks.token,
  scoreId: shareLinks.scoreId,
  views: shareLinks.views,
  lastViewedAt: shareLinks.lastViewedAt,
  createdAt: shareLinks.createdAt,
  revokedAt: shareLinks.revokedAt,
  overall: sql<number>`(${shareLinks.snapshot} -> 'score' ->> 'overall')::int`,
  scoreCreatedAt: sql<string>`${shareLinks.snapshot} -> 'score' ->> 'created_at'`,
};
export type ShareLinkRow = {
  id: string;
  token: string;
  scoreId: string;
  views: number;
  lastViewedAt: Date | null;
  createdAt: Date;
  revokedAt: Date | null;
  overall: number;
  scoreCreatedAt: string;
};

export function createShareLinksRepository(db: Database) {
  return {
    create: async (values: { userId: string; token: string; scoreId: string; snapshot: unknown }): Promise<ShareLinkRow> => {
      const [row] = await db.insert(shareLinks).values(values).returning(listColumns);
      return row!;
    },

    listByUser: (userId: string): Promise<ShareLinkRow[]> =>
      db.select(listColumns).from(shareLinks).where(eq(shareLinks.userId, userId)).orderBy(desc(shareLinks.createdAt), desc(shareLinks.id)),

    countActive: async (userId: string): Promise<number> => {
      const [row] = await db
        .select({ n: count() })
        .from(shareLinks)
        .where(and(eq(shareLinks.userId, userId), isNull(shareLinks.revokedAt)));
      return Number(row?.n ?? 0);
    },

    /** Undefined when the link is not this founder's. Revoking twice keeps the first time. */
    revoke: async (userId: string, id: string): Promise<ShareLinkRow | undefined> => {
      const [row] = await db
        .update(shareLinks)
        .set({ revokedAt: sql`coalesce(${shareLinks.revokedAt}, now())` })
        .where(and(eq(shareLinks.id, id), eq(shareLinks.userId, userId)))
        .returning(listColumns);
      return row;
    },

    findActiveByToken: async (token: string) => {
      const [row] = await db
        .select({ id: shareLinks.id, userId: shareLinks.userId, snapshot: shareLinks.snapshot, createdAt: shareLinks.createdAt })
        .from(shareLinks)
        .where(and(eq(shareLinks.token, token), isNull(shareLinks.revokedAt)));
      return row;
    },

    /** One more view, counted in the database so parallel views are never lost. */
    countView: async (id: string) => {
      await db
        .update(shareLinks)
        .set({ views: sql`${shareLinks.views} + 1`, lastViewedAt: sql`now()` })
        .where(and(eq(shareLinks.id, id), isNull(shareLinks.revokedAt)));
    },
  };
}
export type ShareLinksRepository = ReturnType<typeof createShareLinksRepository>;
