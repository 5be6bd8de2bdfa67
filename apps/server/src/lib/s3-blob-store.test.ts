import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileForm, makePdfDeck, makeSolidDeck, validProfile } from '../../test/decks.ts';
import { startTestS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { signUp, startTestServer, type TestServer } from '../../test/test-server.ts';
import { settledRun } from '../../test/scoring-waits.ts';

let s3: TestS3Server;
let server: TestServer;
beforeAll(async () => {
  s3 = await startTestS3Server();
  server = await startTestServer({ ...s3.env, JOB_POLL_MS: '100' });
});
afterAll(async () => {
  await server?.close();
  await s3?.close();
});

describe('BLOB_STORE=s3: the server keeps uploaded decks in the bucket', () => {
  it('an upload lands in the bucket, scoring reads it back from there, and DATA_DIR holds no deck', async () => {
    const { token } = await signUp(server, 'founder');
    await server.request('POST', '/founder/profile/', { token, body: validProfile() });
    // A real deck: the engine refuses a two-slide sketch as not a pitch deck.
    const deck = await makeSolidDeck();
    const up = await server.request('POST', '/founder/deck/upload/', { token, raw: fileForm(deck, 'deck.pdf') });
    expect(up.status, JSON.stringify(up.body)).toBe(201);

    const keys = await s3.keys();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^decks\/[0-9a-f-]{36}\.pdf$/);
    const localBlobs = join(server.config.dataDir, 'blobs');
    expect(existsSync(localBlobs) ? readdirSync(localBlobs) : []).toEqual([]);

    const start = await server.request('POST', '/founder/score/start/', { token });
    expect(start.status).toBe(202);
    const run = await settledRun(server, token, start.body.run.id, 60_000);
    expect(run).toMatchObject({ status: 'done', error: null });
    const score = await server.request('GET', '/founder/score/', { token });
    expect(score.body.score.analysis.facts).toContainEqual(expect.objectContaining({ kind: 'mrr', value: 85_000 }));
  });

  it("the free plan keeps 3 versions: the oldest one's object is deleted from the bucket", async () => {
    const { token } = await signUp(server, 'founder');
    await server.request('POST', '/founder/profile/', { token, body: validProfile() });
    const before = (await s3.keys()).length;
    for (let i = 1; i <= 4; i++) {
      const res = await server.request('POST', '/founder/deck/upload/', {
        token,
        raw: fileForm(await makePdfDeck([[`Version ${i}`]]), `v${i}.pdf`),
      });
      expect(res.status).toBe(201);
    }
    expect((await s3.keys()).length - before).toBe(3);
  });
});
