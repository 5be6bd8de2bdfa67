import type { TestServer } from './test-server.ts';

export interface StreamEvent {
  id: string | undefined;
  event: string;
  data: any;
  /** performance.now() when it arrived. */
  at: number;
}

/** Asks the server for a one-time ticket that opens the event stream. */
export async function eventTicket(server: TestServer, token: string): Promise<string> {
  const res = await server.request('POST', '/events/ticket/', { token });
  if (res.status !== 200) throw new Error(`event ticket: ${res.status}`);
  return res.body.ticket as string;
}

/**
 * Opens `/events/` as a browser's EventSource would (a ticket, optionally resuming after an id
 * by the `Last-Event-ID` header or the `lastEventId` query) and collects its events as they come.
 */
export async function openEventStream(
  server: TestServer,
  ticket: string,
  resume: { header?: string; query?: string } = {},
  onEvent?: (event: StreamEvent) => void,
) {
  const query = resume.query ? `&lastEventId=${resume.query}` : '';
  return collectStream(`${server.url}/events/?ticket=${encodeURIComponent(ticket)}${query}`, resume.header ? { 'last-event-id': resume.header } : {}, onEvent);
}

/** Opens `GET /api/vc/events` as a client that is not a browser does: the session in the Authorization header. */
export function openHeaderEventStream(server: TestServer, token: string) {
  return collectStream(`${server.url}/api/vc/events`, { authorization: `Token ${token}` });
}

async function collectStream(url: string, headers: Record<string, string>, onEvent?: (event: StreamEvent) => void) {
  const controller = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  const events: StreamEvent[] = [];
  /** Set once the server has ended the stream. */
  const state = { ended: false };
  if (res.ok) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body!) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            const id = /^id: (.*)$/m.exec(block)?.[1];
            if (!event || data === undefined) continue;
            const received = { id, event, data: JSON.parse(data), at: performance.now() };
            events.push(received);
            onEvent?.(received);
          }
        }
        state.ended = true;
      } catch {
        /* aborted */
      }
    })();
  }
  /**
   * The events so far once `predicate` holds of them, or when `timeoutMs` has passed. The wait
   * ends as soon as the predicate holds, so the long default costs a passing test nothing and
   * keeps a loaded CI machine (every suite at once on 2 cores) from failing a correct push.
   */
  async function until(predicate: (events: StreamEvent[]) => boolean, timeoutMs = 20_000) {
    const deadline = Date.now() + timeoutMs;
    while (!predicate(events) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    return events;
  }
  /** The first event that matches, or undefined after `timeoutMs`. */
  async function waitFor(match: (event: StreamEvent) => boolean, timeoutMs = 20_000) {
    return (await until((e) => e.some(match), timeoutMs)).find(match);
  }
  const ready = () => until((e) => e.some((x) => x.event === 'ready'));
  return { res, events, until, waitFor, ready, ended: () => state.ended, close: () => controller.abort() };
}
