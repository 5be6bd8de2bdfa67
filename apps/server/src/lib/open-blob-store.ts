import { join } from 'node:path';
import type { AppConfig } from '../config/env.ts';
import { createLocalBlobStore, type BlobStore } from './blob-store.ts';
import { createS3BlobStore } from './s3-blob-store.ts';

/** The blob store the configuration names (BLOB_STORE): DATA_DIR/blobs, or an S3-compatible bucket. */
export function openBlobStore(config: Pick<AppConfig, 'blobs' | 'dataDir'>): BlobStore {
  return config.blobs.kind === 's3'
    ? createS3BlobStore(config.blobs)
    : createLocalBlobStore(join(config.dataDir, 'blobs'));
}
