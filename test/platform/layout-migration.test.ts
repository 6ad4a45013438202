import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Cluster, Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedVoiceQueue, splitVoiceQueue } from '../../src/domain/voice/voice.queues';
import { LocalBlobStore } from '../../src/store/blob-store';
import { loadConfig } from '../../src/config/config';
import { createPlatform } from '../../src/platform';
import { KeySpace } from '../../src/store/keys';
import { clusterNodes } from '../../src/store/redis';
import { ScratchSpace } from '../../src/store/scratch-space';
import { LAYOUT_VERSION, layoutKeys, migrateLayout } from '../../src/workers/layout-migration';
import { makeNoise } from '../support/audio';
import { startTestCluster, type TestCluster } from '../support/redis-cluster';
import { startTestRedis, type TestRedis } from '../support/redis-server';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { firstLayoutDocument, firstLayoutKnowledgeBase, firstLayoutVoice, pipelineState as pipeline } from '../support/first-layout';
import { waitFor } from '../support/wait-for';

// The release before Redis Cluster support wrote plain UUID ids, name indexes at
// `<prefix>:<kind>-names:<partner>` and BullMQ under `<prefix>:bull`. This file writes that
// layout by hand, as that release left it when it was stopped, then starts this build on it.
// BullMQ's part runs on a single server: no release before the tagged layout ran on a cluster.

let redis: TestRedis;
let client: Redis;
let keys: KeySpace;
let dataDir: string;
let app: TestApp | null = null;
let call: RestClient;

const voiceId = randomUUID();
const splittingVoiceId = randomUUID();
const kbId = randomUUID();
const documentIds = [randomUUID(), randomUUID()];
const takenElsewhereId = randomUUID();
const embeddingVoiceId = randomUUID();

const voice = (id: string, name: string, fields: object) => firstLayoutVoice(id, 'acme', name, fields);
const knowledgeBase = () => firstLayoutKnowledgeBase(kbId, 'acme', 'Legacy Library');
const document = (id: string, name: string) => firstLayoutDocument(id, kbId, 'acme', name);

/** What the previous release left in Redis and the data directory. */
async function seedOldLayout(): Promise<void> {
  const old = (...parts: string[]) => [redis.prefix, ...parts].join(':');
  const blobs = new LocalBlobStore(new ScratchSpace(dataDir), dataDir);
  await blobs.init();
  const recordingDir = await mkdtemp(join(tmpdir(), 'layout-recording-'));
  const recording = await makeNoise(join(recordingDir, 'recording.wav'), { seconds: 12, amplitude: 0.2 });
  const audio = await readFile(recording);
  await rm(recordingDir, { recursive: true, force: true });
  const uploadBlobId = await blobs.put(audio);
  const samples = await Promise.all(
    [0, 1].map(async (index) => ({ index, blobId: await blobs.put(audio), sourceTimestamp: `00:${String(index * 12).padStart(2, '0')}`, durationSeconds: 12 })),
  );
  await client.set(old('voice', voiceId), JSON.stringify(voice(voiceId, 'Legacy Voice', { samples, splitting: pipeline('completed', 1) })));
  const original = { blobId: null, uploadBlobId, uploadedName: 'recording.wav', durationSeconds: 12 };
  await client.set(
    old('voice', splittingVoiceId),
    JSON.stringify(
      voice(splittingVoiceId, 'Splitting Voice', { original, splitting: pipeline('in_progress', 1), embedding: pipeline('in_progress', 1), version: 1 }),
    ),
  );
  await client.set(
    old('voice', embeddingVoiceId),
    JSON.stringify(voice(embeddingVoiceId, 'Embedding Voice', { samples, splitting: pipeline('completed', 1), embedding: pipeline('in_progress', 2) })),
  );
  await client.hset(old('voice-names', 'acme'), 'Legacy Voice', voiceId, 'Splitting Voice', splittingVoiceId, 'Embedding Voice', embeddingVoiceId);

  await client.set(old('kb', kbId), JSON.stringify(knowledgeBase()));
  await client.hset(old('kb-names', 'acme'), 'Legacy Library', kbId);
  await client.set(old('kb-document', documentIds[0]!), JSON.stringify(document(documentIds[0]!, 'Chapter one')));
  await client.set(old('kb-document', documentIds[1]!), JSON.stringify(document(documentIds[1]!, 'Chapter two')));
  await client.sadd(old('kb-documents', kbId), ...documentIds);

  // A name the tagged index already gives to another record: neither may be lost.
  await client.hset(old('voice-names', 'globex'), 'Shared', takenElsewhereId);
  await client.hset(keys.partnerKey('voice-names', 'globex'), 'Shared', randomUUID());

  // The split job the voice's creation queued, waiting when the release was stopped.
  const oldQueue = new Queue(splitVoiceQueue.name, { connection: { url: redis.url }, prefix: old('bull') });
  const payload = { voiceId: splittingVoiceId, generation: 1, maxSamples: 25, sampleDurationSeconds: 15 };
  await oldQueue.add(splitVoiceQueue.name, payload, { jobId: splitVoiceQueue.jobId(payload), attempts: 3 });
  await oldQueue.close();

  // An embedding job whose payload this build's contract refuses (no TTS type): its record is
  // the reconciler's to take up, as for any lost job.
  const oldEmbedQueue = new Queue(embedVoiceQueue.name, { connection: { url: redis.url }, prefix: old('bull') });
  await oldEmbedQueue.add(embedVoiceQueue.name, { voiceId: embeddingVoiceId, generation: 2 }, { jobId: `${embeddingVoiceId}_embed_2` });
  await oldEmbedQueue.close();
}

async function keysMatching(pattern: string): Promise<string[]> {
  return (await client.keys(`${redis.prefix}:${pattern}`)).sort();
}

async function start(): Promise<void> {
  app = await startTestApp({ DATA_DIR: dataDir, RECONCILE_INTERVAL_SECONDS: '3600' }, redis);
  call = restClient(app.url, await app.createKey('acme'));
}

beforeAll(async () => {
  redis = await startTestRedis();
  client = new Redis(redis.url);
  keys = new KeySpace(redis.prefix);
  dataDir = await mkdtemp(join(tmpdir(), 'layout-migration-'));
  await seedOldLayout();
  await start();
});

afterAll(async () => {
  await app?.close();
  client?.disconnect();
  await redis?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('when this build starts on the layout of the release before it', () => {
  it('finds the old voices by name and lists them', async () => {
    const voices = await call('GET', '/api/voices/acme');
    expect(voices.status).toBe(200);
    expect(voices.body.map((listed: { name: string }) => listed.name)).toEqual(['Embedding Voice', 'Legacy Voice', 'Splitting Voice']);
    const legacy = await call('GET', '/api/voices/acme/Legacy%20Voice');
    expect(legacy.status).toBe(200);
    expect(legacy.body).toMatchObject({ name: 'Legacy Voice', creator_name: 'Ada', samples: [{ index: 0 }, { index: 1 }] });
  });

  it('finds the old knowledge base by name, lists it, and reads its document set', async () => {
    const kbs = await call('GET', '/api/knowledgebases/acme');
    expect(kbs.status).toBe(200);
    expect(JSON.stringify(kbs.body)).toContain('Legacy Library');
    const documents = await call('GET', '/api/documents/acme/Legacy%20Library');
    expect(documents.status).toBe(200);
    expect(JSON.stringify(documents.body)).toContain(documentIds[0]);
    expect(JSON.stringify(documents.body)).toContain(documentIds[1]);
    const one = await call('GET', `/api/document/acme/Legacy%20Library/${documentIds[1]}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ name: 'Chapter two' });
  });

  it('finishes the split the old release had queued, then the embedding it started', async () => {
    const detail = await waitFor(
      async () => (await call('GET', '/api/voices/acme/Splitting%20Voice')).body,
      (body) => body.status.splitting !== 'in_progress' && body.status.embedding !== 'in_progress',
    );
    expect(detail.status).toMatchObject({ splitting: 'completed', splitting_error: null });
    expect(detail.samples.length).toBeGreaterThan(0);
    expect(detail.status).toMatchObject({ embedding: 'completed', embedding_error: null });
  });

  it('leaves an old job that no longer fits its queue to the reconciler, which queues the work again', async () => {
    const detail = await waitFor(
      async () => (await call('GET', '/api/voices/acme/Embedding%20Voice')).body,
      (body) => body.status.embedding !== 'in_progress',
    );
    expect(detail.status).toMatchObject({ embedding: 'completed', embedding_error: null });
    expect(detail.embedding_info.sample_scores).toHaveLength(2);
  });

  it('leaves none of the old keys behind, and keeps an entry whose name a newer record took', async () => {
    expect(await keysMatching('bull:*')).toEqual([]);
    expect(await keysMatching('voice-names:*')).toEqual(
      [keys.key('voice-names', 'globex'), keys.partnerKey('voice-names', 'acme'), keys.partnerKey('voice-names', 'globex')].sort(),
    );
    expect(await client.hgetall(keys.key('voice-names', 'globex'))).toEqual({ Shared: takenElsewhereId });
    expect(await keysMatching('kb-names:*')).toEqual([keys.partnerKey('kb-names', 'acme')]);
    // The name in use twice keeps the migration due until it is resolved.
    expect(await client.get(layoutKeys(keys).version)).toBeNull();
    expect(await client.exists(layoutKeys(keys).lock)).toBe(0);
  });

  it('writes to an old record through the new index: a rename, a document added to the old set', async () => {
    const renamed = await call('PUT', '/api/voices/acme/Legacy%20Voice/name', { json: { name: 'Renamed Voice' } });
    expect(renamed.status).toBe(200);
    expect((await call('GET', '/api/voices/acme/Renamed%20Voice')).body).toMatchObject({ name: 'Renamed Voice', samples: [{ index: 0 }, { index: 1 }] });
    expect((await call('GET', '/api/voices/acme/Legacy%20Voice')).status).toBe(404);

    const added = await call('POST', '/api/documents/acme/Legacy%20Library/empty', {
      form: await multipart({ name: 'Chapter three', folder: 'Manual', type: 'file' }),
    });
    expect(added.status).toBe(201);
    const documents = await call('GET', '/api/documents/acme/Legacy%20Library');
    expect(JSON.stringify(documents.body)).toContain(added.body.id);
    expect(await client.scard(keys.recordKey('kb-documents', kbId))).toBe(3);
  });

  it('moves the entry whose name was in use at the next start, once the newer record is renamed', async () => {
    await app?.close();
    app = null;
    const tagged = keys.partnerKey('voice-names', 'globex');
    const newer = await client.hget(tagged, 'Shared');
    await client.hdel(tagged, 'Shared');
    await client.hset(tagged, 'Shared (new)', newer!);
    await start();
    expect(await client.hgetall(tagged)).toEqual({ Shared: takenElsewhereId, 'Shared (new)': newer });
    expect(await client.exists(keys.key('voice-names', 'globex'))).toBe(0);
    expect(await client.get(layoutKeys(keys).version)).toBe(String(LAYOUT_VERSION));
  });

  it('does nothing on a later start', async () => {
    await app?.close();
    app = null;
    // Written after the migration: a second run would move it, a finished one leaves it.
    await client.hset(keys.key('kb-names', 'acme'), 'Written Late', randomUUID());
    await start();
    expect(await client.hgetall(keys.key('kb-names', 'acme'))).toEqual({ 'Written Late': expect.any(String) });
    expect((await call('GET', '/api/voices/acme/Renamed%20Voice')).status).toBe(200);
    expect((await call('GET', '/api/knowledgebases/acme')).status).toBe(200);
  });
});

describe('when several processes start on the old layout at once', () => {
  it('lets one of them migrate while the others wait for it', async () => {
    const single = await startTestRedis();
    const dir = await mkdtemp(join(tmpdir(), 'layout-lock-'));
    const config = loadConfig({ ...single.env, REDIS_PREFIX: single.prefix, DATA_DIR: dir, LOG_LEVEL: 'silent' });
    const platforms = await Promise.all([createPlatform(config), createPlatform(config), createPlatform(config)]);
    try {
      const space = new KeySpace(single.prefix);
      const oldIndex = space.key('voice-names', 'acme');
      const ids = { One: randomUUID(), Two: randomUUID() };
      await platforms[0].redis.commands.hset(oldIndex, ids);
      const outcomes = await Promise.all(platforms.map((platform) => migrateLayout(platform, [splitVoiceQueue, embedVoiceQueue])));
      expect(outcomes.filter((outcome) => outcome !== null)).toEqual([{ names: 2, conflicts: 0, jobs: 0, removedKeys: 1, inFlight: 0 }]);
      expect(await platforms[1].redis.commands.hgetall(space.partnerKey('voice-names', 'acme'))).toEqual(ids);
      expect(await platforms[1].redis.commands.exists(oldIndex)).toBe(0);
    } finally {
      await Promise.all(platforms.map((platform) => platform.close()));
      await single.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('on a Redis Cluster holding keys of the old layout', () => {
  let cluster: TestCluster;
  let nodes: Cluster;
  let clustered: TestApp;

  const oldKeysOnEveryMaster = async (space: KeySpace) => {
    const found = await Promise.all(
      nodes
        .nodes('master')
        .map(async (node) => [
          ...(await node.keys(space.key('voice-names', '*'))).filter((key) => !space.isPartnerKey('voice-names', key)),
          ...(await node.keys(space.key('bull', '*'))),
        ]),
    );
    return found.flat();
  };

  beforeAll(async () => {
    cluster = await startTestCluster();
    nodes = new Cluster(clusterNodes(cluster.env.REDIS_CLUSTER_NODES!.split(',')));
    const space = new KeySpace(cluster.prefix);
    const id = randomUUID();
    const samples = [0, 1].map((index) => ({ index, blobId: randomUUID(), sourceTimestamp: null, durationSeconds: 12 }));
    await nodes.set(space.key('voice', id), JSON.stringify(voice(id, 'Copied Voice', { samples })));
    await nodes.hset(space.key('voice-names', 'acme'), 'Copied Voice', id);
    // BullMQ keys of the old prefix spread over several slots, as a copied data set would have them.
    for (const queue of ['voice-split', 'transcribe', 'complete', 'kb-embed']) await nodes.set(space.key('bull', queue, 'id'), '7');
    clustered = await startTestApp({}, cluster);
  });

  afterAll(async () => {
    await clustered?.close();
    nodes?.disconnect();
    await cluster?.stop();
  });

  it('moves the name index with one-key commands and scans every master for the old keys', async () => {
    const clusterCall = restClient(clustered.url, await clustered.createKey('acme'));
    expect((await clusterCall('GET', '/api/voices/acme/Copied%20Voice')).body).toMatchObject({ name: 'Copied Voice' });
    expect((await clusterCall('GET', '/api/voices/acme')).body).toMatchObject([{ name: 'Copied Voice' }]);
    const space = new KeySpace(cluster.prefix);
    expect(await oldKeysOnEveryMaster(space)).toEqual([]);
    expect(await nodes.get(layoutKeys(space).version)).toBe(String(LAYOUT_VERSION));
  });

  it('writes to the old record where the write keeps its name (a rename or delete would cross slots)', async () => {
    const clusterCall = restClient(clustered.url, await clustered.createKey('acme'));
    const preferred = await clusterCall('PUT', '/api/voices/acme/Copied%20Voice/preferred-sample', { json: { sample_index: 1 } });
    expect(preferred.status).toBe(200);
    expect((await clusterCall('GET', '/api/voices/acme/Copied%20Voice')).body).toMatchObject({ preferred_sample_index: 1 });
  });
});
