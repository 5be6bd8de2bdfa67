import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../plugins/platform.ts';
import type { DeckPageImages } from '../decks/deck-page-images.service.ts';
import type { DecksService } from '../decks/decks.service.ts';
import { createMailer } from '../mail/mailer.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import { createDeckLinksRepository } from './deck-links.repository.ts';
import { deckLinksRoutes } from './deck-links.routes.ts';
import { createDeckLinksService } from './deck-links.service.ts';

export interface DeckLinksModuleDeps {
  platform: Platform;
  decks: DecksService;
  pageImages: DeckPageImages;
  profiles: ProfilesService;
}

/** Founders' protected links to their deck (issue 32 point 3), the public viewer's routes and the page analytics. */
export function register(app: FastifyInstance, { platform, decks, pageImages, profiles }: DeckLinksModuleDeps) {
  const deckLinks = createDeckLinksService({
    repo: createDeckLinksRepository(platform.db),
    decks,
    pageImages,
    profiles,
    mailer: createMailer(platform.config.mail, app.log),
    events: platform.events,
    publicWebUrl: platform.config.publicWebUrl,
    log: app.log,
  });
  deckLinksRoutes(app, deckLinks);
}
