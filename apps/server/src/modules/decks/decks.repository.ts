import type { Database } from '@fitscore/db';
import { decks } from '@fitscore/db';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';

export type DeckRow = typeof decks.$inferSelect;

export function createDecksRepository(db: Database) {
  return {
    /** Inserts the next version for this founder; the unique (user, version) index settles races. */
    insertNextVersion: async (values: Omit<typeof decks.$inferInsert, 'version'>): Promise<DeckRow> => {
      const [row] = await db
        .insert(decks)
        .values({
          ...values,
          version: sql`(select coalesce(max(${decks.version}), 0) + 1 from ${decks} where ${decks.userId} = ${values.userId})`,
        })
        .returning();
      return row!;
    },
    current: async (userId: string): Promise<DeckRow | undefined> => {
      const [row] = await db
        .select()
        .from(decks)
        .where(and(eq(decks.userId, userId), isNull(decks.removedAt)))
        .orderBy(desc(decks.version))
        .limit(1);
      return row;
    },
    get: async (userId: string, deckId: string): Promise<DeckRow | undefined> => {
      const [row] = await db.select().from(decks).where(and(eq(decks.userId, userId), eq(decks.id, deckId)));
      return row;
    },
    list: (userId: string): Promise<DeckRow[]> =>
      db.select().from(decks).where(eq(decks.userId, userId)).orderBy(desc(decks.version)),
    count: async (userId: string): Promise<number> => {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(decks).where(eq(decks.userId, userId));
      return row?.n ?? 0;
    },
    markRemoved: async (userId: string) => {
      await db
        .update(decks)
        .set({ removedAt: sql`now()` })
        .where(and(eq(decks.userId, userId), isNull(decks.removedAt)));
    },
    deleteMany: async (ids: string[]) => {
      if (ids.length === 0) return;
      await db.delete(decks).where(inArray(decks.id, ids));
    },
  };
}
export type DecksRepository = ReturnType<typeof createDecksRepository>;
