import {
  FUND_ARCHIVE_LINK_TTL_SECONDS,
  FUND_DATA_MESSAGES,
  fundDataEndpoints,
  type FundArchiveLink,
} from '@fitscore/contracts';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { createSignedTickets } from '../../lib/signed-tickets.ts';
import type { Memberships } from '../../plugins/auth.ts';
import type { FundDataRepository } from './fund-data.repository.ts';

/**
 * Links the browser downloads a fund's archive from by itself, so the archive streams to disk
 * instead of being held in the page's memory (a fund's decks can run to gigabytes). A link holds a
 * signed ticket naming the admin, the session, the fund and the link's row; it works once, within a
 * minute, and only while that session is live and its user is still an admin of that fund (checked
 * when it is opened). The row makes it single-use on every API host: a link copied out of a
 * browser's history or a proxy's log opens nothing after its first download.
 */
/** Who opened a fund's archive through a link (the link carries no session): its fund and the admin who made it. */
export interface LinkHolder {
  fundId: string;
  userId: string;
}

export function createArchiveLinks({
  appSecret,
  memberships,
  apiUrl,
  repo,
}: {
  appSecret: Buffer;
  memberships: Memberships;
  apiUrl: string;
  repo: Pick<FundDataRepository, 'createArchiveLink' | 'useArchiveLink'>;
}) {
  const tickets = createSignedTickets(appSecret, {
    purpose: 'fitscore fund archive links v2',
    ttlSeconds: FUND_ARCHIVE_LINK_TTL_SECONDS,
    schema: z.object({ u: z.string().min(1).max(64), s: z.string().min(1).max(64), f: z.string().min(1).max(64), l: z.uuid() }),
  });
  return {
    async make({ userId, sessionId, fundId }: { userId: string; sessionId: string; fundId: string }): Promise<FundArchiveLink> {
      const now = new Date();
      const expiresAt = new Date(now.getTime() + FUND_ARCHIVE_LINK_TTL_SECONDS * 1000);
      const linkId = await repo.createArchiveLink(fundId, userId, expiresAt, now);
      const url = new URL(fundDataEndpoints.exportDownload.path, apiUrl);
      url.searchParams.set('ticket', tickets.issue({ u: userId, s: sessionId, f: fundId, l: linkId }));
      return { url: url.toString(), expiresAt: expiresAt.toISOString() };
    },

    /** The fund a link opens the archive of and the admin who made it; 401 when it has expired, was used or its session ended, 403 when its maker is no admin of it now. */
    async open(ticket: string): Promise<LinkHolder> {
      const held = tickets.redeem(ticket);
      if (!held) throw new AppError('unauthenticated', FUND_DATA_MESSAGES.linkExpired);
      const [{ live }, membership] = await Promise.all([
        memberships.streamAccess(held.s, held.u),
        memberships.membershipOf(held.u),
      ]);
      if (!live) throw new AppError('unauthenticated', FUND_DATA_MESSAGES.linkExpired);
      if (membership?.fundId !== held.f || membership.role !== 'admin')
        throw new AppError('forbidden', "Only the fund's admins can export its data.");
      if (!(await repo.useArchiveLink(held.l, held.f, held.u, new Date()))) throw new AppError('unauthenticated', FUND_DATA_MESSAGES.linkUsed);
      return { fundId: held.f, userId: held.u };
    },
  };
}
export type ArchiveLinks = ReturnType<typeof createArchiveLinks>;
