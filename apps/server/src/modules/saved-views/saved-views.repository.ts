import type { SavedViewState } from '@fitscore/contracts';
import { repository, savedViewDefaults, savedViews, users } from '@fitscore/db';
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';

export type SavedViewRow = typeof savedViews.$inferSelect & { authorName: string | null };

const visibleTo = (fundId: string, userId: string) => and(eq(savedViews.fundId, fundId), or(eq(savedViews.userId, userId), eq(savedViews.shared, true)));

/** The fund members' saved pipeline views and each member's default (issue 31 point 2). */
export const createSavedViewsRepository = repository((db) => {
  const withAuthor = () =>
    db
      .select({ view: savedViews, authorName: users.name })
      .from(savedViews)
      .leftJoin(users, eq(users.id, savedViews.userId));
  const flat = (rows: { view: typeof savedViews.$inferSelect; authorName: string | null }[]): SavedViewRow[] => rows.map((r) => ({ ...r.view, authorName: r.authorName }));

  return {
    /**
     * The member's own views and those shared with the fund, by name, and the member's default, in one
     * statement (the pipeline asks both each time it opens): a row per view, or one without a view when
     * there is none, each carrying the default.
     */
    visibleWithDefault: async (fundId: string, userId: string) => {
      const rows = await db
        .select({ view: savedViews, authorName: users.name, defaultViewId: savedViewDefaults.viewId, defaultBuiltIn: savedViewDefaults.builtIn })
        .from(sql`(select 1) as one`)
        .leftJoin(savedViewDefaults, and(eq(savedViewDefaults.fundId, fundId), eq(savedViewDefaults.userId, userId)))
        .leftJoin(savedViews, visibleTo(fundId, userId))
        .leftJoin(users, eq(users.id, savedViews.userId))
        .orderBy(asc(sql`lower(${savedViews.name})`), asc(savedViews.createdAt));
      const first = rows[0];
      return {
        views: flat(rows.flatMap((r) => (r.view ? [{ view: r.view, authorName: r.authorName }] : []))),
        chosen: first && (first.defaultViewId !== null || first.defaultBuiltIn !== null) ? { viewId: first.defaultViewId, builtIn: first.defaultBuiltIn } : undefined,
      };
    },

    /** One view the member can see. */
    visibleOne: async (fundId: string, userId: string, id: string) => flat(await withAuthor().where(and(visibleTo(fundId, userId), eq(savedViews.id, id))))[0],

    ownCount: async (fundId: string, userId: string): Promise<number> => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(savedViews)
        .where(and(eq(savedViews.fundId, fundId), eq(savedViews.userId, userId)));
      return row?.n ?? 0;
    },

    /** The member's own view of that name (case aside), other than `exceptId`. */
    ownNamed: async (fundId: string, userId: string, name: string, exceptId?: string) => {
      const [row] = await db
        .select({ id: savedViews.id })
        .from(savedViews)
        .where(
          and(
            eq(savedViews.fundId, fundId),
            eq(savedViews.userId, userId),
            sql`lower(${savedViews.name}) = lower(${name})`,
            exceptId ? ne(savedViews.id, exceptId) : undefined,
          ),
        );
      return row;
    },

    insert: async (values: { fundId: string; userId: string; name: string; shared: boolean; state: SavedViewState }) => {
      const [row] = await db.insert(savedViews).values(values).returning({ id: savedViews.id });
      return row!.id;
    },

    /** Changes one of the member's own views; false when it is not theirs. */
    update: async (fundId: string, userId: string, id: string, values: Partial<{ name: string; shared: boolean; state: SavedViewState }>) => {
      const rows = await db
        .update(savedViews)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(savedViews.id, id), eq(savedViews.fundId, fundId), eq(savedViews.userId, userId)))
        .returning({ id: savedViews.id });
      return rows.length > 0;
    },

    remove: async (fundId: string, userId: string, id: string) => {
      const rows = await db
        .delete(savedViews)
        .where(and(eq(savedViews.id, id), eq(savedViews.fundId, fundId), eq(savedViews.userId, userId)))
        .returning({ id: savedViews.id });
      return rows.length > 0;
    },

    /** A view no longer shared is no longer the default of the members who cannot see it now. */
    dropOthersDefaults: async (viewId: string, authorId: string) => {
      await db.delete(savedViewDefaults).where(and(eq(savedViewDefaults.viewId, viewId), ne(savedViewDefaults.userId, authorId)));
    },

    setDefault: async (fundId: string, userId: string, value: { viewId: string | null; builtIn: string | null } | null) => {
      if (!value) {
        await db.delete(savedViewDefaults).where(and(eq(savedViewDefaults.fundId, fundId), eq(savedViewDefaults.userId, userId)));
        return;
      }
      await db
        .insert(savedViewDefaults)
        .values({ fundId, userId, ...value })
        .onConflictDoUpdate({ target: [savedViewDefaults.fundId, savedViewDefaults.userId], set: value });
    },
  };
});
export type SavedViewsRepository = ReturnType<typeof createSavedViewsRepository>;
