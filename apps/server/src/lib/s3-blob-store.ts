import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, paginateListObjectsV2 } from '@aws-sdk/client-s3';
import type { BlobStoreConfig } from '../config/env.ts';
import { assertBlobKey, BlobNotFoundError, blobParts, type BlobStore } from './blob-store.ts';

export type S3BlobStoreConfig = Extract<BlobStoreConfig, { kind: 's3' }>;

/**
 * Blobs in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, ...), so every API and worker process
 * reads the same files. The bucket must exist; the key is the object's name. A PUT replaces the
 * object in one step, so readers see the old bytes or the new ones, never part of them.
 */
export function createS3BlobStore(config: S3BlobStoreConfig): BlobStore {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where S3 requires them: many S3-compatible servers reject or ignore the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  return {
    async put(key, data) {
      assertBlobKey(key);
      const parts = blobParts(data);
      const body = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: body.byteLength }));
    },
    async get(key) {
      assertBlobKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) throw new BlobNotFoundError(key);
        return await object.Body.transformToByteArray();
      } catch (error) {
        if (error instanceof NoSuchKey) throw new BlobNotFoundError(key);
        throw error;
      }
    },
    async delete(key) {
      assertBlobKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *list(prefix) {
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: prefix })) {
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, modifiedAt: object.LastModified ?? new Date(0) };
        }
      }
    },
    // A PUT is one step: an interrupted one leaves nothing behind.
    removeIncomplete: async () => 0,
    async close() {
      client.destroy();
    },
  };
}
