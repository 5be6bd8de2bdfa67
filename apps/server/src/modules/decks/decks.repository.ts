import { decks, repository } from '@fitscore/db';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ScoringOwner } from '../../lib/scoring-owner.ts';
import { ownedBy, ownerValues } from '../../lib/scoring-owner.sql.ts';

export type DeckRow = typeof decks.$inferSelect;
export type NewDeck = Omit<typeof decks.$inferInsert, 'version' | 'userId'>;

export const createDecksRepository = repository((db) => ({
  /** Inserts the owner's next version; the unique (owner, version) index settles races. */
  insertNextVersion: async (owner: ScoringOwner, values: NewDeck): Promise<DeckRow> => {
    const [row] = await db
      .insert(decks)
      .values({
        ...values,
        ...ownerValues(owner),
        version: sql`(select coalesce(max(${decks.version}), 0) + 1 from ${decks} where ${ownedBy(decks, owner)})`,
      })
      .returning();
    return row!;
  },
  current: async (owner: ScoringOwner): Promise<DeckRow | undefined> => {
    const [row] = await db
      .select()
      .from(decks)
      .where(and(ownedBy(decks, owner), isNull(decks.removedAt)))
      .orderBy(desc(decks.version))
      .limit(1);
    return row;
  },
  get: async (owner: ScoringOwner, deckId: string): Promise<DeckRow | undefined> => {
    const [row] = await db.select().from(decks).where(and(ownedBy(decks, owner), eq(decks.id, deckId)));
    return row;
  },
  list: (owner: ScoringOwner): Promise<DeckRow[]> =>
    db.select().from(decks).where(ownedBy(decks, owner)).orderBy(desc(decks.version)),
  count: async (owner: ScoringOwner): Promise<number> => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(decks).where(ownedBy(decks, owner));
    return row?.n ?? 0;
  },
  markRemoved: async (owner: ScoringOwner) => {
    await db
      .update(decks)
      .set({ removedAt: sql`now()` })
      .where(and(ownedBy(decks, owner), isNull(decks.removedAt)));
  },
  /** Which of these blob keys a deck row (of any owner) still names. */
  keysInUse: async (keys: string[]): Promise<Set<string>> => {
    if (keys.length === 0) return new Set();
    const rows = await db.select({ key: decks.blobKey }).from(decks).where(inArray(decks.blobKey, keys));
    return new Set(rows.map((row) => row.key));
  },
  deleteMany: async (ids: string[]) => {
    if (ids.length === 0) return;
    await db.delete(decks).where(inArray(decks.id, ids));
  },
}));
export type DecksRepository = ReturnType<typeof createDecksRepository>;
