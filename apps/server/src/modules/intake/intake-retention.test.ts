import { intakeItems } from '@fitscore/db';
import { eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdfDeck } from '../../../test/decks.ts';
import { pollUntil } from '../../../test/poll-until.ts';
import { startTestServer, type TestServer } from '../../../test/test-server.ts';
import { applyForm, composeMime, newFund, settledLog } from './intake-test-kit.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ INTAKE_RATE_LIMIT_PER_MINUTE: '1000', INTAKE_PAYLOAD_RETENTION_DAYS: '30' });
});
afterAll(() => server.close());

const blobPath = (key: string) => join(server.database.dataDir, 'blobs', ...key.split('/'));
const db = () => server.database.handle.db;
const itemRow = async (id: string) => (await db().select().from(intakeItems).where(eq(intakeItems.id, id)))[0]!;
const age = (id: string, days: number) =>
  db()
    .update(intakeItems)
    .set({ receivedAt: sql`now() - make_interval(days => ${days})`, processedAt: sql`case when ${intakeItems.processedAt} is null then null else now() - make_interval(days => ${days}) end` })
    .where(eq(intakeItems.id, id));

describe('raw payload retention (INTAKE_PAYLOAD_RETENTION_DAYS)', () => {
  it('deletes the payloads of items decided over 30 days ago, keeps their log rows, newer items and pending ones', async () => {
    const fund = await newFund(server);
    const form = await server.request('POST', `/api/apply/${fund.slug}`, {
      raw: applyForm({ companyName: 'Old Robotics', email: 'ada@oldrobotics.com', fillMs: '5000' }, { bytes: await makePdfDeck([['Old Robotics', 'Warehouse robots']]), filename: 'old.pdf' }),
    });
    expect(form.status).toBe(201);
    const mime = await composeMime({ to: fund.address, subject: 'Hello there', text: 'Just saying hi.' });
    const mail = await server.request('POST', fund.emailPath, { raw: mime, headers: { 'content-type': 'message/rfc822' } });
    expect(mail.status).toBeLessThan(300);
    const log = await settledLog(server, fund, 2);
    const rows = await db().select().from(intakeItems).where(eq(intakeItems.fundId, fund.fundId));
    const formRow = rows.find((r) => r.channel === 'form')!;
    const mailRow = rows.find((r) => r.channel === 'email')!;
    expect(formRow.payloadKey).toBeTruthy();
    expect(mailRow.payloadKey).toBeTruthy();
    expect(existsSync(blobPath(formRow.payloadKey!))).toBe(true);

    // A pending item (no outcome yet, e.g. waiting for a retry), received long ago.
    const pendingId = randomUUID();
    const pendingKey = `intake/${pendingId}`;
    mkdirSync(join(server.database.dataDir, 'blobs', 'intake'), { recursive: true });
    writeFileSync(blobPath(pendingKey), mime);
    await db().insert(intakeItems).values({ id: pendingId, fundId: fund.fundId, channel: 'email', format: 'rfc822', reference: 'FS-PENDING01', payloadKey: pendingKey, fields: { companyName: '', contentType: 'message/rfc822' } });

    await age(formRow.id, 31);
    await age(mailRow.id, 10);
    await age(pendingId, 90);

    // A server starting on the same data runs the sweep at once (then hourly).
    const second = await startTestServer({ INTAKE_PAYLOAD_RETENTION_DAYS: '30', JOBS_ENABLED: 'false' }, undefined, server.database);
    try {
      await pollUntil(async () => (await itemRow(formRow.id)).payloadKey === null, { timeoutMs: 15_000, intervalMs: 100, what: 'the sweep to prune the old payload' });
    } finally {
      await second.close(); // waits for its sweep to finish
    }
    expect(existsSync(blobPath(formRow.payloadKey!))).toBe(false);
    const pruned = await itemRow(formRow.id);
    expect(pruned).toMatchObject({ outcome: formRow.outcome, dealId: formRow.dealId, companyName: 'Old Robotics' });
    // Newer than the retention: kept.
    expect((await itemRow(mailRow.id)).payloadKey).toBe(mailRow.payloadKey);
    expect(existsSync(blobPath(mailRow.payloadKey!))).toBe(true);
    // Pending: never pruned, however old.
    expect(await itemRow(pendingId)).toMatchObject({ outcome: 'received', payloadKey: pendingKey });
    expect(existsSync(blobPath(pendingKey))).toBe(true);
    // The log still shows the pruned item with its outcome.
    const after = await server.request('GET', '/vc/intake/log/', { token: fund.token });
    expect(after.body.items).toEqual(expect.arrayContaining([expect.objectContaining({ id: formRow.id, outcome: log.find((i) => i.channel === 'form')!.outcome })]));
  });
});
