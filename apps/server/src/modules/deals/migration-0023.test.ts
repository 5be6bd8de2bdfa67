import { migrateDatabase, rawRows, type DatabaseHandle } from '@fitscore/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseBeforeMigration } from '../../../test/migrations-before.ts';

/**
 * Migration 0023 keeps each deal's newest scoring state and its arrivals on the deal's row, for the
 * list to read with the row. Deals from before it get theirs, and the triggers keep them after
 * every change of a run or an arrival.
 */
let before: Awaited<ReturnType<typeof databaseBeforeMigration>>;
let handle: DatabaseHandle;

const rows = <T>(query: ReturnType<typeof sql>) => rawRows<T>(handle.db, query);
const run = (query: ReturnType<typeof sql>) => handle.db.execute(query);
interface Copies {
  scoring_status: string | null;
  scoring_error: string | null;
  arrivals: { channel: string; receivedAt: string; deckLink: string | null; note: string }[];
}
const copiesOf = async (dealId: string) =>
  (await rows<Copies>(sql`select scoring_status, scoring_error, arrivals from deals where id = ${dealId}`))[0];

beforeAll(async () => {
  before = await databaseBeforeMigration('0023_');
  handle = before.handle;
});
afterAll(() => before.close());

describe('migration 0023 (the scoring state and arrivals on the deal row)', () => {
  let scored: string;
  let plain: string;

  it('gives the deals there are their newest run and their arrivals, oldest first', async () => {
    const [fund] = await rows<{ id: string }>(sql`insert into funds default values returning id`);
    const deal = async (name: string, source: string) =>
      (await rows<{ id: string }>(sql`insert into deals (fund_id, startup_name, source) values (${fund!.id}, ${name}, ${source}) returning id`))[0]!.id;
    scored = await deal('Acme', 'email');
    plain = await deal('Beta', 'upload');
    await run(sql`insert into scoring_runs (deal_id, status, stage, created_at) values
      (${scored}, 'done', 'done', '2026-01-01T10:00:00Z'),
      (${scored}, 'failed', 'failed', '2026-01-02T10:00:00Z')`);
    await run(sql`update scoring_runs set error = 'This file is damaged and could not be read.' where status = 'failed'`);
    await run(sql`insert into deal_sources (deal_id, channel, received_at, deck_link, note) values
      (${scored}, 'email', '2026-01-03T09:30:00.250Z', null, 'Forwarded by Ann'),
      (${scored}, 'form', '2026-01-01T08:00:00Z', 'https://docsend.com/view/abc', '')`);

    await migrateDatabase(handle);

    expect(await copiesOf(scored)).toEqual({
      scoring_status: 'failed',
      scoring_error: 'This file is damaged and could not be read.',
      arrivals: [
        { channel: 'form', receivedAt: '2026-01-01T08:00:00.000Z', deckLink: 'https://docsend.com/view/abc', note: '' },
        { channel: 'email', receivedAt: '2026-01-03T09:30:00.250Z', deckLink: null, note: 'Forwarded by Ann' },
      ],
    });
    expect(await copiesOf(plain)).toEqual({ scoring_status: null, scoring_error: null, arrivals: [] });
  });

  it('follows each new run and each change of its status or error', async () => {
    await run(sql`insert into scoring_runs (deal_id, status, stage) values (${plain}, 'queued', 'queued')`);
    expect(await copiesOf(plain)).toMatchObject({ scoring_status: 'queued', scoring_error: null });
    await run(sql`update scoring_runs set status = 'running', stage = 'reading' where deal_id = ${plain}`);
    expect(await copiesOf(plain)).toMatchObject({ scoring_status: 'running' });
    await run(sql`update scoring_runs set status = 'failed', error = 'No text could be read.' where deal_id = ${plain}`);
    expect(await copiesOf(plain)).toMatchObject({ scoring_status: 'failed', scoring_error: 'No text could be read.' });
    // A change to an older run leaves the newest one's state.
    await run(sql`update scoring_runs set error = 'an old error' where deal_id = ${scored} and status = 'done'`);
    expect(await copiesOf(scored)).toMatchObject({ scoring_status: 'failed', scoring_error: 'This file is damaged and could not be read.' });
  });

  it('follows each arrival added, moved to another deal or removed', async () => {
    await run(sql`insert into deal_sources (deal_id, channel, received_at) values (${plain}, 'webhook', '2026-02-01T00:00:00Z')`);
    expect((await copiesOf(plain))!.arrivals).toEqual([{ channel: 'webhook', receivedAt: '2026-02-01T00:00:00.000Z', deckLink: null, note: '' }]);

    await run(sql`update deal_sources set deal_id = ${plain} where deal_id = ${scored} and channel = 'form'`);
    expect((await copiesOf(plain))!.arrivals.map((a) => a.channel)).toEqual(['form', 'webhook']);
    expect((await copiesOf(scored))!.arrivals.map((a) => a.channel)).toEqual(['email']);

    await run(sql`delete from deal_sources where deal_id = ${scored}`);
    expect((await copiesOf(scored))!.arrivals).toEqual([]);
  });
});
