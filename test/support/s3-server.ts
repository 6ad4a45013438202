import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
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
  const { port } = await server.run();
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

export interface TestBucket {
  /** Every object in the bucket with its size, in key order. */
  objects(): Promise<{ key: string; size: number }[]>;
  bytes(key: string): Promise<Buffer>;
  put(key: string, body: string | Buffer): Promise<void>;
  close(): void;
}

/**
 * The test server's bucket through an SDK client of its own (not the service's), so a test
 * sees what the service really stored.
 */
export function openBucket(s3: TestS3): TestBucket {
  const client = new S3Client({
    endpoint: s3.env.S3_ENDPOINT,
    region: s3.env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID!, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY! },
    // s3rver mishandles the SDK's default aws-chunked uploads, as the service's client knows too.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    async objects() {
      const found: { key: string; size: number }[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, ContinuationToken: token }));
        for (const object of page.Contents ?? []) found.push({ key: object.Key!, size: object.Size ?? 0 });
        token = page.NextContinuationToken;
      } while (token);
      return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
    async bytes(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    async put(key, body) {
      await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body }));
    },
    close: () => client.destroy(),
  };
}
