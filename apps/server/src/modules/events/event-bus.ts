import { ServerEventSchema, type ServerEvent } from '@fitscore/contracts';
import { EventEmitter } from 'node:events';

/** Who receives an event: one account (all its browser sessions) or every member of a fund. */
export type Audience = { user: string } | { fund: string };

export type EventListener = (event: ServerEvent) => void;

/**
 * Publishes server-push events to the streams open in this process. Modules publish through
 * this interface only, so several API processes sharing one PostgreSQL can later fan out with
 * LISTEN/NOTIFY behind the same two calls (ADR 0008) without any publisher changing.
 */
export interface EventBus {
  publish(audience: Audience, event: ServerEvent): Promise<void>;
  /** Returns the call that stops listening. */
  subscribe(audience: Audience, listener: EventListener): () => void;
}

const channelOf = (audience: Audience) => ('user' in audience ? `user:${audience.user}` : `fund:${audience.fund}`);

/** The in-process bus: enough while one API process serves every stream. */
export function createInProcessEventBus(): EventBus {
  const emitter = new EventEmitter();
  // One listener per open stream and audience: no fixed ceiling.
  emitter.setMaxListeners(0);
  return {
    async publish(audience, event) {
      // The type becomes the SSE event name: a malformed one is a programming error, caught here.
      emitter.emit(channelOf(audience), ServerEventSchema.parse(event));
    },
    subscribe(audience, listener) {
      const channel = channelOf(audience);
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
  };
}
