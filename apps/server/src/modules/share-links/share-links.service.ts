import {
  MAX_ACTIVE_SHARE_LINKS,
  SHARE_LINK_GONE,
  type FitScoreResult,
  type ShareLink,
  type SharedCompany,
  type SharedReport,
} from '@fitscore/contracts';
import { randomBytes } from 'node:crypto';
import { AppError } from '../../lib/app-error.ts';
import { founderOwner } from '../../lib/scoring-owner.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import type { ScoringService } from '../scoring/scoring.service.ts';
import type { ShareLinkRow, ShareLinksRepository } from './share-links.repository.ts';

export const NOTHING_TO_SHARE = 'There is no FitScore to share yet. Score your deck first.';

// 32 random bytes in base64url are 43 characters.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Snapshot {
  company: SharedCompany;
  score: FitScoreResult;
}

export interface ShareLinksServiceDeps {
  repo: ShareLinksRepository;
  scoring: Pick<ScoringService, 'latest'>;
  profiles: Pick<ProfilesService, 'current'>;
  /** The web app's address, for the links founders copy. */
  publicWebUrl: string;
}

export function createShareLinksService({ repo, scoring, profiles, publicWebUrl }: ShareLinksServiceDeps) {
  const base = publicWebUrl.replace(/\/+$/, '');
  const toView = (row: ShareLinkRow): ShareLink => ({
    id: row.id,
    url: `${base}/share/${row.token}`,
    created_at: row.createdAt.toISOString(),
    views: row.views,
    last_viewed_at: row.lastViewedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    score: { id: row.scoreId, overall: row.overall, created_at: row.scoreCreatedAt },
  });
  const gone = () => new AppError('not_found', SHARE_LINK_GONE);

  return {
    /** A new link to the founder's latest score, frozen as it is now. */
    async create(userId: string): Promise<ShareLink> {
      const score = await scoring.latest(founderOwner(userId));
      if (!score) throw new AppError('conflict', NOTHING_TO_SHARE);
      if ((await repo.countActive(userId)) >= MAX_ACTIVE_SHARE_LINKS) {
        throw new AppError(
          'conflict',
          `You can have up to ${MAX_ACTIVE_SHARE_LINKS} active share links. Revoke one to create another.`,
        );
      }
      const profile = await profiles.current(userId);
      const company: SharedCompany = {
        startup_name: profile?.startup_name ?? 'Unnamed company',
        one_liner: profile?.one_liner ?? '',
        industry: profile?.industry ?? null,
        stage: profile?.stage ?? null,
        hq_geo: profile?.hq_geo ?? '',
      };
      // The deck's file name is the founder's business, not the reader's.
      const snapshot: Snapshot = { company, score: { ...score, deck: { ...score.deck, filename: null } } };
      const row = await repo.create({ userId, token: randomBytes(32).toString('base64url'), scoreId: score.id, snapshot });
      return toView(row);
    },

    list: async (userId: string): Promise<ShareLink[]> => (await repo.listByUser(userId)).map(toView),

    async revoke(userId: string, id: string): Promise<ShareLink> {
      const row = UUID_PATTERN.test(id) ? await repo.revoke(userId, id) : undefined;
      if (!row) throw new AppError('not_found', 'Share link not found');
      return toView(row);
    },

    /** The public page's data. A view by the founder who shared it is not counted. */
    async open(token: string, viewerUserId: string | null): Promise<SharedReport> {
      if (!TOKEN_PATTERN.test(token)) throw gone();
      const row = await repo.findActiveByToken(token);
      if (!row) throw gone();
      if (row.userId !== viewerUserId) await repo.countView(row.id);
      const snapshot = row.snapshot as Snapshot;
      return { company: snapshot.company, score: snapshot.score, shared_at: row.createdAt.toISOString() };
    },
  };
}
export type ShareLinksService = ReturnType<typeof createShareLinksService>;
