import type { FastifyInstance } from 'fastify';
import { sampleDeckPdf } from './sample-deck.ts';

/**
 * Public files the docs pages point to: the sample deck of the webhook "Try it" request.
 * Generated once per process on first request (a few KB, the same bytes every time).
 */
export function register(app: FastifyInstance) {
  let deck: Promise<Buffer> | null = null;
  app.get('/docs/sample-deck.pdf', { schema: { hide: true } }, async (_request, reply) => {
    deck ??= sampleDeckPdf().catch((err: unknown) => {
      deck = null;
      throw err;
    });
    return reply
      .type('application/pdf')
      .header('content-disposition', 'inline; filename="sample-deck.pdf"')
      .header('cache-control', 'public, max-age=3600')
      .send(await deck);
  });
}
