import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../plugins/platform.ts';
import { createFounderOutreachRepository } from './founder-outreach.repository.ts';
import { founderOutreachRoutes } from './founder-outreach.routes.ts';
import { createFounderOutreachService } from './founder-outreach.service.ts';

/** Where the deck went: the funds a founder's company reached, and what each chose to share. */
export function register(app: FastifyInstance, { platform }: { platform: Platform }) {
  founderOutreachRoutes(app, createFounderOutreachService({ repo: createFounderOutreachRepository(platform.db) }));
}
