import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';

export interface TestS3 {
  /** BLOB_STORE and the S3_* variables that point a service at this server's bucket. */
  env: Record<string, string>;
  bucket: string;
  /** The server's files on disk (its own layout; only for looking, never for the service). */
  directory: string;
  stop(): Promise<void>;
}

const BUCKET = 'persona-test';

/**
 * A local S3-protocol server (s3rver) on a free port with one empty bucket, for one test
 * file or app. It speaks the API the AWS SDK uses, stores objects in its own directory,
 * and accepts any credentials.
 */
export async function startTestS3(): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 'persona-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = (await server.run()) as AddressInfo;
  return {
    env: {
      BLOB_STORE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'blobs/',
    },
    bucket: BUCKET,
    directory,
    async stop() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
