import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestServer, type TestServer } from '../../../test/test-server.ts';

/** Reads an SSE body until `event: name` arrives; the text read so far. */
async function readUntilEvent(res: Response, name: string): Promise<string> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes(`event: ${name}`)) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  return text;
}

describe('GET /api/vc/events: the live stream for clients that are not browsers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('opens with the session in the Authorization header, no ticket', async () => {
    const vc = await signUp(server, 'vc');
    const res = await fetch(`${server.url}/api/vc/events`, { headers: { authorization: `Token ${vc.token}`, accept: 'text/event-stream' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(await readUntilEvent(res, 'ready')).toContain('event: ready');
  });

  it('answers 401 without a session and 403 to a founder', async () => {
    const founder = await signUp(server, 'founder');
    expect((await fetch(`${server.url}/api/vc/events`, { headers: { accept: 'text/event-stream' } })).status).toBe(401);
    const asFounder = await fetch(`${server.url}/api/vc/events`, { headers: { authorization: `Token ${founder.token}`, accept: 'text/event-stream' } });
    expect(asFounder.status).toBe(403);
  });
});
