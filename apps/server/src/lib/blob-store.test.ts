import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { loadConfig } from '../config/env.ts';
import { BlobNotFoundError, blobHead, blobSize, type BlobStore } from './blob-store.ts';
import { openBlobStore } from './open-blob-store.ts';

/** One backing storage and a way to open stores on it: two stores on one backing are two processes. */
interface Backing {
  open(): BlobStore;
  dispose(): Promise<void>;
}

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startTestS3Server();
});
afterAll(() => s3?.close());

const backings: { name: string; make: () => Backing }[] = [
  {
    name: 'local folder (BLOB_STORE=local)',
    make() {
      const dataDir = mkdtempSync(join(tmpdir(), 'fitscore-blobs-'));
      return {
        open: () => openBlobStore(loadConfig({ DATA_DIR: dataDir })),
        dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'S3-compatible bucket (BLOB_STORE=s3)',
    make() {
      return { open: () => openBlobStore(loadConfig({ ...s3.env })), dispose: async () => {} };
    },
  },
];

describe.each(backings)('blob store contract: $name', ({ make }) => {
  let backing: Backing;
  let store: BlobStore;
  beforeAll(() => {
    backing = make();
    store = backing.open();
  });
  afterAll(async () => {
    await store.close();
    await backing.dispose();
  });
  const key = (name: string) => `contract/${randomBytes(4).toString('hex')}/${name}`;

  it('gives back exactly the bytes put under a key, binary included', async () => {
    const k = key('deck.pdf');
    const data = new Uint8Array(randomBytes(256 * 1024));
    data[0] = 0;
    await store.put(k, data);
    expect(Buffer.from(await store.get(k)).equals(Buffer.from(data))).toBe(true);
  });

  it('stores bytes given in the pieces they arrived in as one blob, in order (more pieces than one write takes, empty ones among them)', async () => {
    const k = key('message.eml');
    const pieces = Array.from({ length: 2500 }, (_, i) => (i % 7 === 3 ? new Uint8Array(0) : new Uint8Array(randomBytes(1 + (i % 300)))));
    await store.put(k, pieces);
    expect(Buffer.from(await store.get(k)).equals(Buffer.concat(pieces))).toBe(true);
  });

  it('a second put under the same key replaces the bytes', async () => {
    const k = key('v.pdf');
    await store.put(k, new Uint8Array([1, 2, 3]));
    await store.put(k, new Uint8Array([9]));
    expect([...(await store.get(k))]).toEqual([9]);
  });

  it('keeps an empty file', async () => {
    const k = key('empty');
    await store.put(k, new Uint8Array(0));
    expect((await store.get(k)).byteLength).toBe(0);
  });

  it('a key never written, or deleted, is BlobNotFoundError; deleting it again is fine', async () => {
    const k = key('gone.pdf');
    await expect(store.get(k)).rejects.toBeInstanceOf(BlobNotFoundError);
    await store.put(k, new Uint8Array([1]));
    await store.delete(k);
    await expect(store.get(k)).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.delete(k)).resolves.toBeUndefined();
  });

  it('deleting one key leaves its neighbours', async () => {
    const [a, b] = [key('a'), key('b')];
    await store.put(a, new Uint8Array([1]));
    await store.put(b, new Uint8Array([2]));
    await store.delete(a);
    expect([...(await store.get(b))]).toEqual([2]);
  });

  it('lists the keys under a prefix with when they were written, and no others', async () => {
    const folder = `list/${randomBytes(4).toString('hex')}`;
    const before = Date.now() - 60_000;
    await store.put(`${folder}/a.pdf`, new Uint8Array([1]));
    await store.put(`${folder}/deep/b.pptx`, new Uint8Array([2]));
    await store.put(`other-${folder}/c.pdf`, new Uint8Array([3]));
    const listed = [];
    for await (const blob of store.list(`${folder}/`)) listed.push(blob);
    expect(listed.map((b) => b.key).sort()).toEqual([`${folder}/a.pdf`, `${folder}/deep/b.pptx`]);
    for (const blob of listed) expect(blob.modifiedAt.getTime()).toBeGreaterThan(before);
  });

  it('another store on the same storage (another process) reads what this one wrote', async () => {
    const other = backing.open();
    try {
      const k = key('shared.pdf');
      await store.put(k, new Uint8Array([4, 2]));
      expect([...(await other.get(k))]).toEqual([4, 2]);
      await other.delete(k);
      await expect(store.get(k)).rejects.toBeInstanceOf(BlobNotFoundError);
    } finally {
      await other.close();
    }
  });

  it.each(['../outside', 'decks/../../x', '/absolute', 'a//b', 'decks/./x', '', 'spaces are not keys'])(
    'refuses the key %j on every call',
    async (bad) => {
      await expect(store.put(bad, new Uint8Array([1]))).rejects.toThrow('Invalid blob key');
      await expect(store.get(bad)).rejects.toThrow('Invalid blob key');
      await expect(store.delete(bad)).rejects.toThrow('Invalid blob key');
    },
  );
});

describe('blob data in pieces', () => {
  it('gives its size and first bytes across pieces, however the bytes were cut', () => {
    const pieces = [new Uint8Array([0x25, 0x50]), new Uint8Array(0), new Uint8Array([0x44, 0x46, 0x2d, 0x31]), new Uint8Array([0x2e])];
    expect(blobSize(pieces)).toBe(7);
    expect([...blobHead(pieces, 5)]).toEqual([0x25, 0x50, 0x44, 0x46, 0x2d]);
    expect([...blobHead(pieces, 50)]).toEqual([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e]);
    expect([...blobHead(new Uint8Array([1, 2, 3]), 2)]).toEqual([1, 2]);
    expect(blobHead([], 8).byteLength).toBe(0);
  });
});

describe('BLOB_STORE settings', () => {
  it('s3 needs a bucket, and both parts of a key pair or neither', () => {
    expect(() => loadConfig({ BLOB_STORE: 's3' })).toThrow('S3_BUCKET is required when BLOB_STORE=s3');
    expect(() => loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      'S3_SECRET_ACCESS_KEY',
    );
    expect(() => loadConfig({ BLOB_STORE: 'ftp' })).toThrow('BLOB_STORE');
  });

  it('reads every S3 setting; local is the default', () => {
    expect(loadConfig({}).blobs).toEqual({ kind: 'local' });
    expect(loadConfig({ ...s3.env }).blobs).toEqual({
      kind: 's3',
      bucket: s3.env.S3_BUCKET,
      endpoint: s3.env.S3_ENDPOINT,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    });
  });
});

describe('local blob store after a crash mid-write', () => {
  it('removes the old .tmp-* files a crash left, keeps recent ones (a write in progress) and every blob', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fitscore-blobs-'));
    const store = openBlobStore(loadConfig({ DATA_DIR: dataDir }));
    try {
      await store.put('decks/kept.pdf', new Uint8Array([1]));
      const folder = join(dataDir, 'blobs', 'decks');
      const crashed = join(folder, '.tmp-0a1b2c3d4e5f');
      const writing = join(folder, '.tmp-ffeeddccbbaa');
      writeFileSync(crashed, 'half a deck');
      writeFileSync(writing, 'a deck being written');
      const hourAgo = new Date(Date.now() - 3_600_000);
      utimesSync(crashed, hourAgo, hourAgo);

      expect(await store.removeIncomplete(new Date(Date.now() - 600_000))).toBe(1);
      expect(readdirSync(folder).sort()).toEqual(['.tmp-ffeeddccbbaa', 'kept.pdf']);
      // A temporary file is never listed as a blob.
      const listed = [];
      for await (const blob of store.list('decks/')) listed.push(blob.key);
      expect(listed).toEqual(['decks/kept.pdf']);
    } finally {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
