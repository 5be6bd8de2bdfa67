import {
  DECK_LINK_EMAIL_NEEDED,
  DECK_LINK_GONE,
  DECK_LINK_NO_DOWNLOAD,
  DECK_LINK_NOT_FOUND,
  DECK_LINK_OPENED_EVENT,
  DECK_LINK_SESSION_NEEDED,
  DECK_LINK_WRONG_PASSCODE,
  MAX_ACTIVE_DECK_LINKS,
  PAGE_SEEN_MS,
  type CreateDeckLink,
  type DeckBeacon,
  type DeckLink,
  type DeckLinkAlert,
  type DeckLinkViewer,
  type OpenDeckLink,
  type PublicDeckLink,
} from '@fitscore/contracts';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../../lib/app-error.ts';
import { founderOwner } from '../../lib/scoring-owner.ts';
import { AttemptLimiter } from '../auth/attempt-limiter.ts';
import { hashPassword, verifyPassword } from '../auth/credentials.ts';
import type { DeckPageImages } from '../decks/deck-page-images.service.ts';
import type { DecksService } from '../decks/decks.service.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import type { DeckLinkRow, DeckLinksRepository } from './deck-links.repository.ts';
import { watermarkPage } from './watermark.ts';

export const NO_DECK_TO_LINK = 'Upload your deck first: a deck link shows your current deck.';

// 32 random bytes in base64url are 43 characters.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Watermarked pages kept in memory, by viewer and page: paging back and forth draws nothing twice. */
const WATERMARK_CACHE_BYTES = 64 * 1024 * 1024;
/** Wrong passcodes a link takes in a quarter of an hour, from every address together. */
const WRONG_PASSCODES = { max: 10, windowMs: 15 * 60_000 };

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** A viewer whose session header matched a live link: what the page, beacon and download routes act for. */
export interface ViewerContext {
  link: NonNullable<Awaited<ReturnType<DeckLinksRepository['findLiveByTokenHash']>>>;
  viewer: { id: string; email: string | null };
}

export interface DeckLinksServiceDeps {
  repo: DeckLinksRepository;
  decks: Pick<DecksService, 'current' | 'read'>;
  pageImages: DeckPageImages;
  profiles: Pick<ProfilesService, 'current'>;
  mailer: Mailer;
  events: Pick<EventBus, 'publish'>;
  publicWebUrl: string;
  log: { warn(obj: object, msg: string): void };
}

export function createDeckLinksService({ repo, decks, pageImages, profiles, mailer, events, publicWebUrl, log }: DeckLinksServiceDeps) {
  const base = publicWebUrl.replace(/\/+$/, '');
  const watermarked = new LRUCache<string, Uint8Array>({ maxSize: WATERMARK_CACHE_BYTES, sizeCalculation: (png) => png.byteLength });
  const gone = () => new AppError('not_found', DECK_LINK_GONE);
  // Counted where every API host sees it (the app's shared attempt log).
  const wrongPasscodes = new AttemptLimiter(WRONG_PASSCODES.max, WRONG_PASSCODES.windowMs, Date.now, 'deck-link-passcode');

  const toView = (row: DeckLinkRow, token: string | null = null): DeckLink => ({
    id: row.id,
    url: token ? `${base}/d/${token}` : null,
    recipient_name: row.recipientName,
    recipient_email: row.recipientEmail,
    email_required: row.emailRequired,
    has_passcode: row.hasPasscode,
    allow_download: row.allowDownload,
    deck: { version: row.deckVersion, filename: row.deckFilename, pages: row.pageCount },
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    first_opened_at: row.firstOpenedAt?.toISOString() ?? null,
    views: row.views,
    last_viewed_at: row.lastViewedAt?.toISOString() ?? null,
  });

  async function liveLink(token: string) {
    if (!TOKEN_PATTERN.test(token)) throw gone();
    const link = await repo.findLiveByTokenHash(sha256(token));
    if (!link) throw gone();
    return link;
  }

  async function toPublic(link: ViewerContext['link']): Promise<PublicDeckLink> {
    const profile = await profiles.current(link.userId);
    return {
      company: profile?.startup_name || 'A FitScore founder',
      pages: link.pageCount,
      email_required: link.emailRequired,
      passcode_required: link.passcodeHash !== null,
      allow_download: link.allowDownload,
      expires_at: link.expiresAt?.toISOString() ?? null,
    };
  }

  async function ownLink(userId: string, id: string): Promise<DeckLinkRow> {
    const row = UUID_PATTERN.test(id) ? await repo.findForUser(userId, id) : undefined;
    if (!row) throw new AppError('not_found', DECK_LINK_NOT_FOUND);
    return row;
  }

  /** Tells the founder, in the app and by email, that a link was opened for the first time. */
  async function announceFirstOpen(userId: string, linkId: string, viewerEmail: string | null) {
    const link = await repo.findForUser(userId, linkId);
    if (!link) return;
    const who = viewerEmail ?? (link.recipientName || link.recipientEmail || 'Someone');
    const forWhom = link.recipientName ? ` (the link for ${link.recipientName})` : '';
    await events.publish({ user: userId }, { type: DECK_LINK_OPENED_EVENT, data: { link_id: linkId, viewer_email: viewerEmail } });
    const to = await repo.accountEmail(userId);
    if (!to) return;
    const detail = `${base}/founder/deck-links/${linkId}`;
    await mailer.send({
      to,
      subject: `${who} opened your deck`,
      text: `${who} just opened your deck${forWhom} for the first time.\n\nSee the time spent on each page: ${detail}\n`,
      link: detail,
    });
  }

  return {
    /** A link to the founder's current deck; its URL is in this answer only. */
    async create(userId: string, input: CreateDeckLink): Promise<DeckLink> {
      const deck = await decks.current(founderOwner(userId));
      if (!deck) throw new AppError('conflict', NO_DECK_TO_LINK);
      const { bytes } = await decks.read(founderOwner(userId), deck.id);
      const pageCount = await pageImages.pageCount(deck, bytes);
      const token = randomBytes(32).toString('base64url');
      const row = await repo.createWithinCap(
        {
          userId,
          deckId: deck.id,
          tokenHash: sha256(token),
          recipientName: input.recipient_name,
          recipientEmail: input.recipient_email,
          emailRequired: input.email_required,
          passcodeHash: input.passcode === null ? null : await hashPassword(input.passcode),
          allowDownload: input.allow_download,
          pageCount,
          expiresInDays: input.expires_in_days,
        },
        MAX_ACTIVE_DECK_LINKS,
      );
      if (!row) throw new AppError('conflict', `You can have up to ${MAX_ACTIVE_DECK_LINKS} active deck links. Revoke one to create another.`);
      return toView(row, token);
    },

    list: async (userId: string): Promise<DeckLink[]> => (await repo.listByUser(userId)).map((row) => toView(row)),

    /** One link with every counted viewer's time on each page, and the pages they skipped. */
    async detail(userId: string, id: string): Promise<{ link: DeckLink; viewers: DeckLinkViewer[] }> {
      const row = await ownLink(userId, id);
      const viewers = (await repo.viewersOf(row.id)).map((v) => {
        const pages = Array.from({ length: row.pageCount }, (_, i) => ({ page: i + 1, ms: v.times.find((t) => t.page === i + 1)?.ms ?? 0 }));
        return {
          id: v.id,
          email: v.email,
          opened_at: v.openedAt.toISOString(),
          last_seen_at: v.lastSeenAt?.toISOString() ?? null,
          total_ms: v.totalMs,
          pages,
          skipped: pages.filter((p) => p.ms < PAGE_SEEN_MS).map((p) => p.page),
        };
      });
      return { link: toView(row), viewers };
    },

    async revoke(userId: string, id: string): Promise<DeckLink> {
      const row = await ownLink(userId, id);
      await repo.revoke(userId, row.id);
      return toView((await repo.findForUser(userId, row.id))!);
    },

    async alerts(userId: string): Promise<{ alerts: DeckLinkAlert[]; unread: number }> {
      const [rows, unread] = await Promise.all([repo.alerts(userId), repo.unreadAlerts(userId)]);
      return {
        alerts: rows.map((r) => ({
          id: r.id,
          link_id: r.linkId,
          recipient_name: r.recipientName,
          viewer_email: r.viewerEmail,
          opened_at: r.openedAt.toISOString(),
          read: r.readAt !== null,
        })),
        unread,
      };
    },

    readAlerts: (userId: string) => repo.readAlerts(userId),

    /** What the gate shows: counts nothing (a link preview fetching it is not a view). */
    view: async (token: string): Promise<PublicDeckLink> => toPublic(await liveLink(token)),

    /** Passes the gate: the passcode is checked before the email is asked for, and a new viewer session is answered. */
    async open(token: string, input: OpenDeckLink, userAgent: string): Promise<{ session: string; link: PublicDeckLink }> {
      const link = await liveLink(token);
      if (link.passcodeHash !== null) {
        const wait = wrongPasscodes.retryAfterMs(link.id);
        if (wait > 0) {
          throw new AppError('rate_limited', `Too many wrong passcodes. Try again in ${Math.ceil(wait / 60_000)} minutes.`);
        }
        if (input.passcode === null || !(await verifyPassword(link.passcodeHash, input.passcode))) {
          wrongPasscodes.record(link.id);
          throw new AppError('forbidden', DECK_LINK_WRONG_PASSCODE);
        }
      }
      if (link.emailRequired && input.email === null) throw new AppError('bad_request', DECK_LINK_EMAIL_NEEDED);
      const session = randomBytes(32).toString('base64url');
      await repo.createViewer({ linkId: link.id, sessionHash: sha256(session), email: input.email, userAgent: userAgent.slice(0, 400) });
      return { session, link: await toPublic(link) };
    },

    /** The viewer behind a session header on a live link; 404 for a dead link, 401 without a session of it. */
    async viewer(token: string, session: string | undefined): Promise<ViewerContext> {
      const link = await liveLink(token);
      const viewer = session && TOKEN_PATTERN.test(session) ? await repo.findViewer(link.id, sha256(session)) : undefined;
      if (!viewer) throw new AppError('unauthenticated', DECK_LINK_SESSION_NEEDED);
      return { link, viewer };
    },

    /** Page `n`, watermarked with the viewer's email (the recipient's, else the viewer's short id, without one). */
    async page({ link, viewer }: ViewerContext, n: string): Promise<Uint8Array> {
      const page = pageImages.pageNumber(n);
      if (page > link.pageCount) throw new AppError('not_found', 'Page not found');
      const key = `${viewer.id}:${page}`;
      const cached = watermarked.get(key);
      if (cached) return cached;
      const plain = await pageImages.png(link.deck, async () => (await decks.read(founderOwner(link.userId), link.deck.id)).bytes, page);
      const mark = viewer.email ?? link.recipientEmail ?? `Viewer ${viewer.id.slice(0, 8)}`;
      const png = await watermarkPage(plain, mark);
      watermarked.set(key, png);
      return png;
    },

    /**
     * Records a page beacon. A bot's user agent, or the founder checking their own link, records
     * nothing; the first beacon of the link's first real viewer tells the founder.
     */
    async beacon({ link, viewer }: ViewerContext, beacon: DeckBeacon, from: { userAgent: string; userId: string | null }): Promise<void> {
      if (isbot(from.userAgent) || from.userId === link.userId || beacon.page > link.pageCount) return;
      const { firstOpen } = await repo.recordBeacon(link.id, viewer.id, beacon.page, beacon.visible_ms);
      if (firstOpen) {
        await announceFirstOpen(firstOpen.userId, link.id, viewer.email).catch((err: unknown) =>
          log.warn({ err, linkId: link.id }, 'first open of a deck link not announced'),
        );
      }
    },

    /** The deck file, when the link allows it. */
    async download({ link }: ViewerContext): Promise<{ bytes: Uint8Array; filename: string }> {
      if (!link.allowDownload) throw new AppError('forbidden', DECK_LINK_NO_DOWNLOAD);
      const { bytes } = await decks.read(founderOwner(link.userId), link.deck.id);
      return { bytes, filename: link.deck.filename };
    },
  };
}
export type DeckLinksService = ReturnType<typeof createDeckLinksService>;
