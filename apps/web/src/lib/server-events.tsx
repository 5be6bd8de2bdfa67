import { EVENTS_STREAM_PATH, eventsEndpoints } from '@fitscore/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { apiUrl, callEndpoint } from './api-client';

type Listener = (data: unknown) => void;

interface ServerEvents {
  /** Calls `listener` with each event of this type; returns the call that stops it. */
  subscribe(type: string, listener: Listener): () => void;
}

const ServerEventsContext = createContext<ServerEvents | null>(null);

const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/**
 * One server-push stream per signed-in session: trades the session for a short-lived ticket
 * (EventSource cannot send the Authorization header), opens the stream, and opens a new one
 * with a fresh ticket when the server ends it, resuming after the last event id it saw (the
 * server replays what was published meanwhile; the browser's own retries send Last-Event-ID). `sessionKey` is the signed-in user's id, null
 * when signed out (no stream).
 */
export function ServerEventsProvider({ sessionKey, children }: { sessionKey: string | null; children: ReactNode }) {
  const listeners = useRef(new Map<string, Set<Listener>>());
  const source = useRef<EventSource | null>(null);

  const attached = useRef(new WeakMap<EventSource, Set<string>>());
  /** The id of the last event seen: a new stream (fresh ticket) resumes after it, so nothing is missed. */
  const lastEventId = useRef<string | null>(null);

  /** Listens on a stream for one event type, once per stream. */
  const attach = useCallback((es: EventSource, type: string) => {
    const types = attached.current.get(es) ?? new Set<string>();
    if (types.has(type)) return;
    types.add(type);
    attached.current.set(es, types);
    es.addEventListener(type, (message: MessageEvent<string>) => {
      if (message.lastEventId) lastEventId.current = message.lastEventId;
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      listeners.current.get(type)?.forEach((listener) => listener(data));
    });
  }, []);

  const value = useMemo<ServerEvents>(
    () => ({
      subscribe(type, listener) {
        const set = listeners.current.get(type) ?? new Set<Listener>();
        set.add(listener);
        listeners.current.set(type, set);
        if (source.current) attach(source.current, type);
        return () => set.delete(listener);
      },
    }),
    [attach],
  );

  useEffect(() => {
    if (!sessionKey) return;
    let stopped = false;
    let retryMs = RETRY_MIN_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const retry = () => {
      if (stopped) return;
      timer = setTimeout(() => void open(), retryMs);
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    };
    async function open() {
      try {
        const { ticket } = await callEndpoint(eventsEndpoints.ticket);
        if (stopped) return;
        const resume = lastEventId.current ? `&lastEventId=${encodeURIComponent(lastEventId.current)}` : '';
        const es = new EventSource(apiUrl(`${EVENTS_STREAM_PATH}?ticket=${encodeURIComponent(ticket)}${resume}`));
        source.current = es;
        for (const type of listeners.current.keys()) attach(es, type);
        es.addEventListener('ready', (message: MessageEvent<string>) => {
          // `ready` follows the replay of what was missed and carries the last id covered.
          if (message.lastEventId) lastEventId.current = message.lastEventId;
          retryMs = RETRY_MIN_MS;
        });
        es.addEventListener('error', () => {
          // CONNECTING: the browser retries by itself. CLOSED: the ticket is spent; get a new one.
          if (es.readyState !== EventSource.CLOSED) return;
          if (source.current === es) source.current = null;
          retry();
        });
      } catch {
        retry();
      }
    }
    void open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source.current?.close();
      source.current = null;
    };
  }, [sessionKey, attach]);

  return <ServerEventsContext.Provider value={value}>{children}</ServerEventsContext.Provider>;
}

/** Runs `onEvent` for each server event of `type` while the component is mounted. */
export function useServerEvent<T = unknown>(type: string, onEvent: (data: T) => void) {
  const events = useContext(ServerEventsContext);
  if (!events) throw new Error('useServerEvent must be used within a ServerEventsProvider');
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  useEffect(() => events.subscribe(type, (data) => handler.current(data as T)), [events, type]);
}
