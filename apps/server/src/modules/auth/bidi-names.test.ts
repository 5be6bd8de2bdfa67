import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileForm, makePdfDeck, validProfile } from '../../../test/decks.ts';
import { signUp, startTestServer, uniqueEmail, type TestServer } from '../../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Every bidirectional control the app removes: embeddings, overrides, isolates, marks. */
const BIDI = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C';

describe('bidirectional control characters', () => {
  it('are removed from a user name at sign-up', async () => {
    const res = await server.request('POST', '/user/signup/', {
      body: { email: uniqueEmail(), password: 'secret-pass-1', type: 'founder', name: `Ann\u202Ee${BIDI} Lee` },
    });
    expect(res.status).toBe(201);
    expect(res.body.user.name).toBe('Anne Lee');
  });

  it('are removed from a startup name', async () => {
    const { token } = await signUp(server, 'founder');
    const saved = await server.request('POST', '/founder/profile/', {
      token,
      body: validProfile({ startup_name: `\u202EAcme${BIDI} Robotics` }),
    });
    expect(saved.status).toBe(200);
    expect(saved.body.profile.startup_name).toBe('Acme Robotics');
    // Only controls: nothing left, so the name is missing.
    const blank = await server.request('POST', '/founder/profile/', { token, body: validProfile({ startup_name: BIDI }) });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe('Startup name is required');
  });

  it('are removed from a fund name', async () => {
    const vc = await signUp(server, 'vc');
    const res = await server.request('POST', '/vc/profile/step1/', {
      token: vc.token,
      body: { fund_name: `North\u202Ewind${BIDI}`, sectors: ['SaaS'], stages: ['Seed'], geography: ['US'] },
    });
    expect(res.status).toBe(200);
    expect((await server.request('GET', '/vc/profile/', { token: vc.token })).body.profile.fundName).toBe('Northwind');
  });

  it('are removed from an uploaded deck file name (the right-to-left override trick)', async () => {
    const { token } = await signUp(server, 'founder');
    await server.request('POST', '/founder/profile/', { token, body: validProfile() });
    const pdf = await makePdfDeck([['Acme', 'Robots for warehouses']]);
    const res = await server.request('POST', '/founder/deck/upload/', { token, raw: fileForm(pdf, `deck\u202Efdp.exe${BIDI}.pdf`) });
    expect(res.status).toBe(201);
    expect(res.body.deck.filename).toBe('deckfdp.exe.pdf');
    const status = await server.request('GET', '/founder/deck/status/', { token });
    expect(status.body.deck.filename).toBe('deckfdp.exe.pdf');
  });
});
