import { leads } from '@fitscore/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, uniqueEmail, type TestServer } from '../../../test/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('POST /leads/contact-sales/', () => {
  it('stores the request', async () => {
    const email = uniqueEmail('buyer');
    const res = await server.request('POST', '/leads/contact-sales/', {
      body: { name: 'Dana Buyer', email, company: 'Big Fund', message: 'We review 400 decks a month.', source: 'pricing' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true });
    const rows = await server.database.handle.db.select().from(leads).where(eq(leads.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Dana Buyer', company: 'Big Fund', message: 'We review 400 decks a month.' });
  });

  it('takes the message as optional', async () => {
    const res = await server.request('POST', '/leads/contact-sales/', {
      body: { name: 'Eve', email: uniqueEmail('eve'), company: 'Eve Capital' },
    });
    expect(res.status).toBe(201);
  });

  it.each([
    [{ email: 'a@b.co', company: 'C' }, 'Name is required'],
    [{ name: 'N', company: 'C' }, 'Email is required'],
    [{ name: 'N', email: 'nope', company: 'C' }, 'Enter a valid email address'],
    [{ name: 'N', email: 'a@b.co', company: '  ' }, 'Company is required'],
  ])('refuses %j with "%s" and stores nothing', async (body, message) => {
    const before = await server.database.handle.db.select().from(leads);
    const res = await server.request('POST', '/leads/contact-sales/', { body });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(await server.database.handle.db.select().from(leads)).toHaveLength(before.length);
  });
});
