import { founderEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import { founderOwner } from '../../lib/scoring-owner.ts';
import type { DecksService } from './decks.service.ts';

/** A founder's deck status and Delete (uploading is the founder module's: it checks the profile and plan). */
export function decksRoutes(app: FastifyInstance, decks: DecksService) {
  registerEndpoint(app, founderEndpoints.deckStatus, ({ auth }) => decks.status(founderOwner(auth.user.id)));

  registerEndpoint(app, founderEndpoints.deleteDeck, async ({ auth }) => {
    const owner = founderOwner(auth.user.id);
    await decks.remove(owner);
    return decks.status(owner);
  });
}
