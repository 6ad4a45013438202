import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/config';
import { sweepOrphans } from '../../src/workers/orphan-sweep';
import { makeNoise, makeTempDir, removeDir } from '../support/audio';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { openBucket, startTestS3, type TestBucket, type TestS3 } from '../support/s3-server';
import { startTestApp, storedBlobs, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { readZip } from '../support/zip';

let s3: TestS3;
let app: TestApp;
let call: RestClient;
let bucket: TestBucket;
let dir: string;

const STORAGE_UNREACHABLE = 'The file storage cannot be reached; try again shortly';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Our objects as the bucket lists them, read with a client of its own. */
const objectKeys = async () => (await bucket.objects()).map((object) => object.key);
const objectBytes = (key: string) => bucket.bytes(key);

beforeAll(async () => {
  s3 = await startTestS3();
  app = await startTestApp({ ...s3.env, RATE_LIMIT_PER_MINUTE: '100000' });
  call = restClient(app.url, await app.createKey('acme'));
  bucket = openBucket(s3);
  dir = await makeTempDir('s3-store-');
});

afterAll(async () => {
  bucket?.close();
  await app?.close();
  await s3?.stop();
  await removeDir(dir);
});

describe('with BLOB_STORE=s3', () => {
  it('gives back a multipart-sized document upload byte for byte, kept in the bucket and not in DATA_DIR', async () => {
    expect((await call('POST', '/api/knowledgebases/acme', { form: await multipart({ name: 'Big' }) })).status).toBe(201);
    const empty = await call('POST', '/api/documents/acme/Big/empty', { form: await multipart({ name: 'Large', folder: 'f', type: 'file' }) });
    expect(empty.status).toBe(201);
    // More than one 8 MB upload part, so the multipart path is the one proven.
    const text = Buffer.from(randomBytes(5 * 1024 * 1024).toString('hex'));
    const path = join(dir, 'large.md');
    await writeFile(path, text);
    const keysBefore = await objectKeys();

    const uploaded = await call('POST', `/api/documents/acme/Big/${empty.body.id}/content/original`, { form: await multipart({}, { file: path }) });
    expect(uploaded.status).toBe(200);
    const added = (await objectKeys()).filter((key) => !keysBefore.includes(key));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^blobs\/[0-9a-f-]{36}$/);
    expect(sha256(await objectBytes(added[0]!))).toBe(sha256(text));

    const original = await call('GET', `/api/documents/acme/Big/${empty.body.id}/content/original`);
    expect(original.status).toBe(200);
    expect(original.body.encoding).toBe('utf-8');
    expect(sha256(Buffer.from(original.body.content as string, 'utf8'))).toBe(sha256(text));

    const files = await readdir(app.dataDir, { recursive: true });
    expect(files.filter((file) => file.startsWith('blobs'))).toEqual([]);
  });

  it('splits a recording with ffmpeg from the bucket and bundles samples that are the stored objects', async () => {
    const recording = await makeNoise(join(dir, 'recording.wav'), { seconds: 20, amplitude: 0.2 });
    expect((await call('POST', '/api/voices/acme', { form: await multipart({ name: 'Sam' }, { file: recording }) })).status).toBe(201);
    const voice = await waitFor(
      async () => (await call('GET', '/api/voices/acme/Sam')).body as { status: { splitting: string; embedding: string } },
      (current) => current.status.splitting !== 'in_progress' && current.status.embedding !== 'in_progress',
    );
    expect(voice.status).toMatchObject({ splitting: 'completed', embedding: 'completed' });

    const record = await app.app.services.voices.get('acme', 'Sam');
    expect(record.samples).toHaveLength(2);
    const bundle = await call('GET', '/api/voices/acme/Sam/samples-bundle');
    expect(bundle.status).toBe(200);
    const entries = await readZip(bundle.bytes);
    for (const sample of record.samples) {
      const stored = await objectBytes(`blobs/${sample.blobId}`);
      expect(stored.subarray(0, 4).toString()).toBe('OggS');
      expect(sha256(entries.get(`${sample.index}.opus`)!)).toBe(sha256(stored));
      const single = await call('GET', `/api/voices/acme/Sam/samples/${sample.index}`);
      expect(sha256(single.bytes)).toBe(sha256(stored));
    }
    const archive = await call('GET', '/api/voices/acme/Sam/embedding-archive');
    expect(archive.status).toBe(200);
    expect(sha256(archive.bytes)).toBe(sha256(await objectBytes(`blobs/${record.embeddings[record.embeddingType]!.archiveBlobId}`)));
    expect((await readdir(app.dataDir, { recursive: true })).filter((file) => file.startsWith('blobs'))).toEqual([]);
    // The local copies ffmpeg and the engine read are gone once their job is done.
    await waitFor(
      () => readdir(join(app.dataDir, 'tmp')),
      (entries) => entries.length === 0,
    );
  });

  it('sweeps objects no record references and leaves referenced ones and keys outside the blob ids', async () => {
    const referenced = await storedBlobs(app);
    expect(referenced.length).toBeGreaterThan(0);
    const stray = `blobs/${randomUUID()}`;
    const foreign = 'someone-else/report.csv';
    await bucket.put(stray, 'left by a crash');
    await bucket.put(foreign, 'not ours');

    // A cutoff in the future makes every object old enough; only references keep one.
    expect(await sweepOrphans(app.app.services.platform, -60_000)).toMatchObject({ blobs: 1 });
    const keys = await objectKeys();
    expect(keys).not.toContain(stray);
    expect(keys).toContain(foreign);
    for (const id of referenced) expect(keys).toContain(`blobs/${id}`);
  });

  it('is ready when the bucket takes a write, and says so when it does not', async () => {
    const ready = await call('GET', '/readyz', { key: null });
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual({ redis: 'ok', dataDir: 'ok', objectStorage: 'ok', audioTools: 'ok' });

    const missing = await startTestApp({ ...s3.env, S3_BUCKET: 'no-such-bucket', ROLE: 'api' });
    try {
      const answer = await restClient(missing.url)('GET', '/readyz', { key: null });
      expect(answer.status).toBe(503);
      expect(answer.body.checks.redis).toBe('ok');
      expect(answer.body.checks.objectStorage).toMatch(/bucket/i);
    } finally {
      await missing.close();
    }
  });
});

describe('when the object storage goes down', () => {
  it('answers uploads 503 with Retry-After in each API’s format, keeps nothing, and readiness says which part is down', async () => {
    const outage = await startTestS3();
    const down = await startTestApp({ ...outage.env, ROLE: 'api' });
    try {
      const downCall = restClient(down.url, await down.createKey('acme'));
      const recording = await makeNoise(join(dir, 'during-outage.wav'), { seconds: 2 });
      await outage.stop();

      const voice = await downCall('POST', '/api/voices/acme', { form: await multipart({ name: 'Outage' }, { file: recording }) });
      expect(voice.status).toBe(503);
      expect(voice.headers.get('retry-after')).toBe('5');
      expect(voice.body).toEqual({ detail: STORAGE_UNREACHABLE });
      expect((await downCall('GET', '/api/voices/acme/Outage')).status).toBe(404);

      const transcript = await downCall('POST', '/v2/transcript', { form: await multipart({}, { audio: recording }) });
      expect(transcript.status).toBe(503);
      expect(transcript.headers.get('retry-after')).toBe('5');
      expect(transcript.body).toEqual({ error: STORAGE_UNREACHABLE });

      expect(await readdir(join(down.dataDir, 'tmp'))).toEqual([]);
      const ready = await downCall('GET', '/readyz', { key: null });
      expect(ready.status).toBe(503);
      expect(ready.body.failing).toEqual(['objectStorage']);
    } finally {
      await down.close();
    }
  });
});

describe('the S3 configuration', () => {
  it('refuses BLOB_STORE=s3 without a bucket, and half a key pair, naming the variables', () => {
    expect(() => loadConfig({ BLOB_STORE: 's3' })).toThrow(ConfigError);
    expect(() => loadConfig({ BLOB_STORE: 's3' })).toThrow(/S3_BUCKET: is required when BLOB_STORE=s3/);
    expect(() => loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_SECRET_ACCESS_KEY: is required with S3_ACCESS_KEY_ID/,
    );
    expect(() => loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => loadConfig({ BLOB_STORE: 'nfs' })).toThrow(/BLOB_STORE/);
  });

  it('defaults to the local directory, and ends a prefix with a slash', () => {
    expect(loadConfig({}).BLOB_STORE).toBe('local');
    expect(loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'media', S3_PREFIX: 'persona' })).toMatchObject({
      S3_PREFIX: 'persona/',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
    });
  });
});
