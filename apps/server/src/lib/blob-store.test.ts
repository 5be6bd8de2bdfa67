import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { loadConfig } from '../config/env.ts';
import { BlobNotFoundError, type BlobStore } from './blob-store.ts';
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
