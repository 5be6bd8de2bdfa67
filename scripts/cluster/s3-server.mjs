#!/usr/bin/env node
/**
 * The cluster's S3-compatible store on this machine: s3rver (from npm), with one bucket, its
 * objects in a folder. compose.yaml runs MinIO in its place; the servers speak S3 to either.
 *
 *   node s3-server.mjs --address 10.0.0.3 --port 9000 --directory DIR --bucket fitscore
 */
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import S3rver from 's3rver';

const { values } = parseArgs({
  options: { address: { type: 'string' }, port: { type: 'string' }, directory: { type: 'string' }, bucket: { type: 'string' } },
});
mkdirSync(values.directory, { recursive: true });
const server = new S3rver({
  address: values.address,
  port: Number(values.port),
  silent: true,
  directory: values.directory,
  configureBuckets: [{ name: values.bucket }],
});
await server.run();
console.log(`s3rver: bucket ${values.bucket} on http://${values.address}:${values.port}`);
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
