import type { FastifyReply, FastifyRequest, preParsingAsyncHookHandler, preValidationAsyncHookHandler } from 'fastify';
import { createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received; kept only on `signed` routes. */
    rawBody: Buffer | null;
  }
}

/**
 * The signing secret for one request (e.g. the fund a webhook URL names), looked up before the
 * body is read; null: no secret set (401). It may throw its own refusal (404 for no such webhook).
 */
export type WebhookSecret = (request: FastifyRequest) => string | null | Promise<string | null>;

const BAD_SIGNATURE = 'The webhook signature is missing or not valid.';

/**
 * The library reads a Buffer body as UTF-8 text before signing it, which changes a binary body
 * (a multipart deck): bytes that are not UTF-8 would not be covered. This signs the exact bytes;
 * for a text body the result is the library's own. Headers, tolerance and comparison stay the library's.
 */
class ExactBytesWebhook extends Webhook {
  private readonly rawKey: Buffer;
  constructor(secret: string) {
    super(secret);
    this.rawKey = Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
  }
  override sign(msgId: string, timestamp: Date, payload: string | Buffer): string {
    if (typeof payload === 'string') return super.sign(msgId, timestamp, payload);
    const mac = createHmac('sha256', this.rawKey).update(`${msgId}.${Math.floor(timestamp.getTime() / 1000)}.`).update(payload);
    return `v1,${mac.digest('base64')}`;
  }
}

/**
 * Hooks for a `signed` route (Standard Webhooks: `webhook-id`, `webhook-timestamp` and
 * `webhook-signature`, an HMAC-SHA256 over id, timestamp and the raw body). The raw body is
 * read before parsing and kept; the signature is checked before the body is validated, so
 * an unsigned caller learns nothing about the schema. Old timestamps are refused (replays).
 * The secret is looked up first, after the per-address limit (`onRequest`) and before the body
 * stream is touched: a webhook that does not exist or has no secret is refused before a byte of
 * its body is read.
 */
export function signedRouteHooks(secretOf: WebhookSecret): {
  preParsing: preParsingAsyncHookHandler;
  preValidation: preValidationAsyncHookHandler;
} {
  const secrets = new WeakMap<FastifyRequest, string>();
  return {
    async preParsing(request: FastifyRequest, _reply: FastifyReply, payload) {
      const secret = await secretOf(request);
      if (!secret) throw new AppError('unauthenticated', BAD_SIGNATURE);
      secrets.set(request, secret);
      const limit = request.routeOptions.bodyLimit ?? Number.POSITIVE_INFINITY;
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of payload) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
        size += buffer.length;
        if (size > limit) throw new AppError('payload_too_large', 'The request body is too large.');
        chunks.push(buffer);
      }
      request.rawBody = Buffer.concat(chunks);
      return Readable.from([request.rawBody]);
    },
    async preValidation(request: FastifyRequest) {
      const secret = secrets.get(request);
      if (!secret) throw new AppError('unauthenticated', BAD_SIGNATURE);
      try {
        new ExactBytesWebhook(secret).verify(request.rawBody ?? Buffer.alloc(0), request.headers as Record<string, string>, {
          jsonParse: false,
        });
      } catch (err) {
        if (err instanceof WebhookVerificationError) throw new AppError('unauthenticated', BAD_SIGNATURE);
        throw err;
      }
    },
  };
}
