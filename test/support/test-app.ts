import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkTools, startApp, type RunningApp } from '../../src/app';
import { loadConfig } from '../../src/config/config';
import { createPlatform } from '../../src/platform';
import { createServices, type Services } from '../../src/services';
import { LocalBlobStore } from '../../src/store/blob-store';
import { startTestCluster } from './redis-cluster';
import { startTestRedis, type TestRedis } from './redis-server';
import { startTestS3, type TestS3 } from './s3-server';

/**
 * The Redis a test file runs on: its own server, or with TEST_REDIS=cluster its own
 * three-master cluster (the `cluster` vitest project runs chosen suites that way).
 */
export function startTestBackend(): Promise<TestRedis> {
  return process.env.TEST_REDIS === 'cluster' ? startTestCluster() : startTestRedis();
}

export const onCluster = process.env.TEST_REDIS === 'cluster';

export interface TestApp {
  url: string;
  app: RunningApp;
  redis: TestRedis;
  dataDir: string;
  env: Record<string, string>;
  /** The S3-protocol server of this app when the run tests the S3 blob store (TEST_BLOB_STORE=s3). */
  s3: TestS3 | null;
  /** A new API key for these partners. */
  createKey(...partners: string[]): Promise<string>;
  close(): Promise<void>;
}

function testEnvironment(redis: TestRedis, dataDir: string, overrides: Record<string, string>): Record<string, string> {
  return {
    PORT: '0',
    HOST: '127.0.0.1',
    ...redis.env,
    REDIS_PREFIX: redis.prefix,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SHUTDOWN_GRACE_SECONDS: '5',
    ...overrides,
  };
}

/** The whole service in this process on a free port, with its own Redis and data directory. */
export async function startTestApp(overrides: Record<string, string> = {}, redis?: TestRedis): Promise<TestApp> {
  const ownRedis = !redis;
  const testRedis = redis ?? (await startTestBackend());
  const dataDir = await mkdtemp(path.join(tmpdir(), 'persona-test-'));
  const s3 = process.env.TEST_BLOB_STORE === 's3' && !overrides.BLOB_STORE ? await startTestS3() : null;
  const env = testEnvironment(testRedis, dataDir, { ...s3?.env, ...overrides });
  const app = await startApp(loadConfig(env));
  const url = app.url ?? '';
  return {
    url,
    app,
    redis: testRedis,
    dataDir,
    env,
    s3,
    async createKey(...partners: string[]) {
      return (await app.services.platform.apiKeys.create(partners)).key;
    },
    async close() {
      await app.close();
      if (ownRedis) await testRedis.stop();
      await s3?.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestDomain {
  services: Services;
  redis: TestRedis;
  close(): Promise<void>;
}

/** The domain services over their own Redis and data directory, with no HTTP server and no workers. */
export async function startTestDomain(): Promise<TestDomain> {
  const redis = await startTestBackend();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'persona-test-'));
  const config = loadConfig(testEnvironment(redis, dataDir, {}));
  const platform = await createPlatform(config);
  return {
    services: createServices(config, platform, await checkTools(config)),
    redis,
    async close() {
      await platform.close();
      await redis.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The app's blob store as the local directory it is by default, for tests that look at its files. */
export function localBlobs(app: TestApp): LocalBlobStore {
  const { blobs } = app.app.services.platform;
  if (!(blobs instanceof LocalBlobStore)) throw new Error('this test needs the local blob store (BLOB_STORE=local)');
  return blobs;
}

/** Ids of every blob the app's store holds now, whichever store it is. */
export function storedBlobs(app: TestApp): Promise<string[]> {
  return app.app.services.platform.blobs.blobsBefore(Number.POSITIVE_INFINITY);
}
