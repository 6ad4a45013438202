import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeNoise, makeSine, makeTempDir, removeDir } from '../support/audio';
import { execute, executeWithFiles, subscribe, wsClient } from '../support/graphql-client';
import { multipart, restClient } from '../support/rest-client';
import { waitFor } from '../support/wait-for';
import { countCommandsOf } from '../support/redis-commands';
import { freePort } from '../support/redis-server';
import { onCluster, startTestApp, type TestApp } from '../support/test-app';
import {
  VoicesQuery,
  VoiceQuery,
  CreateVoice,
  CreateEmptyVoice,
  UploadSample,
  SetPreferred,
  SplitVoice,
  RenameVoice,
  DeleteVoice,
  VoiceUpdated,
  PreferredUpdated,
  VoicesUpdated,
} from './voice-operations';

let app: TestApp;
let key: string;
let dir: string;
let recording: string;
let clip: string;

beforeAll(async () => {
  app = await startTestApp();
  key = await app.createKey('acme');
  dir = await makeTempDir('voice-graphql-');
  recording = await makeNoise(join(dir, 'recording.wav'), { seconds: 20, amplitude: 0.2 });
  clip = await makeSine(join(dir, 'clip.wav'), { seconds: 5 });
});

afterAll(async () => {
  await app?.close();
  await removeDir(dir);
});

async function restCreate(target: TestApp, name: string) {
  const response = await restClient(target.url, key)('POST', '/api/voices/acme', { form: await multipart({ name }, { file: recording }) });
  expect(response.status).toBe(201);
}

describe('queries and access', () => {
  it('lists and reads voices for a partner the key may use', async () => {
    await execute(app.url, key, CreateEmptyVoice, { partner: 'acme', name: 'Quiet' });
    const list = await execute(app.url, key, VoicesQuery, { partner: 'acme' });
    expect(list.errors).toBeUndefined();
    expect(list.data!.voices.map((voice) => voice.name)).toContain('Quiet');
    const one = await execute(app.url, key, VoiceQuery, { partner: 'acme', name: 'Quiet' });
    expect(one.data!.voice).toMatchObject({ name: 'Quiet', hasOriginal: false, sampleCount: 0, status: { splitting: 'IDLE', embedding: 'IDLE' } });
    const missing = await execute(app.url, key, VoiceQuery, { partner: 'acme', name: 'Nobody' });
    expect(missing.data!.voice).toBeNull();
  });

  it('refuses another partner and anonymous callers', async () => {
    const other = await execute(app.url, key, VoicesQuery, { partner: 'beta' });
    expect(other.errors![0]!.message).toBe('Access denied');
    expect(other.errors![0]!.extensions!.code).toBe('FORBIDDEN');
    const anonymous = await execute(app.url, undefined, VoicesQuery, { partner: 'acme' });
    expect(anonymous.errors![0]!.extensions!.code).toBe('UNAUTHENTICATED');
    const mutation = await execute(app.url, await app.createKey('beta'), DeleteVoice, { partner: 'acme', name: 'Quiet' });
    expect(mutation.errors![0]!.extensions!.code).toBe('FORBIDDEN');
    expect((await execute(app.url, key, VoiceQuery, { partner: 'acme', name: 'Quiet' })).data!.voice).not.toBeNull();
  });
});

describe('mutations', () => {
  it('creates a voice from an upload through the multipart request spec', async () => {
    const created = await executeWithFiles(app.url, key, CreateVoice, { partner: 'acme', name: 'Uploaded', creatorName: 'Ann' }, { file: recording });
    expect(created.errors).toBeUndefined();
    expect(created.data!.createVoice).toMatchObject({ name: 'Uploaded', hasOriginal: true, status: { splitting: 'IN_PROGRESS', embedding: 'IN_PROGRESS' } });
    const done = await waitFor(
      async () => (await execute(app.url, key, VoiceQuery, { partner: 'acme', name: 'Uploaded' })).data!.voice!,
      (voice) => voice.status.embedding === 'COMPLETED' || voice.status.embedding === 'FAILED',
    );
    expect(done.status).toEqual({ splitting: 'COMPLETED', embedding: 'COMPLETED' });
    expect(done.samples.map((sample) => sample.sourceTimestamp)).toEqual(['00:00', '00:15']);
    expect(done.embeddingInfo!.sampleScores).toHaveLength(2);
  });

  it('uploads samples, sets the preferred one, validates, renames and deletes', async () => {
    await execute(app.url, key, CreateEmptyVoice, { partner: 'acme', name: 'Builder' });
    const sample = await executeWithFiles(app.url, key, UploadSample, { partner: 'acme', name: 'Builder', file: null as unknown as File }, { file: clip });
    expect(sample.data!.uploadVoiceSample).toMatchObject({ index: 0, sourceTimestamp: null });
    expect(sample.data!.uploadVoiceSample.duration).toBeCloseTo(5, 0);
    const preferred = await execute(app.url, key, SetPreferred, { partner: 'acme', name: 'Builder', sampleIndex: 0 });
    expect(preferred.data!.setPreferredSample.preferredSampleIndex).toBe(0);
    const cleared = await execute(app.url, key, SetPreferred, { partner: 'acme', name: 'Builder', sampleIndex: null });
    expect(cleared.data!.setPreferredSample.preferredSampleIndex).toBeNull();

    const invalid = await execute(app.url, key, SplitVoice, { partner: 'acme', name: 'Builder', maxSamples: 0, sampleDuration: 61 });
    expect(invalid.errors![0]!.extensions!.code).toBe('BAD_USER_INPUT');
    expect(Object.keys(invalid.errors![0]!.extensions!.errors!).sort()).toEqual(['max_samples', 'sample_duration']);

    const renamed = await execute(app.url, key, RenameVoice, { partner: 'acme', name: 'Builder', newName: 'Built' });
    expect(renamed.data!.renameVoice.name).toBe('Built');
    const deleted = await execute(app.url, key, DeleteVoice, { partner: 'acme', name: 'Built' });
    expect(deleted.data!.deleteVoice).toBe(true);
    const again = await execute(app.url, key, DeleteVoice, { partner: 'acme', name: 'Built' });
    expect(again.errors![0]).toMatchObject({ message: 'Voice not found', extensions: { code: 'NOT_FOUND' } });
  });

  it('refuses an Upload variable that is not a file', async () => {
    const forged = await execute(app.url, key, UploadSample, { partner: 'acme', name: 'Quiet', file: 'upload:not-a-token' as unknown as File });
    expect(forged.errors![0]!.message).toMatch(/multipart request spec/);
  });
});

describe('subscriptions', () => {
  it('pushes in_progress then completed over graphql-ws when a REST upload starts processing', async () => {
    const client = wsClient(app.url, key);
    try {
      const feed = subscribe(client, VoicesUpdated, { partner: 'acme' });
      await feed.until((event) => event.voicesUpdated.name === 'Quiet');
      await restCreate(app, 'Live');
      const started = await feed.until((event) => event.voicesUpdated.name === 'Live');
      expect(started.voicesUpdated.status.splitting).toBe('IN_PROGRESS');
      await feed.until((event) => event.voicesUpdated.name === 'Live' && event.voicesUpdated.status.embedding === 'COMPLETED');
      const live = feed.events.map((event) => event.voicesUpdated).filter((voice) => voice.name === 'Live');
      const splitDoneAt = live.findIndex((voice) => voice.status.splitting === 'COMPLETED');
      expect(splitDoneAt).toBeGreaterThan(0);
      expect(live[splitDoneAt]!.sampleCount).toBe(2);
      expect(live.at(-1)!.status).toEqual({ splitting: 'COMPLETED', embedding: 'COMPLETED' });
      expect(live.at(-1)!.progress).toBeNull();

      // Progress comes between the state changes: the split's stages while it runs (converting
      // the original, measuring the samples, writing them), then embedding.
      const split = live.slice(0, splitDoneAt).flatMap((voice) => (voice.progress ? [voice.progress] : []));
      const splitting = split.filter((progress) => progress.stage === 'splitting');
      const embedding = live.slice(splitDoneAt, -1).flatMap((voice) => (voice.progress ? [voice.progress] : []));
      const stages = split.map((progress) => progress.stage).filter((stage, index, all) => stage !== all[index - 1]);
      expect(['converting', 'analyzing', 'splitting'].filter((stage) => stages.includes(stage))).toEqual(stages);
      expect(new Set(embedding.map((progress) => progress.stage))).toEqual(new Set(['embedding']));
      expect(split.length).toBeGreaterThanOrEqual(2);
      for (const reports of [...stages.map((stage) => split.filter((progress) => progress.stage === stage)), embedding]) {
        const done = reports.map((progress) => progress.done);
        expect(done).toEqual([...done].sort((a, b) => a - b));
      }
      const embedded = embedding.map((progress) => progress.done);
      expect(embedded.length).toBeGreaterThanOrEqual(2);
      expect(embedded.at(-1)).toBeGreaterThan(embedded[0]!);
      expect(splitting.at(-1)).toMatchObject({ done: 2, total: 2, percent: 100 });
      expect(embedding.at(-1)!.done).toBe(embedding.at(-1)!.total);
      feed.dispose();
    } finally {
      await client.dispose();
    }
  });

  it('sends the current voice first, follows a rename, and ends after the deletion', async () => {
    const client = wsClient(app.url, key);
    try {
      await execute(app.url, key, CreateEmptyVoice, { partner: 'acme', name: 'Watched' });
      const feed = subscribe(client, VoiceUpdated, { partner: 'acme', name: 'Watched' });
      const first = await feed.until(() => true);
      expect(first.voiceUpdated).toMatchObject({ name: 'Watched', deleted: false });
      await execute(app.url, key, RenameVoice, { partner: 'acme', name: 'Watched', newName: 'Seen' });
      await feed.until((event) => event.voiceUpdated.name === 'Seen');
      await execute(app.url, key, DeleteVoice, { partner: 'acme', name: 'Seen' });
      await feed.until((event) => event.voiceUpdated.deleted);
      await feed.untilComplete(5_000);
    } finally {
      await client.dispose();
    }
  });

  it('gives subscribers that share an event each the fields and arguments they asked for', async () => {
    await execute(app.url, key, CreateEmptyVoice, { partner: 'acme', name: 'Shared' });
    await executeWithFiles(app.url, key, UploadSample, { partner: 'acme', name: 'Shared', file: null as unknown as File }, { file: clip });
    const clients = [wsClient(app.url, key), wsClient(app.url, key), wsClient(app.url, key)];
    try {
      const byName = subscribe(clients[0]!, VoiceUpdated, { partner: 'acme', name: 'Shared' });
      const sameAgain = subscribe(clients[1]!, VoiceUpdated, { partner: 'acme', name: 'Shared' });
      const preferredOnly = subscribe(clients[2]!, PreferredUpdated, { partner: 'acme', name: 'Shared' });
      await Promise.all([byName.until(() => true), sameAgain.until(() => true), preferredOnly.until(() => true)]);
      await execute(app.url, key, SetPreferred, { partner: 'acme', name: 'Shared', sampleIndex: 0 });
      const [first, second, third] = await Promise.all([
        byName.until((event) => event.voiceUpdated.preferredSampleIndex === 0),
        sameAgain.until((event) => event.voiceUpdated.preferredSampleIndex === 0),
        preferredOnly.until((event) => event.voiceUpdated.preferredSampleIndex === 0),
      ]);
      expect(second).toEqual(first);
      expect(first.voiceUpdated.samples).toHaveLength(1);
      expect(Object.keys(third.voiceUpdated).sort()).toEqual(['preferredSampleIndex']);
    } finally {
      await Promise.all(clients.map(async (client) => client.dispose()));
    }
  });

  it('refuses a subscription to another partner and one to a missing voice', async () => {
    const client = wsClient(app.url, key);
    try {
      const forbidden = subscribe(client, VoicesUpdated, { partner: 'beta' });
      expect(JSON.stringify(await forbidden.errorsSent(5_000))).toContain('Access denied');
      const missing = subscribe(client, VoiceUpdated, { partner: 'acme', name: 'Ghost' });
      expect(JSON.stringify(await missing.errorsSent(5_000))).toContain('Voice not found');
    } finally {
      await client.dispose();
    }
  });

  it('serves subscriptions over server-sent events too', async () => {
    await execute(app.url, key, CreateEmptyVoice, { partner: 'acme', name: 'Streamed' });
    const controller = new AbortController();
    const response = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-api-key': key },
      body: JSON.stringify({ query: 'subscription { voiceUpdated(partner: "acme", name: "Streamed") { name preferredSampleIndex } }' }),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body!.getReader();
    let text = '';
    while (!text.includes('"Streamed"')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += Buffer.from(value).toString();
    }
    expect(text).toContain('event: next');
    controller.abort();
  });

  it('delivers a change made by another server process to a subscriber here', async () => {
    const api = await startTestApp({ ROLE: 'api' });
    let other: ChildProcess | undefined;
    try {
      const apiKey = await api.createKey('acme');
      const port = await freePort();
      other = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        env: { ...process.env, ...api.env, ROLE: 'all', PORT: String(port) },
        stdio: 'ignore',
      });
      const otherUrl = `http://127.0.0.1:${port}`;
      const remote = restClient(otherUrl, apiKey);
      await waitFor(
        async () =>
          remote('GET', '/healthz').then(
            (response) => response.status,
            () => 0,
          ),
        (status) => status === 200,
        30_000,
      );

      const client = wsClient(api.url, apiKey);
      const feed = subscribe(client, VoicesUpdated, { partner: 'acme' });
      // A change made here reaching the feed shows the subscription is live before the remote write.
      await execute(api.url, apiKey, CreateEmptyVoice, { partner: 'acme', name: 'Local' });
      await feed.until((event) => event.voicesUpdated.name === 'Local');
      const created = await remote('POST', '/api/voices/acme', { form: await multipart({ name: 'Remote' }, { file: recording }) });
      expect(created.status).toBe(201);
      await feed.until((event) => event.voicesUpdated.name === 'Remote' && event.voicesUpdated.status.splitting === 'IN_PROGRESS');
      await feed.until((event) => event.voicesUpdated.name === 'Remote' && event.voicesUpdated.status.embedding === 'COMPLETED');
      await client.dispose();
    } finally {
      if (other && other.exitCode === null) {
        const exited = new Promise((resolve) => other!.once('exit', resolve));
        other.kill('SIGTERM');
        await exited;
      }
      await api.close();
    }
  });
});

// MONITOR watches one server; on a cluster the commands spread over three (record-store-cluster.test.ts covers the reads there).
describe.skipIf(onCluster)('batching', () => {
  it('reads the voice list in a constant number of Redis round trips', async () => {
    const api = await startTestApp({ ROLE: 'api' });
    const counter = await countCommandsOf(api.app.services.platform.redis.commands, api.redis.url);
    try {
      const apiKey = await api.createKey('load');
      const costOfList = async () => {
        let count = 0;
        const commands = await counter.count(
          async () => {
            count = (await execute(api.url, apiKey, VoicesQuery, { partner: 'load' })).data!.voices.length;
          },
          { withoutRateLimit: true },
        );
        return { count, commands };
      };
      const createVoices = async (from: number, to: number) => {
        for (let i = from; i < to; i++) await execute(api.url, apiKey, CreateEmptyVoice, { partner: 'load', name: `v${i}` });
      };
      await createVoices(0, 2);
      await costOfList();
      const few = await costOfList();
      await createVoices(2, 40);
      const many = await costOfList();
      expect(few.count).toBe(2);
      expect(many.count).toBe(40);
      expect(few.commands).toBeGreaterThan(0);
      expect(many.commands).toBe(few.commands);
    } finally {
      counter.close();
      await api.close();
    }
  });
});
