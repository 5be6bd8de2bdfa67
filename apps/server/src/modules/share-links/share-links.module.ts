import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../plugins/platform.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import type { ScoringService } from '../scoring/scoring.service.ts';
import { createShareLinksRepository } from './share-links.repository.ts';
import { shareLinksRoutes } from './share-links.routes.ts';
import { createShareLinksService } from './share-links.service.ts';

export interface ShareLinksModuleDeps {
  platform: Platform;
  scoring: ScoringService;
  profiles: ProfilesService;
}

/** Founders' share links to their score, and the public page they open. */
export function register(app: FastifyInstance, { platform, scoring, profiles }: ShareLinksModuleDeps) {
  const shareLinks = createShareLinksService({
    repo: createShareLinksRepository(platform.db),
    scoring,
    profiles,
    publicWebUrl: platform.config.publicWebUrl,
  });
  shareLinksRoutes(app, shareLinks);
}
