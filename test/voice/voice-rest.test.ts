import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, storedBlobs, type TestApp } from '../support/test-app';
import { readZip } from '../support/zip';
import { espeakAvailable, makeNoise, makeSine, makeTempDir, probeFile, removeDir } from '../support/audio';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { waitFor } from '../support/wait-for';

interface Detail {
  name: string;
  original_filename: string | null;
  original_uploaded_name: string | null;
  original_duration: number | null;
  status: { splitting: string; embedding: string; splitting_error: string | null; embedding_error: string | null };
  samples: { index: number; source_timestamp: string | null; duration: number }[];
  embedding_info: {
    tts_type: string;
    last_update_status: string;
    last_update_time: string;
    test_samples: { sample_index: number; sentence_index: number; filename: string }[];
    sample_scores: { sample_index: number; score: number }[];
  } | null;
  embedding_type: string;
  embedding_zip_url: string | null;
  preferred_sample_index: number | null;
  creator_name: string | null;
  creator_email: string | null;
}

let app: TestApp;
let key: string;
let call: RestClient;
let dir: string;
let recording: string;
const DEFAULT_TTS = 'vendor_tts_v2';

const voicePath = (name: string) => `/api/voices/acme/${encodeURIComponent(name)}`;

async function detail(name: string): Promise<Detail> {
  const response = await call('GET', voicePath(name));
  expect(response.status).toBe(200);
  return response.body as Detail;
}

const settled = (voice: Detail) => voice.status.splitting !== 'in_progress' && voice.status.embedding !== 'in_progress';

async function createWithFile(name: string, file = recording, extra: Record<string, string> = {}) {
  return call('POST', '/api/voices/acme', { form: await multipart({ name, ...extra }, { file }) });
}

/** Files in the data directory and blobs in the store (the same files when the store is local). */
async function countFiles(of: TestApp): Promise<number> {
  const entries = await readdir(of.dataDir, { recursive: true, withFileTypes: true }).catch(() => []);
  const blobs = of.s3 ? (await storedBlobs(of)).length : 0;
  return entries.filter((entry) => entry.isFile()).length + blobs;
}

beforeAll(async () => {
  app = await startTestApp({ DEFAULT_TTS_TYPE: DEFAULT_TTS });
  key = await app.createKey('acme');
  call = restClient(app.url, key);
  dir = await makeTempDir('voice-rest-');
  // Noise keeps the Opus encoder at its target bitrate, so the 96 kbps check is meaningful.
  recording = await makeNoise(join(dir, 'recording.wav'), { seconds: 40, amplitude: 0.2 });
});

afterAll(async () => {
  await app?.close();
  await removeDir(dir);
});

describe('voice created from a recording', () => {
  let created: Detail;
  let done: Detail;

  beforeAll(async () => {
    const response = await createWithFile('Alice', recording, { creator_name: 'Ann Author', creator_email: 'ann@example.com' });
    expect(response.status).toBe(201);
    created = response.body as Detail;
    done = await waitFor(() => detail('Alice'), settled);
  });

  it('answers 201 with the voice, both pipelines in progress', () => {
    expect(created.name).toBe('Alice');
    expect(created.status.splitting).toBe('in_progress');
    expect(created.status.embedding).toBe('in_progress');
    expect(created.original_uploaded_name).toBe('recording.wav');
    expect(created.creator_name).toBe('Ann Author');
    expect(created.creator_email).toBe('ann@example.com');
    expect(created.embedding_type).toBe(DEFAULT_TTS);
  });

  it('splits into 15 s samples with MM:SS source timestamps, then embeds', () => {
    expect(done.status).toEqual({ splitting: 'completed', embedding: 'completed', splitting_error: null, embedding_error: null });
    expect(done.original_filename).toBe('original.opus');
    expect(done.original_duration).toBeGreaterThan(39.5);
    expect(done.original_duration).toBeLessThan(40.5);
    expect(done.samples.map((sample) => [sample.index, sample.source_timestamp])).toEqual([
      [0, '00:00'],
      [1, '00:15'],
      [2, '00:30'],
    ]);
    expect(done.samples[0]!.duration).toBeCloseTo(15, 0);
    expect(done.samples[2]!.duration).toBeCloseTo(10, 0);
  });

  it('fills embedding_info from the engine result', async () => {
    const info = done.embedding_info!;
    expect(info.tts_type).toBe(DEFAULT_TTS);
    expect(info.last_update_status).toBe('success');
    expect(Date.parse(info.last_update_time)).toBeGreaterThan(Date.now() - 120_000);
    expect(info.sample_scores.map((score) => score.sample_index).sort()).toEqual([0, 1, 2]);
    for (const { score } of info.sample_scores) {
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(1);
    }
    if (await espeakAvailable()) expect(info.test_samples.length).toBeGreaterThan(0);
    expect(done.embedding_zip_url).toContain('/embedding-archive');
    const archive = await call('GET', done.embedding_zip_url!);
    expect(archive.status).toBe(200);
    expect(archive.headers.get('content-type')).toBe('application/zip');
    expect((await readZip(archive.bytes)).size).toBeGreaterThan(0);
  });

  it('serves each sample as Ogg Opus, mono, about 96 kbps', async () => {
    const response = await call('GET', `${voicePath('Alice')}/samples/1`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/ogg');
    const file = join(dir, 'sample1.opus');
    await writeFile(file, response.bytes);
    const probe = await probeFile(file);
    expect(probe.audioCodec).toBe('opus');
    expect(probe.channels).toBe(1);
    expect(probe.durationSeconds).toBeCloseTo(15, 0);
    expect(probe.bitRate).toBeGreaterThan(80_000);
    expect(probe.bitRate).toBeLessThan(115_000);
  });

  it('lists the voice with the list-item fields', async () => {
    const response = await call('GET', '/api/voices/acme');
    expect(response.status).toBe(200);
    const list = response.body as Record<string, unknown>[];
    expect(list.find((item) => item.name === 'Alice')).toEqual({
      name: 'Alice',
      has_original: true,
      sample_count: 3,
      splitting_status: 'completed',
      embedding_status: 'completed',
      creator_name: 'Ann Author',
      creator_email: 'ann@example.com',
    });
  });

  it('bundles the samples as {index}.opus plus voice_info.json', async () => {
    const response = await call('GET', `${voicePath('Alice')}/samples-bundle`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const entries = await readZip(response.bytes);
    expect([...entries.keys()].sort()).toEqual(['0.opus', '1.opus', '2.opus', 'voice_info.json']);
    const info = JSON.parse(entries.get('voice_info.json')!.toString()) as Record<string, unknown>;
    expect(info.name).toBe('Alice');
    expect(info.sample_count).toBe(3);
    expect((info.samples as { filename: string }[]).map((sample) => sample.filename)).toEqual(['0.opus', '1.opus', '2.opus']);
    expect(entries.get('0.opus')!.subarray(0, 4).toString()).toBe('OggS');
  });

  it('lists and serves test samples per TTS type', async () => {
    const list = await call('GET', `${voicePath('Alice')}/test-samples`);
    expect(list.status).toBe(200);
    const items = list.body as { filename: string; url: string; tts_type: string }[];
    expect(items.length).toBe(done.embedding_info!.test_samples.length);
    if (items.length > 0) {
      const file = await call('GET', items[0]!.url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('audio/ogg');
      expect(file.bytes.subarray(0, 4).toString()).toBe('OggS');
    }
    const missing = await call('GET', `${voicePath('Alice')}/test-samples/nope.opus`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: 'Test sample not found' });
  });

  it('re-splits with max_samples and sample_duration, replacing the samples', async () => {
    const response = await call('POST', `${voicePath('Alice')}/split`, { urlencoded: 'max_samples=2&sample_duration=10' });
    expect(response.status).toBe(202);
    expect((response.body as Detail).status.splitting).toBe('in_progress');
    const resplit = await waitFor(() => detail('Alice'), settled);
    expect(resplit.status.splitting).toBe('completed');
    expect(resplit.samples.map((sample) => [sample.index, sample.source_timestamp])).toEqual([
      [0, '00:00'],
      [1, '00:10'],
    ]);
    expect(resplit.samples[1]!.duration).toBeCloseTo(10, 0);
  });

  it.each([
    ['max_samples=0', 'max_samples'],
    ['max_samples=101', 'max_samples'],
    ['sample_duration=4', 'sample_duration'],
    ['sample_duration=61', 'sample_duration'],
    ['max_samples=abc', 'max_samples'],
  ])('refuses split parameters out of bounds: %s', async (body, param) => {
    const response = await call('POST', `${voicePath('Alice')}/split`, { urlencoded: body });
    expect(response.status).toBe(422);
    expect((response.body as { detail: string }).detail).toMatch(new RegExp(`^${param}: `));
  });

  it('embeds for another TTS type, keeps its test files apart and deletes them', async () => {
    const response = await call('POST', `${voicePath('Alice')}/embed`, { form: await multipart({ tts_type: 'other_tts' }) });
    expect(response.status).toBe(202);
    const embedded = await waitFor(() => detail('Alice'), settled);
    expect(embedded.status.embedding).toBe('completed');
    expect(embedded.embedding_type).toBe('other_tts');
    expect(embedded.embedding_info!.tts_type).toBe('other_tts');
    const list = (await call('GET', `${voicePath('Alice')}/test-samples?tts_type=other_tts`)).body as unknown[];
    if (!(await espeakAvailable())) return;
    expect(list.length).toBeGreaterThan(0);
    const removed = await call('DELETE', `${voicePath('Alice')}/test-files/other_tts`);
    expect(removed.status).toBe(204);
    const after = (await call('GET', `${voicePath('Alice')}/test-samples?tts_type=other_tts`)).body as unknown[];
    expect(after).toEqual([]);
    const again = await call('DELETE', `${voicePath('Alice')}/test-files/other_tts`);
    expect(again.status).toBe(404);
  });

  it('sets and clears the preferred sample', async () => {
    const set = await call('PUT', `${voicePath('Alice')}/preferred-sample`, { form: await multipart({ sample_index: '1' }) });
    expect(set.status).toBe(200);
    expect((set.body as Detail).preferred_sample_index).toBe(1);
    const cleared = await call('PUT', `${voicePath('Alice')}/preferred-sample`, { form: await multipart({ sample_index: '' }) });
    expect((cleared.body as Detail).preferred_sample_index).toBeNull();
    const missing = await call('PUT', `${voicePath('Alice')}/preferred-sample`, { form: await multipart({ sample_index: '99' }) });
    expect(missing.status).toBe(422);
    expect((missing.body as { detail: string }).detail).toMatch(/^sample_index: /);
  });
});

describe('voice created empty', () => {
  it('takes samples one by one, converted to Ogg Opus mono, and deletes them', async () => {
    const created = await call('POST', '/api/voices/acme/empty', { form: await multipart({ name: 'Bob' }) });
    expect(created.status).toBe(201);
    const body = created.body as Detail;
    expect(body.status).toEqual({ splitting: 'idle', embedding: 'idle', splitting_error: null, embedding_error: null });
    expect(body.original_filename).toBeNull();

    const clip = await makeSine(join(dir, 'clip.wav'), { seconds: 6 });
    const upload = await call('POST', `${voicePath('Bob')}/samples`, { form: await multipart({}, { file: clip }) });
    expect(upload.status).toBe(201);
    const sample = upload.body as { index: number; source_timestamp: string | null; duration: number };
    expect(sample.index).toBe(0);
    expect(sample.source_timestamp).toBeNull();
    expect(sample.duration).toBeCloseTo(6, 0);
    const second = (await call('POST', `${voicePath('Bob')}/samples`, { form: await multipart({}, { file: clip }) })).body as { index: number };
    expect(second.index).toBe(1);

    const audio = await call('GET', `${voicePath('Bob')}/samples/0`);
    const file = join(dir, 'bob0.opus');
    await writeFile(file, audio.bytes);
    const probe = await probeFile(file);
    expect(probe.audioCodec).toBe('opus');
    expect(probe.channels).toBe(1);

    expect((await call('DELETE', `${voicePath('Bob')}/samples/0`)).status).toBe(204);
    const gone = await call('GET', `${voicePath('Bob')}/samples/0`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ detail: 'Sample not found' });
    expect((await detail('Bob')).samples.map((entry) => entry.index)).toEqual([1]);

    const split = await call('POST', `${voicePath('Bob')}/split`);
    expect(split.status).toBe(422);

    const embed = await call('POST', `${voicePath('Bob')}/embed`);
    expect(embed.status).toBe(202);
    const embedded = await waitFor(() => detail('Bob'), settled);
    expect(embedded.status.embedding).toBe('completed');
    expect(embedded.embedding_info!.sample_scores.map((score) => score.sample_index)).toEqual([1]);
  });
});

describe('rename and delete', () => {
  it('renames, refuses duplicates, and deletes', async () => {
    await call('POST', '/api/voices/acme/empty', { form: await multipart({ name: 'Carol' }) });
    await call('POST', '/api/voices/acme/empty', { form: await multipart({ name: 'Dave' }) });
    const renamed = await call('PUT', `${voicePath('Carol')}/name`, { form: await multipart({ name: 'Caroline' }) });
    expect(renamed.status).toBe(200);
    expect((renamed.body as Detail).name).toBe('Caroline');
    expect((await call('GET', voicePath('Carol'))).status).toBe(404);
    expect((await detail('Caroline')).name).toBe('Caroline');

    const duplicate = await call('PUT', `${voicePath('Caroline')}/name`, { form: await multipart({ name: 'Dave' }) });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ detail: "Voice 'Dave' already exists" });
    const duplicateCreate = await call('POST', '/api/voices/acme/empty', { form: await multipart({ name: 'Dave' }) });
    expect(duplicateCreate.status).toBe(409);

    expect((await call('DELETE', voicePath('Caroline'))).status).toBe(204);
    const gone = await call('GET', voicePath('Caroline'));
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ detail: 'Voice not found' });
  });

  it('refuses rename and delete with 409 while processing, and allows them after', async () => {
    const response = await createWithFile('Busy');
    expect(response.status).toBe(201);
    const rename = await call('PUT', `${voicePath('Busy')}/name`, { form: await multipart({ name: 'Calm' }) });
    expect(rename.status).toBe(409);
    expect(rename.body).toEqual({ detail: 'Voice is currently being processed' });
    const remove = await call('DELETE', voicePath('Busy'));
    expect(remove.status).toBe(409);
    expect(remove.body).toEqual({ detail: 'Voice is currently being processed' });
    await waitFor(() => detail('Busy'), settled);
    expect((await call('DELETE', voicePath('Busy'))).status).toBe(204);
  });
});

describe('bad input', () => {
  it('refuses unreadable audio with 422 and stores nothing', async () => {
    const corrupt = join(dir, 'corrupt.wav');
    await writeFile(corrupt, Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(5000, 7)]));
    const before = await countFiles(app);
    const response = await createWithFile('Broken', corrupt);
    expect(response.status).toBe(422);
    expect((response.body as { detail: string }).detail).toMatch(/not readable audio/);
    expect((await call('GET', voicePath('Broken'))).status).toBe(404);
    expect(await countFiles(app)).toBe(before);

    await call('POST', '/api/voices/acme/empty', { form: await multipart({ name: 'Erin' }) });
    const sample = await call('POST', `${voicePath('Erin')}/samples`, { form: await multipart({}, { file: corrupt }) });
    expect(sample.status).toBe(422);
    expect((await detail('Erin')).samples).toEqual([]);
  });

  it('refuses an upload over MAX_UPLOAD_MB with 413 and keeps nothing', async () => {
    const small = await startTestApp({ MAX_UPLOAD_MB: '1' });
    try {
      const smallKey = await small.createKey('acme');
      const smallCall = restClient(small.url, smallKey);
      const big = join(dir, 'big.wav');
      await makeNoise(big, { seconds: 20 });
      const response = await smallCall('POST', '/api/voices/acme', { form: await multipart({ name: 'Huge' }, { file: big }) });
      expect(response.status).toBe(413);
      expect((response.body as { detail: string }).detail).toMatch(/too large/i);
      expect((await smallCall('GET', '/api/voices/acme/Huge')).status).toBe(404);
      expect(await countFiles(small)).toBe(0);
    } finally {
      await small.close();
    }
  });

  it('keeps hostile names as plain data and refuses control characters and oversize names', async () => {
    const traversal = '../../etc/passwd';
    const created = await call('POST', '/api/voices/acme/empty', { form: await multipart({ name: traversal }) });
    expect(created.status).toBe(201);
    expect((await detail(traversal)).name).toBe(traversal);
    const files = await readdir(app.dataDir, { recursive: true });
    expect(files.some((file) => file.includes('passwd'))).toBe(false);

    const nul = await call('POST', '/api/voices/acme/empty', { form: await multipart({ name: 'a\u0000b' }) });
    expect(nul.status).toBe(422);
    expect((nul.body as { detail: string }).detail).toMatch(/^name: /);
    const huge = await call('POST', '/api/voices/acme/empty', { form: await multipart({ name: 'x'.repeat(10_240) }) });
    expect(huge.status).toBe(422);
    expect(huge.body).toEqual({ detail: 'name: must be at most 255 characters' });
    const missing = await call('POST', '/api/voices/acme/empty', { form: await multipart({}) });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({ detail: 'name: is required' });
    const longPath = await call('GET', `/api/voices/acme/${'y'.repeat(10_240)}`);
    expect(longPath.status).toBe(422);
    expect((longPath.body as { detail: string }).detail).toMatch(/too long/);
  });

  it('answers 404 for unknown voices and samples, 422 for a bad index', async () => {
    for (const path of ['', '/samples/0', '/samples-bundle', '/test-samples']) {
      const response = await call('GET', `${voicePath('Nobody')}${path}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: 'Voice not found' });
    }
    await call('POST', '/api/voices/acme/empty', { form: await multipart({ name: 'Frank' }) });
    expect((await call('GET', `${voicePath('Frank')}/samples/7`)).status).toBe(404);
    const bad = await call('GET', `${voicePath('Frank')}/samples/abc`);
    expect(bad.status).toBe(422);
    const noFile = await call('POST', `${voicePath('Frank')}/samples`, { form: await multipart({}) });
    expect(noFile.status).toBe(422);
    expect(noFile.body).toEqual({ detail: 'file: an audio file is required' });
  });
});

describe('authentication and partner scoping', () => {
  const routes: [string, string][] = [
    ['GET', ''],
    ['POST', ''],
    ['POST', '/empty'],
    ['GET', '/Alice'],
    ['DELETE', '/Alice'],
    ['PUT', '/Alice/name'],
    ['POST', '/Alice/samples'],
    ['GET', '/Alice/samples/0'],
    ['DELETE', '/Alice/samples/0'],
    ['GET', '/Alice/samples-bundle'],
    ['POST', '/Alice/split'],
    ['POST', '/Alice/embed'],
    ['GET', '/Alice/test-samples'],
    ['GET', '/Alice/test-samples/test_0_0.opus'],
    ['DELETE', `/Alice/test-files/${DEFAULT_TTS}`],
    ['PUT', '/Alice/preferred-sample'],
    ['GET', '/Alice/embedding-archive'],
  ];

  it.each(routes)('%s %s: 401 without a key, 403 for another partner', async (method, path) => {
    const missing = await call(method, `/api/voices/acme${path}`, { key: null });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ detail: 'Invalid API key' });
    const otherKey = await app.createKey('beta');
    const other = await call(method, `/api/voices/acme${path}`, { key: otherKey });
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ detail: 'Access denied' });
  });

  it('accepts the key as the api_key query parameter, and the admin key everywhere', async () => {
    const viaQuery = await call('GET', `/api/voices/acme?api_key=${encodeURIComponent(key)}`, { key: null });
    expect(viaQuery.status).toBe(200);
    const admin = await startTestApp({ ADMIN_API_KEY: 'admin-key-0123456789abcdef' }, app.redis);
    const adminCall = restClient(admin.url);
    try {
      const response = await adminCall('GET', '/api/voices/acme', { key: 'admin-key-0123456789abcdef' });
      expect(response.status).toBe(200);
      expect((response.body as { name: string }[]).some((voice) => voice.name === 'Alice')).toBe(true);
    } finally {
      await admin.close();
    }
  });

  it('stops honouring a revoked key at once', async () => {
    const temporary = await app.createKey('acme');
    expect((await call('GET', '/api/voices/acme', { key: temporary })).status).toBe(200);
    await app.app.services.platform.apiKeys.revoke(temporary);
    await waitFor(
      async () => (await call('GET', '/api/voices/acme', { key: temporary })).status,
      (status) => status === 401,
      5_000,
    );
  });
});
