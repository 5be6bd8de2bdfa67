import { ServerEventSchema, type ServerEvent } from '@fitscore/contracts';
import { serverEvents, type DatabaseHandle } from '@fitscore/db';
import { and, asc, gt, lt, max, or, eq, sql, type SQL } from 'drizzle-orm';
import { EventEmitter } from 'node:events';
import pg from 'pg';

/** Who receives an event: one account (all its browser sessions) or every member of a fund. */
export type Audience = { user: string } | { fund: string };

/** An event as a stream receives it: with its id in the stored log (absent on the in-process bus). */
export interface DeliveredEvent extends ServerEvent {
  id?: number;
}
export type StoredEvent = Required<DeliveredEvent>;

export type EventListener = (event: DeliveredEvent) => void;

/**
 * Publishes server-push events to the streams open for an audience. Modules publish through this
 * interface only; the stored bus below fans out across API processes sharing one PostgreSQL.
 */
export interface EventBus {
  publish(audience: Audience, event: ServerEvent): Promise<void>;
  /** Returns the call that stops listening. */
  subscribe(audience: Audience, listener: EventListener): () => void;
  /** The stored events for these audiences after `afterId`, oldest first (stored buses only). */
  replay?(audiences: Audience[], afterId: number): Promise<StoredEvent[]>;
  /** The newest stored id (0 when none): where a stream opened without Last-Event-ID starts. */
  head?(): Promise<number>;
  /** Deletes the stored events of these audiences (a purged fund's and its members'), before the 24 hours are up. */
  forget?(audiences: Audience[]): Promise<void>;
}

const channelOf = (audience: Audience) => ('user' in audience ? `user:${audience.user}` : `fund:${audience.fund}`);

function localFanOut() {
  const emitter = new EventEmitter();
  // One listener per open stream and audience: no fixed ceiling.
  emitter.setMaxListeners(0);
  return {
    emit: (channel: string, event: DeliveredEvent) => emitter.emit(channel, event),
    subscribe(audience: Audience, listener: EventListener) {
      const channel = channelOf(audience);
      emitter.on(channel, listener);
      return () => void emitter.off(channel, listener);
    },
    listeners: () => emitter.eventNames().length,
  };
}

/** The in-process bus without a log: for unit tests of publishers. */
export function createInProcessEventBus(): EventBus {
  const local = localFanOut();
  return {
    async publish(audience, event) {
      // The type becomes the SSE event name: a malformed one is a programming error, caught here.
      local.emit(channelOf(audience), ServerEventSchema.parse(event));
    },
    subscribe: local.subscribe,
  };
}

/** The NOTIFY channel every API process LISTENs on; the payload is only `<id>` (the row is read back). */
export const EVENTS_CHANNEL = 'fitscore_server_events';
/** Any fixed number: PostgreSQL publishers hold it until commit, so ids become visible in order (no gaps behind a reader). */
const PUBLISH_LOCK_ID = 727_019;
/** How long the log keeps events for reconnecting streams. */
export const EVENT_RETENTION_HOURS = 24;
const PULL_BATCH = 500;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

interface Log {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

function audienceFilter(audiences: Audience[]): SQL | undefined {
  return or(
    ...audiences.map((a) =>
      'user' in a
        ? and(eq(serverEvents.audienceKind, 'user'), eq(serverEvents.audienceId, a.user))
        : and(eq(serverEvents.audienceKind, 'fund'), eq(serverEvents.audienceId, a.fund)),
    ),
  );
}

const toStored = (row: typeof serverEvents.$inferSelect): StoredEvent => ({
  id: row.id,
  type: row.type,
  data: row.data,
});

/**
 * The stored event bus (ADR 0025): publish writes the event to `server_events` and, on PostgreSQL,
 * `pg_notify`s its id in the same transaction. Each process reads the log forward from the last id it
 * dispatched whenever it hears a notification (one dedicated LISTEN connection per process, re-opened
 * when it drops, with a catch-up read after) or publishes itself (PGlite is one process: no LISTEN).
 * Streams replay from the same log after a Last-Event-ID. Events older than 24 hours are swept.
 */
export function createStoredEventBus(database: DatabaseHandle, log: Log) {
  const { db } = database;
  const local = localFanOut();
  /** The highest id this process has handed to its streams; read once, when the first stream subscribes. */
  let cursor = 0;
  let cursorRead: Promise<void> | null = null;
  // Streams replay from the head they read before subscribing, so starting here at the head misses nothing.
  const readCursor = () =>
    (cursorRead ??= head().then(
      (id) => {
        cursor = Math.max(cursor, id);
      },
      (err: unknown) => {
        cursorRead = null;
        throw err;
      },
    ));
  let pulling: Promise<void> | null = null;
  let pullAgain = false;
  let closed = false;
  let listener: pg.Client | null = null;
  let listening: Promise<void> | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let reconnectMs = 250;
  let sweepTimer: ReturnType<typeof setInterval> | undefined;

  async function head(): Promise<number> {
    const [row] = await db.select({ id: max(serverEvents.id) }).from(serverEvents);
    return Number(row?.id ?? 0);
  }

  /** Reads the log forward from the cursor and hands each event to this process's streams, in order. */
  function pull(): Promise<void> {
    // No stream has subscribed here yet: nothing to hand out.
    if (!cursorRead) return Promise.resolve();
    if (pulling) {
      pullAgain = true;
      return pulling;
    }
    pulling = (async () => {
      do {
        pullAgain = false;
        await readCursor();
        const rows = await db
          .select()
          .from(serverEvents)
          .where(gt(serverEvents.id, cursor))
          .orderBy(asc(serverEvents.id))
          .limit(PULL_BATCH);
        for (const row of rows) {
          cursor = row.id;
          local.emit(`${row.audienceKind}:${row.audienceId}`, toStored(row));
        }
        if (rows.length === PULL_BATCH) pullAgain = true;
      } while (pullAgain && !closed);
    })().finally(() => {
      pulling = null;
    });
    return pulling;
  }
  const pullSoon = () =>
    void pull().catch((err: unknown) => {
      if (!closed) log.warn({ err }, 'server events not read');
    });

  /** The process's one LISTEN connection (PostgreSQL only), opened on the first subscriber. */
  function listen(): Promise<void> {
    if (database.kind !== 'postgres' || closed) return Promise.resolve();
    if (listening) return listening;
    const { connectionString } = (database.db as unknown as { $client: pg.Pool }).$client.options;
    listening = (async () => {
      await readCursor();
      const client = new pg.Client({ connectionString });
      const lost = (err?: unknown) => {
        if (listener !== client) return;
        listener = null;
        listening = null;
        client.removeAllListeners();
        client.on('error', () => {});
        void client.end().catch(() => {});
        if (closed) return;
        log.warn({ err }, 'server events: LISTEN connection lost; reconnecting');
        reconnectTimer = setTimeout(() => void listen().catch(() => {}), reconnectMs);
        reconnectMs = Math.min(reconnectMs * 2, 5000);
      };
      listener = client;
      client.on('notification', pullSoon);
      client.on('error', lost);
      client.on('end', () => lost());
      try {
        await client.connect();
        await client.query(`listen ${EVENTS_CHANNEL}`);
      } catch (err) {
        lost(err);
        throw err;
      }
      reconnectMs = 250;
      // Whatever was published while no connection listened is in the log after the cursor.
      pullSoon();
    })();
    return listening;
  }

  async function prune(): Promise<number> {
    const gone = await db
      .delete(serverEvents)
      .where(lt(serverEvents.createdAt, sql`now() - make_interval(hours => ${EVENT_RETENTION_HOURS})`))
      .returning({ id: serverEvents.id });
    return gone.length;
  }

  return {
    async publish(audience: Audience, event: ServerEvent) {
      // The type becomes the SSE event name: a malformed one is a programming error, caught here.
      const { type, data } = ServerEventSchema.parse(event);
      const [kind, id] = 'user' in audience ? (['user', audience.user] as const) : (['fund', audience.fund] as const);
      const values = { audienceKind: kind, audienceId: id, type, data: data ?? null };
      if (database.kind === 'postgres')
        await db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${PUBLISH_LOCK_ID})`);
          const [row] = await tx.insert(serverEvents).values(values).returning({ id: serverEvents.id });
          await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${String(row!.id)})`);
        });
      // The embedded database is one connection in this process: each statement commits before the
      // next begins, so ids become visible in order without the lock, and no other process listens.
      else await db.insert(serverEvents).values(values);
      // Our own streams need not wait for the notification's round trip.
      pullSoon();
    },

    subscribe(audience: Audience, listener: EventListener) {
      readCursor().catch((err: unknown) => log.warn({ err }, 'server events: log head not read'));
      listen().catch((err: unknown) => log.warn({ err }, 'server events: LISTEN failed; retrying'));
      return local.subscribe(audience, listener);
    },

    async replay(audiences: Audience[], afterId: number): Promise<StoredEvent[]> {
      const rows = await db
        .select()
        .from(serverEvents)
        .where(and(gt(serverEvents.id, afterId), audienceFilter(audiences)))
        .orderBy(asc(serverEvents.id));
      return rows.map(toStored);
    },

    head,
    prune,

    async forget(audiences: Audience[]) {
      if (audiences.length) await db.delete(serverEvents).where(audienceFilter(audiences));
    },

    /** Starts the hourly retention sweep (any process may run it: deleting twice is harmless). */
    start() {
      const sweep = () =>
        void prune()
          .then((n) => n > 0 && log.info({ deleted: n }, 'server events older than 24 hours deleted'))
          .catch((err: unknown) => {
            if (!closed) log.warn({ err }, 'server events sweep failed');
          });
      sweep();
      sweepTimer = setInterval(sweep, SWEEP_EVERY_MS);
      sweepTimer.unref();
    },

    /** The LISTEN connection, for tests that cut it. */
    listenerConnection: () => listener,

    async close() {
      closed = true;
      clearTimeout(reconnectTimer);
      clearInterval(sweepTimer);
      const client = listener;
      listener = null;
      if (client) {
        client.removeAllListeners();
        client.on('error', () => {});
        await client.end().catch(() => {});
      }
      await pulling?.catch(() => {});
    },
  };
}
export type StoredEventBus = ReturnType<typeof createStoredEventBus>;
