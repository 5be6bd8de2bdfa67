import {
  MAX_ACTIVE_SHARE_LINKS,
  PRIVATE_KEY_METRICS,
  SHARE_LINK_GONE,
  SUB_SCORE_KEYS,
  type CreateShareLink,
  type FitScoreResult,
  type ShareLink,
  type SharedCompany,
  type SharedReport,
  type SharedScore,
} from '@fitscore/contracts';
import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '../../lib/app-error.ts';
import { founderOwner } from '../../lib/scoring-owner.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import type { ScoringService } from '../scoring/scoring.service.ts';
import type { ShareLinkRow, ShareLinksRepository } from './share-links.repository.ts';

export const NOTHING_TO_SHARE = 'There is no FitScore to share yet. Score your deck first.';

// 32 random bytes in base64url are 43 characters.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a link stores: the company and the score as they were when it was created. */
interface Snapshot {
  company: SharedCompany;
  score: FitScoreResult;
}

/** Links are looked up by the token's SHA-256; the migration hashed older tokens the same way. */
export const hashShareToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * The shared page's data, picked field by field from the stored score: what the page renders
 * and nothing else (no ids, no facts, sections or contradictions, no burn, cash or runway).
 */
export function toSharedScore(score: FitScoreResult): SharedScore {
  const a = score.analysis;
  const keyMetrics = { ...a.keyMetrics };
  for (const key of PRIVATE_KEY_METRICS) keyMetrics[key] = null;
  const subScores = Object.fromEntries(
    SUB_SCORE_KEYS.map((key) => {
      const d = a.subScores[key];
      return [
        key,
        {
          score: d.score,
          summary: d.summary,
          evidence: d.evidence.map((e) => ({ source: e.source, page: e.page, quote: e.quote })),
          rules: d.rules.map((r) => ({ id: r.id, description: r.description, points: r.points })),
        },
      ];
    }),
  ) as SharedScore['analysis']['subScores'];
  return {
    createdAt: score.createdAt,
    overall: score.overall,
    deck: { version: score.deck.version, filename: null },
    analysis: {
      deck: a.deck,
      stage: a.stage,
      overall: a.overall,
      label: a.label,
      confidence: a.confidence,
      strengths: a.strengths,
      doNext: a.doNext,
      insights: a.insights,
      keyMetrics,
      subScores,
    },
  };
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
  const toView = (row: ShareLinkRow, token: string | null = null): ShareLink => ({
    id: row.id,
    url: token ? `${base}/share/${token}` : null,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    views: row.views,
    last_viewed_at: row.lastViewedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    score: { id: row.scoreId, overall: row.overall, created_at: row.scoreCreatedAt },
  });
  const gone = () => new AppError('not_found', SHARE_LINK_GONE);

  return {
    /** A new link to the founder's latest score, frozen as it is now; its URL is in this answer only. */
    async create(userId: string, input: CreateShareLink = { expires_in_days: null }): Promise<ShareLink> {
      const score = await scoring.latest(founderOwner(userId));
      if (!score) throw new AppError('conflict', NOTHING_TO_SHARE);
      const profile = await profiles.current(userId);
      const company: SharedCompany = {
        startupName: profile?.startup_name ?? 'Unnamed company',
        oneLiner: profile?.one_liner ?? '',
        industry: profile?.industry ?? null,
        stage: profile?.stage ?? null,
        hqGeo: profile?.hq_geo ?? '',
      };
      // The deck's file name is the founder's business, not the reader's.
      const snapshot: Snapshot = { company, score: { ...score, deck: { ...score.deck, filename: null } } };
      const token = randomBytes(32).toString('base64url');
      const row = await repo.createWithinCap(
        { userId, tokenHash: hashShareToken(token), scoreId: score.id, snapshot, expiresInDays: input.expires_in_days },
        MAX_ACTIVE_SHARE_LINKS,
      );
      if (!row) {
        throw new AppError(
          'conflict',
          `You can have up to ${MAX_ACTIVE_SHARE_LINKS} active share links. Revoke one to create another.`,
        );
      }
      return toView(row, token);
    },

    list: async (userId: string): Promise<ShareLink[]> => (await repo.listByUser(userId)).map((row) => toView(row)),

    async revoke(userId: string, id: string): Promise<ShareLink> {
      const row = UUID_PATTERN.test(id) ? await repo.revoke(userId, id) : undefined;
      if (!row) throw new AppError('not_found', 'Share link not found');
      return toView(row);
    },

    /** The public page's data. A view by the founder who shared it is not counted; an expired link is gone. */
    async open(token: string, viewerUserId: string | null): Promise<SharedReport> {
      if (!TOKEN_PATTERN.test(token)) throw gone();
      const row = await repo.findLiveByTokenHash(hashShareToken(token));
      if (!row) throw gone();
      if (row.userId !== viewerUserId) await repo.countView(row.id);
      const snapshot = row.snapshot as Snapshot;
      return { company: snapshot.company, score: toSharedScore(snapshot.score), sharedAt: row.createdAt.toISOString() };
    },
  };
}
export type ShareLinksService = ReturnType<typeof createShareLinksService>;
