import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { startTestApp, type TestApp } from '../support/test-app';
import { espeakAvailable, makeNoise, makeSine, makeTempDir, probeFile, removeDir } from '../support/audio';
import { multipart, waitFor } from '../support/http';

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
let dir: string;
let recording: string;
const DEFAULT_TTS = 'vendor_tts_v2';

const voicePath = (name: string) => `/api/voices/acme/${encodeURIComponent(name)}`;

async function detail(name: string): Promise<Detail> {
  const response = await app.request(voicePath(name), { key });
  expect(response.status).toBe(200);
  return (await response.json()) as Detail;
}

const settled = (voice: Detail) => voice.status.splitting !== 'in_progress' && voice.status.embedding !== 'in_progress';

async function createWithFile(name: string, file = recording, extra: Record<string, string> = {}) {
  return app.request('/api/voices/acme', { method: 'POST', key, body: await multipart({ name, ...extra }, { file }) });
}

async function zipEntries(buffer: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}

async function countFiles(root: string): Promise<number> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).length;
}

beforeAll(async () => {
  app = await startTestApp({ DEFAULT_TTS_TYPE: DEFAULT_TTS });
  key = await app.createKey('acme');
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
    created = (await response.json()) as Detail;
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
    const archive = await app.request(done.embedding_zip_url!, { key });
    expect(archive.status).toBe(200);
    expect(archive.headers.get('content-type')).toBe('application/zip');
    expect((await zipEntries(Buffer.from(await archive.arrayBuffer()))).size).toBeGreaterThan(0);
  });

  it('serves each sample as Ogg Opus, mono, about 96 kbps', async () => {
    const response = await app.request(`${voicePath('Alice')}/samples/1`, { key });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/ogg');
    const file = join(dir, 'sample1.opus');
    await writeFile(file, Buffer.from(await response.arrayBuffer()));
    const probe = await probeFile(file);
    expect(probe.audioCodec).toBe('opus');
    expect(probe.channels).toBe(1);
    expect(probe.durationSeconds).toBeCloseTo(15, 0);
    expect(probe.bitRate).toBeGreaterThan(80_000);
    expect(probe.bitRate).toBeLessThan(115_000);
  });

  it('lists the voice with the list-item fields', async () => {
    const response = await app.request('/api/voices/acme', { key });
    expect(response.status).toBe(200);
    const list = (await response.json()) as Record<string, unknown>[];
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
    const response = await app.request(`${voicePath('Alice')}/samples-bundle`, { key });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const entries = await zipEntries(Buffer.from(await response.arrayBuffer()));
    expect([...entries.keys()].sort()).toEqual(['0.opus', '1.opus', '2.opus', 'voice_info.json']);
    const info = JSON.parse(entries.get('voice_info.json')!.toString()) as Record<string, unknown>;
    expect(info.name).toBe('Alice');
    expect(info.sample_count).toBe(3);
    expect((info.samples as { filename: string }[]).map((sample) => sample.filename)).toEqual(['0.opus', '1.opus', '2.opus']);
    expect(entries.get('0.opus')!.subarray(0, 4).toString()).toBe('OggS');
  });

  it('lists and serves test samples per TTS type', async () => {
    const list = await app.request(`${voicePath('Alice')}/test-samples`, { key });
    expect(list.status).toBe(200);
    const items = (await list.json()) as { filename: string; url: string; tts_type: string }[];
    expect(items.length).toBe(done.embedding_info!.test_samples.length);
    if (items.length > 0) {
      const file = await app.request(items[0]!.url, { key });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('audio/ogg');
      expect(Buffer.from(await file.arrayBuffer()).subarray(0, 4).toString()).toBe('OggS');
    }
    const missing = await app.request(`${voicePath('Alice')}/test-samples/nope.opus`, { key });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ detail: 'Test sample not found' });
  });

  it('re-splits with max_samples and sample_duration, replacing the samples', async () => {
    const response = await app.request(`${voicePath('Alice')}/split`, {
      method: 'POST',
      key,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'max_samples=2&sample_duration=10',
    });
    expect(response.status).toBe(202);
    expect(((await response.json()) as Detail).status.splitting).toBe('in_progress');
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
    const response = await app.request(`${voicePath('Alice')}/split`, {
      method: 'POST',
      key,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { detail: string }).detail).toMatch(new RegExp(`^${param}: `));
  });

  it('embeds for another TTS type, keeps its test files apart and deletes them', async () => {
    const response = await app.request(`${voicePath('Alice')}/embed`, { method: 'POST', key, body: await multipart({ tts_type: 'other_tts' }) });
    expect(response.status).toBe(202);
    const embedded = await waitFor(() => detail('Alice'), settled);
    expect(embedded.status.embedding).toBe('completed');
    expect(embedded.embedding_type).toBe('other_tts');
    expect(embedded.embedding_info!.tts_type).toBe('other_tts');
    const list = (await (await app.request(`${voicePath('Alice')}/test-samples?tts_type=other_tts`, { key })).json()) as unknown[];
    if (!(await espeakAvailable())) return;
    expect(list.length).toBeGreaterThan(0);
    const removed = await app.request(`${voicePath('Alice')}/test-files/other_tts`, { method: 'DELETE', key });
    expect(removed.status).toBe(204);
    const after = (await (await app.request(`${voicePath('Alice')}/test-samples?tts_type=other_tts`, { key })).json()) as unknown[];
    expect(after).toEqual([]);
    const again = await app.request(`${voicePath('Alice')}/test-files/other_tts`, { method: 'DELETE', key });
    expect(again.status).toBe(404);
  });

  it('sets and clears the preferred sample', async () => {
    const set = await app.request(`${voicePath('Alice')}/preferred-sample`, { method: 'PUT', key, body: await multipart({ sample_index: '1' }) });
    expect(set.status).toBe(200);
    expect(((await set.json()) as Detail).preferred_sample_index).toBe(1);
    const cleared = await app.request(`${voicePath('Alice')}/preferred-sample`, { method: 'PUT', key, body: await multipart({ sample_index: '' }) });
    expect(((await cleared.json()) as Detail).preferred_sample_index).toBeNull();
    const missing = await app.request(`${voicePath('Alice')}/preferred-sample`, { method: 'PUT', key, body: await multipart({ sample_index: '99' }) });
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as { detail: string }).detail).toMatch(/^sample_index: /);
  });
});

describe('voice created empty', () => {
  it('takes samples one by one, converted to Ogg Opus mono, and deletes them', async () => {
    const created = await app.request('/api/voices/acme/empty', { method: 'POST', key, body: await multipart({ name: 'Bob' }) });
    expect(created.status).toBe(201);
    const body = (await created.json()) as Detail;
    expect(body.status).toEqual({ splitting: 'idle', embedding: 'idle', splitting_error: null, embedding_error: null });
    expect(body.original_filename).toBeNull();

    const clip = await makeSine(join(dir, 'clip.wav'), { seconds: 6 });
    const upload = await app.request(`${voicePath('Bob')}/samples`, { method: 'POST', key, body: await multipart({}, { file: clip }) });
    expect(upload.status).toBe(201);
    const sample = (await upload.json()) as { index: number; source_timestamp: string | null; duration: number };
    expect(sample.index).toBe(0);
    expect(sample.source_timestamp).toBeNull();
    expect(sample.duration).toBeCloseTo(6, 0);
    const second = (await (await app.request(`${voicePath('Bob')}/samples`, { method: 'POST', key, body: await multipart({}, { file: clip }) })).json()) as { index: number };
    expect(second.index).toBe(1);

    const audio = await app.request(`${voicePath('Bob')}/samples/0`, { key });
    const file = join(dir, 'bob0.opus');
    await writeFile(file, Buffer.from(await audio.arrayBuffer()));
    const probe = await probeFile(file);
    expect(probe.audioCodec).toBe('opus');
    expect(probe.channels).toBe(1);

    expect((await app.request(`${voicePath('Bob')}/samples/0`, { method: 'DELETE', key })).status).toBe(204);
    const gone = await app.request(`${voicePath('Bob')}/samples/0`, { key });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ detail: 'Sample not found' });
    expect((await detail('Bob')).samples.map((entry) => entry.index)).toEqual([1]);

    const split = await app.request(`${voicePath('Bob')}/split`, { method: 'POST', key });
    expect(split.status).toBe(422);

    const embed = await app.request(`${voicePath('Bob')}/embed`, { method: 'POST', key });
    expect(embed.status).toBe(202);
    const embedded = await waitFor(() => detail('Bob'), settled);
    expect(embedded.status.embedding).toBe('completed');
    expect(embedded.embedding_info!.sample_scores.map((score) => score.sample_index)).toEqual([1]);
  });
});

describe('rename and delete', () => {
  it('renames, refuses duplicates, and deletes', async () => {
    await app.request('/api/voices/acme/empty', { method: 'POST', key, body: await multipart({ name: 'Carol' }) });
    await app.request('/api/voices/acme/empty', { method: 'POST', key, body: await multipart({ name: 'Dave' }) });
    const renamed = await app.request(`${voicePath('Carol')}/name`, { method: 'PUT', key, body: await multipart({ name: 'Caroline' }) });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as Detail).name).toBe('Caroline');
    expect((await app.request(voicePath('Carol'), { key })).status).toBe(404);
    expect((await detail('Caroline')).name).toBe('Caroline');

    const duplicate = await app.request(`${voicePath('Caroline')}/name`, { method: 'PUT', key, body: await multipart({ name: 'Dave' }) });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toEqual({ detail: "Voice 'Dave' already exists" });
    const duplicateCreate = await app.request('/api/voices/acme/empty', { method: 'POST', key, body: await multipart({ name: 'Dave' }) });
    expect(duplicateCreate.status).toBe(409);

    expect((await app.request(voicePath('Caroline'), { method: 'DELETE', key })).status).toBe(204);
    const gone = await app.request(voicePath('Caroline'), { key });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ detail: 'Voice not found' });
  });

  it('refuses rename and delete with 409 while processing, and allows them after', async () => {
    const response = await createWithFile('Busy');
    expect(response.status).toBe(201);
    const rename = await app.request(`${voicePath('Busy')}/name`, { method: 'PUT', key, body: await multipart({ name: 'Calm' }) });
    expect(rename.status).toBe(409);
    expect(await rename.json()).toEqual({ detail: 'Voice is currently being processed' });
    const remove = await app.request(voicePath('Busy'), { method: 'DELETE', key });
    expect(remove.status).toBe(409);
    expect(await remove.json()).toEqual({ detail: 'Voice is currently being processed' });
    await waitFor(() => detail('Busy'), settled);
    expect((await app.request(voicePath('Busy'), { method: 'DELETE', key })).status).toBe(204);
  });
});

describe('bad input', () => {
  it('refuses unreadable audio with 422 and stores nothing', async () => {
    const corrupt = join(dir, 'corrupt.wav');
    await writeFile(corrupt, Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(5000, 7)]));
    const before = await countFiles(app.dataDir);
    const response = await createWithFile('Broken', corrupt);
    expect(response.status).toBe(422);
    expect(((await response.json()) as { detail: string }).detail).toMatch(/not readable audio/);
    expect((await app.request(voicePath('Broken'), { key })).status).toBe(404);
    expect(await countFiles(app.dataDir)).toBe(before);

    await app.request('/api/voices/acme/empty', { method: 'POST', key, body: await multipart({ name: 'Erin' }) });
    const sample = await app.request(`${voicePath('Erin')}/samples`, { method: 'POST', key, body: await multipart({}, { file: corrupt }) });
    expect(sample.status).toBe(422);
    expect((await detail('Erin')).samples).toEqual([]);
  });

  it('refuses an upload over MAX_UPLOAD_MB with 413 and keeps nothing', async () => {
    const small = await startTestApp({ MAX_UPLOAD_MB: '1' });
    try {
      const smallKey = await small.createKey('acme');
      const big = join(dir, 'big.wav');
      await makeNoise(big, { seconds: 20 });
      const response = await small.request('/api/voices/acme', { method: 'POST', key: smallKey, body: await multipart({ name: 'Huge' }, { file: big }) });
      expect(response.status).toBe(413);
      expect(((await response.json()) as { detail: string }).detail).toMatch(/too large/i);
      expect((await small.request('/api/voices/acme/Huge', { key: smallKey })).status).toBe(404);
      expect(await countFiles(small.dataDir)).toBe(0);
    } finally {
      await small.close();
    }
  });

  it('keeps hostile names as plain data and refuses control characters and oversize names', async () => {
    const traversal = '../../etc/passwd';
    const created = await app.request('/api/voices/acme/empty', { method: 'POST', key, body: await multipart({ name: traversal }) });
    expect(created.status).toBe(201);
    expect((await detail(traversal)).name).toBe(traversal);
    const files = await readdir(app.dataDir, { recursive: true });
    expect(files.some((file) => file.includes('passwd'))).toBe(false);

    const nul = await app.request('/api/voices/acme/empty', { method: 'POST', key, body: await multipart({ name: 'a\u0000b' }) });
    expect(nul.status).toBe(422);
    expect(((await nul.json()) as { detail: string }).detail).toMatch(/^name: /);
    const huge = await app.request('/api/voices/acme/empty', { method: 'POST', key, body: await multipart({ name: 'x'.repeat(10_240) }) });
    expect(huge.status).toBe(422);
    expect(await huge.json()).toEqual({ detail: 'name: must be at most 255 characters' });
    const missing = await app.request('/api/voices/acme/empty', { method: 'POST', key, body: await multipart({}) });
    expect(missing.status).toBe(422);
    expect(await missing.json()).toEqual({ detail: 'name: is required' });
    const longPath = await app.request(`/api/voices/acme/${'y'.repeat(10_240)}`, { key });
    expect(longPath.status).toBe(422);
    expect(((await longPath.json()) as { detail: string }).detail).toMatch(/too long/);
  });

  it('answers 404 for unknown voices and samples, 422 for a bad index', async () => {
    for (const path of ['', '/samples/0', '/samples-bundle', '/test-samples']) {
      const response = await app.request(`${voicePath('Nobody')}${path}`, { key });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ detail: 'Voice not found' });
    }
    await app.request('/api/voices/acme/empty', { method: 'POST', key, body: await multipart({ name: 'Frank' }) });
    expect((await app.request(`${voicePath('Frank')}/samples/7`, { key })).status).toBe(404);
    const bad = await app.request(`${voicePath('Frank')}/samples/abc`, { key });
    expect(bad.status).toBe(422);
    const noFile = await app.request(`${voicePath('Frank')}/samples`, { method: 'POST', key, body: await multipart({}) });
    expect(noFile.status).toBe(422);
    expect(await noFile.json()).toEqual({ detail: 'file: an audio file is required' });
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
    const missing = await app.request(`/api/voices/acme${path}`, { method });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ detail: 'Invalid API key' });
    const otherKey = await app.createKey('beta');
    const other = await app.request(`/api/voices/acme${path}`, { method, key: otherKey });
    expect(other.status).toBe(403);
    expect(await other.json()).toEqual({ detail: 'Access denied' });
  });

  it('accepts the key as the api_key query parameter, and the admin key everywhere', async () => {
    const viaQuery = await app.request(`/api/voices/acme?api_key=${encodeURIComponent(key)}`);
    expect(viaQuery.status).toBe(200);
    const admin = await startTestApp({ ADMIN_API_KEY: 'admin-key-0123456789abcdef' }, app.redis);
    try {
      const response = await admin.request('/api/voices/acme', { key: 'admin-key-0123456789abcdef' });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { name: string }[]).some((voice) => voice.name === 'Alice')).toBe(true);
    } finally {
      await admin.close();
    }
  });

  it('stops honouring a revoked key at once', async () => {
    const temporary = await app.createKey('acme');
    expect((await app.request('/api/voices/acme', { key: temporary })).status).toBe(200);
    await app.app.services.platform.apiKeys.revoke(temporary);
    await waitFor(async () => (await app.request('/api/voices/acme', { key: temporary })).status, (status) => status === 401, 5_000);
  });
});
