import { access, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobsOf, type VoiceRecord } from '../../src/domain/voice/voice.types';
import { graphql } from '../gql';
import { makeNoise, makeSine, makeTempDir, removeDir } from '../support/audio';
import { execute } from '../support/graphql-client';
import { startTestRedis, type TestRedis } from '../support/redis-server';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { localBlobs, startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

// An API-only process and a worker process share Redis and the data directory, so a test can
// hold jobs queued (no worker running) and look at the voice between a trigger and its job.

interface Detail {
  status: { splitting: string; embedding: string; splitting_error: string | null; embedding_error: string | null };
  samples: { index: number }[];
  embedding_info: { last_update_time: string; sample_scores: { sample_index: number }[] } | null;
}

const EmbeddingStale = graphql(`
  query EmbeddingStale($partner: String!, $name: String!) {
    voice(partner: $partner, name: $name) {
      embeddingInfo {
        stale
      }
    }
  }
`);

let redis: TestRedis;
let dataDir: string;
let api: TestApp;
let worker: TestApp | null = null;
let key: string;
let call: RestClient;
let dir: string;
let recording: string;

const voicePath = (name: string) => `/api/voices/acme/${encodeURIComponent(name)}`;
const settled = (voice: Detail) => voice.status.splitting !== 'in_progress' && voice.status.embedding !== 'in_progress';

async function detail(name: string): Promise<Detail> {
  const response = await call('GET', voicePath(name));
  expect(response.status).toBe(200);
  return response.body as Detail;
}

async function startWorker() {
  worker = await startTestApp({ ROLE: 'worker', DATA_DIR: dataDir }, redis);
}

async function stopWorker() {
  await worker?.close();
  worker = null;
}

async function record(name: string): Promise<VoiceRecord> {
  return api.app.services.voices.get('acme', name);
}

function pathsOf(blobIds: (string | null)[]): string[] {
  return blobIds.filter((id): id is string => id !== null).map((id) => localBlobs(api).pathOf(id));
}

async function blobFiles(): Promise<string[]> {
  const root = join(dataDir, 'blobs');
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

async function post(name: string, action: string, urlencoded = '') {
  return call('POST', `${voicePath(name)}/${action}`, { urlencoded });
}

async function createEmbedded(name: string): Promise<Detail> {
  const created = await call('POST', '/api/voices/acme', { form: await multipart({ name }, { file: recording }) });
  expect(created.status).toBe(201);
  const done = await waitFor(() => detail(name), settled);
  expect(done.status).toMatchObject({ splitting: 'completed', embedding: 'completed' });
  return done;
}

async function stale(name: string): Promise<boolean | undefined> {
  const result = await execute(api.url, key, EmbeddingStale, { partner: 'acme', name });
  expect(result.errors).toBeUndefined();
  return result.data!.voice!.embeddingInfo?.stale;
}

beforeAll(async () => {
  redis = await startTestRedis();
  dataDir = await makeTempDir('voice-statuses-data-');
  api = await startTestApp({ ROLE: 'api', DATA_DIR: dataDir }, redis);
  key = await api.createKey('acme');
  call = restClient(api.url, key);
  dir = await makeTempDir('voice-statuses-');
  recording = await makeNoise(join(dir, 'recording.wav'), { seconds: 20, amplitude: 0.2 });
});

afterAll(async () => {
  await stopWorker();
  await api?.close();
  await redis?.stop();
  await removeDir(dataDir);
  await removeDir(dir);
});

describe('a split of a voice that has samples and an embedding', () => {
  let before: Detail;
  let oldSampleFiles: string[];
  let started: Detail;

  beforeAll(async () => {
    await startWorker();
    before = await createEmbedded('Resplit');
    oldSampleFiles = pathsOf((await record('Resplit')).samples.map((sample) => sample.blobId));
    await stopWorker();
    const response = await post('Resplit', 'split', 'max_samples=3&sample_duration=5');
    expect(response.status).toBe(202);
    started = response.body as Detail;
  });

  it('clears the listed samples when it starts', async () => {
    expect(before.samples.map((sample) => sample.index)).toEqual([0, 1]);
    expect(started.samples).toEqual([]);
    expect((await detail('Resplit')).samples).toEqual([]);
    const list = (await call('GET', '/api/voices/acme')).body as { name: string; sample_count: number }[];
    expect(list.find((voice) => voice.name === 'Resplit')!.sample_count).toBe(0);
  });

  it('serves none of the old samples while splitting', async () => {
    const sample = await call('GET', `${voicePath('Resplit')}/samples/0`);
    expect(sample.status).toBe(404);
    expect(sample.body).toEqual({ detail: 'Sample not found' });
  });

  it('removes the old sample files at once, as no embedding job reads them', async () => {
    expect(oldSampleFiles).toHaveLength(2);
    for (const path of oldSampleFiles) expect(await exists(path)).toBe(false);
    expect((await blobFiles()).sort()).toEqual(pathsOf(blobsOf(await record('Resplit'))).sort());
  });

  it('embeds again when splitting completes, so the embedding describes the new samples', async () => {
    expect(started.status).toMatchObject({ splitting: 'in_progress', embedding: 'in_progress' });
    await startWorker();
    const done = await waitFor(() => detail('Resplit'), settled);
    expect(done.status).toEqual({ splitting: 'completed', embedding: 'completed', splitting_error: null, embedding_error: null });
    expect(done.samples.map((sample) => sample.index)).toEqual([0, 1, 2]);
    expect(done.embedding_info!.sample_scores.map((score) => score.sample_index)).toEqual([0, 1, 2]);
    expect(done.embedding_info!.last_update_time > before.embedding_info!.last_update_time).toBe(true);
    expect(await stale('Resplit')).toBe(false);
    await stopWorker();
  });
});

describe('a split while an embedding job of the voice is queued', () => {
  let oldSampleFiles: string[];

  beforeAll(async () => {
    await startWorker();
    await createEmbedded('Busy');
    oldSampleFiles = pathsOf((await record('Busy')).samples.map((sample) => sample.blobId));
    await stopWorker();
    expect((await post('Busy', 'embed')).status).toBe(202);
    const response = await post('Busy', 'split');
    expect(response.status).toBe(202);
    expect((response.body as Detail).samples).toEqual([]);
  });

  it('keeps the old sample files while that job may still read them', async () => {
    expect(oldSampleFiles).toHaveLength(2);
    for (const path of oldSampleFiles) expect(await exists(path)).toBe(true);
  });

  it('removes them once the new split is recorded, and embeds the new samples', async () => {
    await startWorker();
    const done = await waitFor(() => detail('Busy'), settled);
    expect(done.status).toMatchObject({ splitting: 'completed', embedding: 'completed' });
    expect(done.embedding_info!.sample_scores.map((score) => score.sample_index)).toEqual([0, 1]);
    for (const path of oldSampleFiles) expect(await exists(path)).toBe(false);
    expect((await record('Busy')).retiredSampleBlobIds).toEqual([]);
    await stopWorker();
  });
});

describe('an embedding asked for while the voice splits', () => {
  it('waits for the split and then embeds the new samples', async () => {
    await startWorker();
    await createEmbedded('Waiting');
    const clip = await makeSine(join(dir, 'extra.wav'), { seconds: 6 });
    expect((await call('POST', `${voicePath('Waiting')}/samples`, { form: await multipart({}, { file: clip }) })).status).toBe(201);
    await stopWorker();

    const split = (await post('Waiting', 'split', 'sample_duration=10')).body as Detail;
    expect(split.status).toMatchObject({ splitting: 'in_progress', embedding: 'idle' });
    const embed = (await post('Waiting', 'embed')).body as Detail;
    expect(embed.status).toMatchObject({ splitting: 'in_progress', embedding: 'in_progress' });

    await startWorker();
    const done = await waitFor(() => detail('Waiting'), settled);
    expect(done.status).toEqual({ splitting: 'completed', embedding: 'completed', splitting_error: null, embedding_error: null });
    expect(done.samples.map((sample) => sample.index)).toEqual([0, 1]);
    expect(done.embedding_info!.sample_scores.map((score) => score.sample_index)).toEqual([0, 1]);
    expect(await stale('Waiting')).toBe(false);
    await stopWorker();
  });
});

describe('an upload or deletion of one sample of an embedded voice', () => {
  let embedded: Detail;
  let clip: string;

  beforeAll(async () => {
    await startWorker();
    clip = await makeSine(join(dir, 'clip.wav'), { seconds: 6 });
    await call('POST', '/api/voices/acme/empty', { form: await multipart({ name: 'Single' }) });
    for (let i = 0; i < 2; i++) {
      const upload = await call('POST', `${voicePath('Single')}/samples`, { form: await multipart({}, { file: clip }) });
      expect(upload.status).toBe(201);
    }
    expect((await post('Single', 'embed')).status).toBe(202);
    embedded = await waitFor(() => detail('Single'), settled);
    expect(embedded.status.embedding).toBe('completed');
  });

  afterAll(stopWorker);

  it('an upload returns the embedding status to idle; embedding_info still describes the embedding made', async () => {
    expect(await stale('Single')).toBe(false);
    const upload = await call('POST', `${voicePath('Single')}/samples`, { form: await multipart({}, { file: clip }) });
    expect(upload.status).toBe(201);
    const after = await detail('Single');
    expect(after.status).toMatchObject({ embedding: 'idle', embedding_error: null });
    expect(after.samples.map((sample) => sample.index)).toEqual([0, 1, 2]);
    expect(after.embedding_info).toEqual(embedded.embedding_info);
  });

  it("GraphQL's embedding info says stale after an upload", async () => {
    expect(await stale('Single')).toBe(true);
  });

  it('a deletion after a fresh embedding returns the status to idle and makes the info stale again', async () => {
    expect((await post('Single', 'embed')).status).toBe(202);
    const fresh = await waitFor(() => detail('Single'), settled);
    expect(fresh.status.embedding).toBe('completed');
    expect(await stale('Single')).toBe(false);

    expect((await call('DELETE', `${voicePath('Single')}/samples/0`)).status).toBe(204);
    const after = await detail('Single');
    expect(after.status).toMatchObject({ embedding: 'idle', embedding_error: null });
    expect(after.embedding_info).toEqual(fresh.embedding_info);
    expect(await stale('Single')).toBe(true);
  });
});
