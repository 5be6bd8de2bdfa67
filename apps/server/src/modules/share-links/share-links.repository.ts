import type { Database } from '@fitscore/db';
import { shareLinks, users } from '@fitscore/db';
import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';

/** A link as the founder's list shows it: the snapshot itself stays in the database. */
const listColumns = {
  id: shareLinks.id,
  scoreId: shareLinks.scoreId,
  views: shareLinks.views,
  lastViewedAt: shareLinks.lastViewedAt,
  createdAt: shareLinks.createdAt,
  revokedAt: shareLinks.revokedAt,
  expiresAt: shareLinks.expiresAt,
  overall: sql<number>`(${shareLinks.snapshot} -> 'score' ->> 'overall')::int`,
  scoreCreatedAt: sql<string>`${shareLinks.snapshot} -> 'score' ->> 'createdAt'`,
};
export type ShareLinkRow = {
  id: string;
  scoreId: string;
  views: number;
  lastViewedAt: Date | null;
  createdAt: Date;
  revokedAt: Date | null;
  expiresAt: Date | null;
  overall: number;
  scoreCreatedAt: string;
};

/** Not revoked and not past its expiry. */
const isLive = () => and(isNull(shareLinks.revokedAt), or(isNull(shareLinks.expiresAt), gt(shareLinks.expiresAt, sql`now()`)));

export function createShareLinksRepository(db: Database) {
  return {
    /**
     * Creates the link unless the founder already holds `max` live ones (undefined then).
     * The founder's user row is locked for the count and the insert, so parallel requests
     * are counted one after the other and can never pass the cap together.
     */
    createWithinCap: (
      values: { userId: string; tokenHash: string; scoreId: string; snapshot: unknown; expiresInDays: number | null },
      max: number,
    ): Promise<ShareLinkRow | undefined> =>
      db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, values.userId)).for('update');
        const [live] = await tx
          .select({ n: count() })
          .from(shareLinks)
          .where(and(eq(shareLinks.userId, values.userId), isLive()));
        if (Number(live?.n ?? 0) >= max) return undefined;
        const { expiresInDays, ...columns } = values;
        const [row] = await tx
          .insert(shareLinks)
          .values({
            ...columns,
            expiresAt: expiresInDays === null ? null : sql`now() + make_interval(days => ${expiresInDays})`,
          })
          .returning(listColumns);
        return row;
      }),

    listByUser: (userId: string): Promise<ShareLinkRow[]> =>
      db.select(listColumns).from(shareLinks).where(eq(shareLinks.userId, userId)).orderBy(desc(shareLinks.createdAt), desc(shareLinks.id)),

    /** Undefined when the link is not this founder's. Revoking twice keeps the first time. */
    revoke: async (userId: string, id: string): Promise<ShareLinkRow | undefined> => {
      const [row] = await db
        .update(shareLinks)
        .set({ revokedAt: sql`coalesce(${shareLinks.revokedAt}, now())` })
        .where(and(eq(shareLinks.id, id), eq(shareLinks.userId, userId)))
        .returning(listColumns);
      return row;
    },

    findLiveByTokenHash: async (tokenHash: string) => {
      const [row] = await db
        .select({ id: shareLinks.id, userId: shareLinks.userId, snapshot: shareLinks.snapshot, createdAt: shareLinks.createdAt })
        .from(shareLinks)
        .where(and(eq(shareLinks.tokenHash, tokenHash), isLive()));
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
