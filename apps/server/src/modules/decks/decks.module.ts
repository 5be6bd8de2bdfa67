import { PageImageRenderer } from '@fitscore/deck-analysis';
import type { FastifyInstance } from 'fastify';
import type { ExtensionPoint } from '../../plugins/extension-point.ts';
import type { Platform } from '../../plugins/platform.ts';
import { founderOwner } from '../../lib/scoring-owner.ts';
import { createDeckPageImages } from './deck-page-images.service.ts';
import { createDecksRepository } from './decks.repository.ts';
import { decksRoutes } from './decks.routes.ts';
import { createDecksService, ORPHAN_BLOB_AGE_MS } from './decks.service.ts';

export interface DecksModuleDeps {
  platform: Platform;
  /** Filled here: billing counts the versions a founder keeps. */
  versionsKept: ExtensionPoint<(userId: string) => Promise<number>>;
}

/** The founder's deck: upload (checked by opening it), status and removal; and page images of stored decks. */
export function register(app: FastifyInstance, { platform, versionsKept }: DecksModuleDeps) {
  const decks = createDecksService({
    repo: createDecksRepository(platform.db),
    uow: platform.uow,
    blobs: platform.blobs,
    inspect: (bytes) => platform.analyzer.inspect(bytes),
  });
  versionsKept.provide((userId) => decks.versionsKept(founderOwner(userId)));
  // At start, in the background: files that a crash left without a row are removed.
  app.addHook('onReady', async () => {
    decks
      .removeOrphanBlobs(new Date(Date.now() - ORPHAN_BLOB_AGE_MS))
      .then((removed) => app.log.info(removed, 'removed orphan deck files'))
      .catch((err: unknown) => app.log.error({ err }, 'could not remove orphan deck files'));
  });
  decksRoutes(app, decks);
  // One renderer (a warm worker thread) draws pages for every viewer: the deal page's and deck links'.
  const renderer = new PageImageRenderer();
  app.addHook('onClose', () => renderer.close());
  return Object.assign(decks, { pageImages: createDeckPageImages({ blobs: platform.blobs, pages: renderer }) });
}
