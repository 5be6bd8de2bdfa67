import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../plugins/platform.ts';
import { createSavedViewsRepository } from './saved-views.repository.ts';
import { savedViewsRoutes } from './saved-views.routes.ts';
import { createSavedViewsService } from './saved-views.service.ts';

/** Saved pipeline views (issue 31 point 2): named, private or shared with the fund, one the member's default. */
export function register(app: FastifyInstance, { platform }: { platform: Platform }) {
  const views = createSavedViewsService({ repo: createSavedViewsRepository(platform.db) });
  savedViewsRoutes(app, views);
  return views;
}
