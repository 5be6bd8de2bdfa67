import type { Database } from '@fitscore/db';
import { deckLinkAlerts, deckLinkPageTimes, deckLinks, deckLinkViewers, decks, users } from '@fitscore/db';
import { MAX_BEACON_MS, MAX_PAGE_MS } from '@fitscore/contracts';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';

/** Not revoked and not past its expiry: checked on every request, so a revocation holds at once. */
const isLive = () => and(isNull(deckLinks.revokedAt), or(isNull(deckLinks.expiresAt), gt(deckLinks.expiresAt, sql`now()`)));

/** Counted viewers only: a session whose page never reported time (a preview, a bot) is not a view. */
const views = sql<number>`(select count(*)::int from ${deckLinkViewers} where ${deckLinkViewers.linkId} = ${deckLinks.id} and ${deckLinkViewers.openedAt} is not null)`;
const lastViewedAt = sql<Date | null>`(select max(${deckLinkViewers.lastSeenAt}) from ${deckLinkViewers} where ${deckLinkViewers.linkId} = ${deckLinks.id} and ${deckLinkViewers.openedAt} is not null)`;

const listColumns = {
  id: deckLinks.id,
  recipientName: deckLinks.recipientName,
  recipientEmail: deckLinks.recipientEmail,
  emailRequired: deckLinks.emailRequired,
  hasPasscode: sql<boolean>`${deckLinks.passcodeHash} is not null`,
  allowDownload: deckLinks.allowDownload,
  pageCount: deckLinks.pageCount,
  createdAt: deckLinks.createdAt,
  expiresAt: deckLinks.expiresAt,
  revokedAt: deckLinks.revokedAt,
  firstOpenedAt: deckLinks.firstOpenedAt,
  deckVersion: decks.version,
  deckFilename: decks.filename,
  views,
  lastViewedAt: sql`${lastViewedAt}`.mapWith(deckLinks.createdAt),
};
export type DeckLinkRow = {
  id: string;
  recipientName: string;
  recipientEmail: string | null;
  emailRequired: boolean;
  hasPasscode: boolean;
  allowDownload: boolean;
  pageCount: number;
  createdAt: Date;
  expiresAt: Date | null;
  revokedAt: Date | null;
  firstOpenedAt: Date | null;
  deckVersion: number;
  deckFilename: string;
  views: number;
  lastViewedAt: Date | null;
};

export interface NewDeckLink {
  userId: string;
  deckId: string;
  tokenHash: string;
  recipientName: string;
  recipientEmail: string | null;
  emailRequired: boolean;
  passcodeHash: string | null;
  allowDownload: boolean;
  pageCount: number;
  expiresInDays: number | null;
}

export function createDeckLinksRepository(db: Database) {
  const withDeck = () => db.select(listColumns).from(deckLinks).innerJoin(decks, eq(decks.id, deckLinks.deckId));

  return {
    /**
     * Creates the link unless the founder already holds `max` live ones (undefined then). The
     * founder's row is locked for the count and the insert, so parallel requests cannot pass the cap together.
     */
    createWithinCap: (values: NewDeckLink, max: number): Promise<DeckLinkRow | undefined> =>
      db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, values.userId)).for('update');
        const [live] = await tx
          .select({ n: count() })
          .from(deckLinks)
          .where(and(eq(deckLinks.userId, values.userId), isLive()));
        if (Number(live?.n ?? 0) >= max) return undefined;
        const { expiresInDays, ...columns } = values;
        const [row] = await tx
          .insert(deckLinks)
          .values({ ...columns, expiresAt: expiresInDays === null ? null : sql`now() + make_interval(days => ${expiresInDays})` })
          .returning({ id: deckLinks.id });
        const [created] = await tx
          .select(listColumns)
          .from(deckLinks)
          .innerJoin(decks, eq(decks.id, deckLinks.deckId))
          .where(eq(deckLinks.id, row!.id));
        return created;
      }),

    listByUser: (userId: string): Promise<DeckLinkRow[]> =>
      withDeck().where(eq(deckLinks.userId, userId)).orderBy(desc(deckLinks.createdAt), desc(deckLinks.id)),

    findForUser: async (userId: string, id: string): Promise<DeckLinkRow | undefined> => {
      const [row] = await withDeck().where(and(eq(deckLinks.id, id), eq(deckLinks.userId, userId)));
      return row;
    },

    /** Undefined when the link is not this founder's. Revoking twice keeps the first time. */
    revoke: async (userId: string, id: string): Promise<boolean> => {
      const rows = await db
        .update(deckLinks)
        .set({ revokedAt: sql`coalesce(${deckLinks.revokedAt}, now())` })
        .where(and(eq(deckLinks.id, id), eq(deckLinks.userId, userId)))
        .returning({ id: deckLinks.id });
      return rows.length > 0;
    },

    /** A live link by its token's hash, with what the public side needs of it and its deck. */
    findLiveByTokenHash: async (tokenHash: string) => {
      const [row] = await db
        .select({
          id: deckLinks.id,
          userId: deckLinks.userId,
          recipientEmail: deckLinks.recipientEmail,
          emailRequired: deckLinks.emailRequired,
          passcodeHash: deckLinks.passcodeHash,
          allowDownload: deckLinks.allowDownload,
          pageCount: deckLinks.pageCount,
          expiresAt: deckLinks.expiresAt,
          deck: { id: decks.id, format: decks.format, filename: decks.filename, blobKey: decks.blobKey },
        })
        .from(deckLinks)
        .innerJoin(decks, eq(decks.id, deckLinks.deckId))
        .where(and(eq(deckLinks.tokenHash, tokenHash), isLive()));
      return row;
    },

    createViewer: async (values: { linkId: string; sessionHash: string; email: string | null; userAgent: string }) => {
      const [row] = await db.insert(deckLinkViewers).values(values).returning({ id: deckLinkViewers.id });
      return row!;
    },

    findViewer: async (linkId: string, sessionHash: string) => {
      const [row] = await db
        .select({ id: deckLinkViewers.id, email: deckLinkViewers.email })
        .from(deckLinkViewers)
        .where(and(eq(deckLinkViewers.linkId, linkId), eq(deckLinkViewers.sessionHash, sessionHash)));
      return row;
    },

    /**
     * Adds a beacon's visible time to a page. The time a viewer has recorded never exceeds their
     * session's age plus one beacon, nor MAX_PAGE_MS on a page: a page sending inflated numbers
     * cannot make a deck look read. The first beacon opens the viewer, and the first opened viewer
     * opens the link: `firstOpen` then names the alert raised for the founder.
     */
    recordBeacon: (linkId: string, viewerId: string, page: number, visibleMs: number) =>
      db.transaction(async (tx) => {
        const [viewer] = await tx
          .select({
            totalMs: deckLinkViewers.totalMs,
            ageMs: sql<number>`(extract(epoch from (now() - ${deckLinkViewers.createdAt})) * 1000)::int`,
          })
          .from(deckLinkViewers)
          .where(eq(deckLinkViewers.id, viewerId))
          .for('update');
        if (!viewer) return { firstOpen: null };
        const [onPage] = await tx
          .select({ ms: deckLinkPageTimes.visibleMs })
          .from(deckLinkPageTimes)
          .where(and(eq(deckLinkPageTimes.viewerId, viewerId), eq(deckLinkPageTimes.page, page)));
        const added = Math.max(
          0,
          Math.min(visibleMs, viewer.ageMs + MAX_BEACON_MS - viewer.totalMs, MAX_PAGE_MS - (onPage?.ms ?? 0)),
        );
        await tx
          .insert(deckLinkPageTimes)
          .values({ viewerId, page, visibleMs: added })
          .onConflictDoUpdate({
            target: [deckLinkPageTimes.viewerId, deckLinkPageTimes.page],
            set: { visibleMs: sql`${deckLinkPageTimes.visibleMs} + ${added}`, updatedAt: sql`now()` },
          });
        await tx
          .update(deckLinkViewers)
          .set({
            totalMs: sql`${deckLinkViewers.totalMs} + ${added}`,
            lastSeenAt: sql`now()`,
            openedAt: sql`coalesce(${deckLinkViewers.openedAt}, now())`,
          })
          .where(eq(deckLinkViewers.id, viewerId));
        const opened = await tx
          .update(deckLinks)
          .set({ firstOpenedAt: sql`now()` })
          .where(and(eq(deckLinks.id, linkId), isNull(deckLinks.firstOpenedAt)))
          .returning({ userId: deckLinks.userId });
        if (opened.length === 0) return { firstOpen: null };
        const [alert] = await tx
          .insert(deckLinkAlerts)
          .values({ userId: opened[0]!.userId, linkId, viewerId })
          .onConflictDoNothing()
          .returning({ id: deckLinkAlerts.id });
        return { firstOpen: alert ? { userId: opened[0]!.userId } : null };
      }),

    /** The link's counted viewers, first opened first, with their page times. */
    viewersOf: async (linkId: string) => {
      const viewers = await db
        .select({
          id: deckLinkViewers.id,
          email: deckLinkViewers.email,
          openedAt: deckLinkViewers.openedAt,
          lastSeenAt: deckLinkViewers.lastSeenAt,
          totalMs: deckLinkViewers.totalMs,
        })
        .from(deckLinkViewers)
        .where(and(eq(deckLinkViewers.linkId, linkId), isNotNull(deckLinkViewers.openedAt)))
        .orderBy(asc(deckLinkViewers.openedAt));
      const times = viewers.length
        ? await db
            .select({ viewerId: deckLinkPageTimes.viewerId, page: deckLinkPageTimes.page, ms: deckLinkPageTimes.visibleMs })
            .from(deckLinkPageTimes)
            .where(
              inArray(
                deckLinkPageTimes.viewerId,
                viewers.map((v) => v.id),
              ),
            )
        : [];
      return viewers.map((v) => ({ ...v, openedAt: v.openedAt!, times: times.filter((t) => t.viewerId === v.id) }));
    },

    alerts: (userId: string) =>
      db
        .select({
          id: deckLinkAlerts.id,
          linkId: deckLinkAlerts.linkId,
          recipientName: deckLinks.recipientName,
          viewerEmail: deckLinkViewers.email,
          openedAt: deckLinkAlerts.createdAt,
          readAt: deckLinkAlerts.readAt,
        })
        .from(deckLinkAlerts)
        .innerJoin(deckLinks, eq(deckLinks.id, deckLinkAlerts.linkId))
        .innerJoin(deckLinkViewers, eq(deckLinkViewers.id, deckLinkAlerts.viewerId))
        .where(eq(deckLinkAlerts.userId, userId))
        .orderBy(desc(deckLinkAlerts.createdAt))
        .limit(50),

    unreadAlerts: async (userId: string): Promise<number> => {
      const [row] = await db
        .select({ n: count() })
        .from(deckLinkAlerts)
        .where(and(eq(deckLinkAlerts.userId, userId), isNull(deckLinkAlerts.readAt)));
      return Number(row?.n ?? 0);
    },

    readAlerts: async (userId: string) => {
      await db
        .update(deckLinkAlerts)
        .set({ readAt: sql`now()` })
        .where(and(eq(deckLinkAlerts.userId, userId), isNull(deckLinkAlerts.readAt)));
    },

    /** Where the founder's first-open email goes (read only: accounts are the auth module's). */
    accountEmail: async (userId: string): Promise<string | undefined> => {
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
      return row?.email;
    },
  };
}
export type DeckLinksRepository = ReturnType<typeof createDeckLinksRepository>;
