import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type AppConfig } from '../config/env.ts';
import { makePdfDeck, makeSolidDeck } from '../../test/decks.ts';
import { pollUntil } from '../../test/poll-until.ts';
import { backupInstance, restoreInstance } from './backups.ts';

/**
 * `npm run backup` and `npm run restore` (ADR 0046): a populated instance is backed up, restored
 * into a fresh one (a new DATA_DIR, or a new PostgreSQL database), and the restored server shows
 * every deal with its score and its deck, and signs the same people in.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean();
});
const quiet = { log: () => {}, error: () => {} };

/** A new instance: its own DATA_DIR and, on PostgreSQL, its own (empty) database. */
async function newInstance(): Promise<{ config: AppConfig }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fitscore-backup-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl: string | undefined;
  if (serverUrl) {
    const name = `fitscore_backup_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    cleanups.push(async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    });
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SERVE_WEB: 'false',
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  return { config };
}

/** The real server on the instance, as `npm start` runs it (its own database, opened from the configuration). */
async function serve(config: AppConfig) {
  const app: FastifyInstance = await buildApp(config);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const call = async (method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: any }> => {
    const headers: Record<string, string> = token ? { authorization: `Token ${token}` } : {};
    if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
    const res = await fetch(url + path, { method, headers, body: body instanceof FormData ? body : body === undefined ? null : JSON.stringify(body) });
    const type = res.headers.get('content-type') ?? '';
    return { status: res.status, body: type.includes('json') ? await res.json() : new Uint8Array(await res.arrayBuffer()) };
  };
  return { app, call };
}

type Call = Awaited<ReturnType<typeof serve>>['call'];

/** Everything a fund's member sees of its pipeline: each deal in full, and each deck's first page. */
async function pipelineOf(call: Call, token: string) {
  const list = await call('GET', '/api/vc/deals?limit=100', token);
  expect(list.status).toBe(200);
  const deals = [];
  for (const { id } of list.body.deals as { id: string }[]) {
    const detail = await call('GET', `/api/vc/deals/${id}`, token);
    const page = await call('GET', `/api/vc/deals/${id}/deck/pages/1.png`, token);
    deals.push({ deal: detail.body.deal, page: { status: page.status, bytes: Buffer.from(page.body as Uint8Array).toString('base64') } });
  }
  return { total: list.body.total, deals };
}

describe('backup and restore', () => {
  it('a backup of a populated instance restored into a fresh one has every deal, score and deck', async () => {
    const source = await newInstance();
    const { app, call } = await serve(source.config);
    const signup = await call('POST', '/user/signup/', undefined, { email: 'ada@backup.example', password: 'secret-pass-1', type: 'vc', name: 'Ada Admin' });
    expect(signup.status).toBe(201);
    const token = signup.body.token as string;
    const step1 = await call('POST', '/vc/profile/step1/', token, {
      fund_name: 'Backup Ventures', website: 'https://backup.vc', sectors: ['SaaS'], stages: ['Seed'], geography: ['US'], ticket_size_min: null, ticket_size_max: null,
    });
    expect(step1.status).toBe(200);
    const decks = [
      { name: 'Acme Robotics', bytes: await makeSolidDeck() },
      { name: 'Ledgerly', bytes: await makePdfDeck([['Ledgerly', 'Reconciliation for finance teams'], ['Traction', '40 paying customers, $480K ARR'], ['Team', 'Ex-Stripe founders']]) },
    ];
    for (const deck of decks) {
      const form = new FormData();
      form.append('companyName', deck.name);
      form.append('file', new Blob([deck.bytes]), 'deck.pdf');
      expect((await call('POST', '/api/vc/deals/upload', token, form)).status).toBe(202);
    }
    // Every deck scored (or refused by the engine): the states a backup must keep.
    await pollUntil(
      async () => {
        const list = await call('GET', '/api/vc/deals', token);
        const states = (list.body.deals as { scoring: { state: string } }[]).map((d) => d.scoring.state);
        return states.length === 2 && states.every((s) => s === 'done' || s === 'failed');
      },
      { timeoutMs: 150_000, intervalMs: 300, what: 'both decks to finish scoring' },
    );
    expect((await call('PUT', '/vc/settings/weights/', token, { team: 9, market: 5, problemSolution: 5, traction: 8, product: 6, businessModel: 6, financials: 8, gtm: 6, risks: 6 })).status).toBe(200);
    const before = await pipelineOf(call, token);
    expect(before.deals.some((d) => d.deal.fitScore !== null)).toBe(true);
    expect(before.deals.every((d) => d.page.status === 200)).toBe(true);
    await app.close();

    const backupDir = join(mkdtempSync(join(tmpdir(), 'fitscore-backup-out-')), 'backup');
    cleanups.push(() => rmSync(join(backupDir, '..'), { recursive: true, force: true }));
    const manifest = await backupInstance(source.config, backupDir, quiet);
    expect(manifest.database).toBe(serverUrl ? 'postgres' : 'embedded');
    expect(manifest.blobs).toMatchObject({ kind: 'copied' });
    expect(manifest.blobs.kind === 'copied' && manifest.blobs.files).toBeGreaterThanOrEqual(2);
    expect(existsSync(join(backupDir, serverUrl ? 'database.dump' : 'database.tar.gz'))).toBe(true);

    const target = await newInstance();
    // A restore goes into an empty instance only, unless forced.
    await restoreInstance(target.config, backupDir, quiet);
    await expect(restoreInstance(target.config, backupDir, quiet)).rejects.toThrow(/already/);
    expect(readFileSync(join(target.config.dataDir, 'app-secret.key'), 'utf8')).toBe(readFileSync(join(source.config.dataDir, 'app-secret.key'), 'utf8'));

    const restored = await serve(target.config);
    cleanups.push(() => restored.app.close());
    const signin = await restored.call('POST', '/user/login/', undefined, { email: 'ada@backup.example', password: 'secret-pass-1', type: 'vc' });
    expect(signin.status).toBe(200);
    const after = await pipelineOf(restored.call, signin.body.token as string);
    expect(after).toEqual(before);
  }, 300_000);
});
