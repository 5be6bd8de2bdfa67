import type { FastifyInstance } from 'fastify';
import type { ExtensionPoint } from '../../plugins/extension-point.ts';
import type { Platform } from '../../plugins/platform.ts';
import type { BillingService } from '../billing/billing.service.ts';
import type { ProfilesService } from '../profiles/profiles.service.ts';
import { createDecksRepository } from './decks.repository.ts';
import { decksRoutes } from './decks.routes.ts';
import { createDecksService } from './decks.service.ts';

export interface DecksModuleDeps {
  platform: Platform;
  profiles: ProfilesService;
  billing: BillingService;
  /** Filled here: billing counts the versions a founder keeps. */
  versionsKept: ExtensionPoint<(userId: string) => Promise<number>>;
}

/** The founder's deck: upload (checked by opening it), status and removal. */
export function register(app: FastifyInstance, { platform, profiles, billing, versionsKept }: DecksModuleDeps) {
  const decks = createDecksService({
    repo: createDecksRepository(platform.db),
    blobs: platform.blobs,
    profiles,
    versionsKept: async (userId) => billing.limits(await billing.getPlan(userId)).versionsKept,
    inspect: (bytes) => platform.analyzer.inspect(bytes),
  });
  versionsKept.provide(decks.versionsKept);
  decksRoutes(app, decks);
  return decks;
}
