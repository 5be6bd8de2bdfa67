import { founderEndpoints } from '@fitscore/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { registerEndpoint } from '../../lib/endpoint-route.ts';
import type { DecksService } from './decks.service.ts';

export function decksRoutes(app: FastifyInstance, decks: DecksService) {
  registerEndpoint(app, founderEndpoints.deckStatus, ({ auth }) => decks.status(auth.user.id));

  registerEndpoint(app, founderEndpoints.uploadDeck, async ({ auth, request }) => {
    if (!request.isMultipart()) throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data in the field "file".');
    const file = await request.file();
    if (!file || file.fieldname !== 'file') throw new AppError('bad_request', 'Choose a deck file to upload.');
    // Over 10 MB the multipart limit throws, answered as 413 by the error handler.
    const bytes = await file.toBuffer();
    return decks.upload(auth.user.id, { filename: file.filename, bytes: new Uint8Array(bytes) });
  });

  registerEndpoint(app, founderEndpoints.deleteDeck, ({ auth }) => decks.remove(auth.user.id));
}
