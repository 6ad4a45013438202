import { createHash } from 'node:crypto';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from '../support/app-process';
import { makeNoise, makeTempDir, probeFile, removeDir } from '../support/audio';
import { execute, subscribe, wsClient } from '../support/graphql-client';
import { startTestCluster, type TestCluster } from '../support/redis-cluster';
import { freePort } from '../support/redis-server';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { openBucket, startTestS3, type TestS3 } from '../support/s3-server';
import { waitFor } from '../support/wait-for';

// Two API processes and two worker processes, as a deployment past one machine runs them:
// real child processes on a three-master Redis Cluster and S3-compatible object storage,
// each with a data directory of its own, so Redis and the bucket are all they share.

interface VoiceEvent {
  voicesUpdated: { id: string; name: string; sampleCount: number; status: { splitting: string; embedding: string } };
}
const VoicesUpdated = parse(
  'subscription ($partner: String!) { voicesUpdated(partner: $partner) { id name sampleCount status { splitting embedding } } }',
) as TypedDocumentNode<VoiceEvent, { partner: string }>;
const VoiceId = parse('query ($partner: String!, $name: String!) { voice(partner: $partner, name: $name) { id } }') as TypedDocumentNode<
  { voice: { id: string } | null },
  { partner: string; name: string }
>;

const ADMIN_KEY = 'topology-admin-key-0123456789';

let dir: string;
let cluster: TestCluster;
let s3: TestS3;
let shortRecording: string;
let longRecording: string;
const apis: { url: string; process: AppProcess; call: RestClient }[] = [];
const workers: AppProcess[] = [];
const dataDirs: string[] = [];

/**
 * Where every process keeps its blobs: the one setting to change for another blob store.
 * The S3-protocol server runs in this test process; the child processes reach it over its port.
 */
const blobStoreEnv = () => s3.env;

/** A data directory for one process alone: only its uploads in flight and job work files. */
function ownDataDir(name: string): string {
  const path = join(dir, name);
  dataDirs.push(path);
  return path;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  dir = await makeTempDir('topology-');
  shortRecording = await makeNoise(join(dir, 'short.wav'), { seconds: 8, amplitude: 0.2 });
  // Long enough that cutting it takes seconds: the split is still running when its worker is killed.
  longRecording = await makeNoise(join(dir, 'long.wav'), { seconds: 600, amplitude: 0.2 });
  cluster = await startTestCluster();
  s3 = await startTestS3();
  const shared = {
    ...cluster.env,
    ...blobStoreEnv(),
    REDIS_PREFIX: cluster.prefix,
    HOST: '127.0.0.1',
    ADMIN_API_KEY: ADMIN_KEY,
    RATE_LIMIT_PER_MINUTE: '100000',
    // Each worker takes one job of a queue at a time, so a batch of jobs spreads over both.
    WORKER_CONCURRENCY: '1',
    // A killed worker's job is found stalled within seconds instead of a minute.
    JOB_LOCK_MS: '2000',
    JOB_STALLED_INTERVAL_MS: '1000',
    // Recovery must come from BullMQ's stalled-job check, not from the reconciler.
    RECONCILE_INTERVAL_SECONDS: '3600',
    // Workers log each job they start: the test reads which process ran what.
    LOG_LEVEL: 'info',
  };
  for (let n = 0; n < 2; n++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = await startAppProcess({ ...shared, ROLE: 'api', PORT: String(port), DATA_DIR: ownDataDir(`api-${n}`) });
    apis.push({ url, process: child, call: restClient(url, ADMIN_KEY) });
  }
  for (let n = 0; n < 2; n++) workers.push(await startAppProcess({ ...shared, ROLE: 'worker', DATA_DIR: ownDataDir(`worker-${n}`) }));
}, 180_000);

afterAll(async () => {
  for (const child of [...apis.map((api) => api.process), ...workers]) {
    child.kill('SIGKILL');
    await child.exited;
  }
  await cluster?.stop();
  await s3?.stop();
  await removeDir(dir);
});

/** The ids of the jobs a worker process has started, from its log lines. */
function jobsStartedBy(worker: AppProcess, queue: string): string[] {
  return worker
    .output()
    .split('\n')
    .flatMap((line) => {
      if (!line.startsWith('{')) return [];
      const entry = JSON.parse(line) as { msg?: string; queue?: string; jobId?: string };
      return entry.msg === 'job started' && entry.queue === queue && entry.jobId ? [entry.jobId] : [];
    });
}

async function upload(call: RestClient, name: string, recording: string): Promise<void> {
  const created = await call('POST', '/api/voices/acme', { form: await multipart({ name }, { file: { path: recording, filename: `${name}.wav` } }) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
}

describe('two API and two worker processes on a Redis Cluster and S3-compatible storage', () => {
  it('reads a REST write made on one API process back on the other at once', async () => {
    const [first, second] = apis as [(typeof apis)[0], (typeof apis)[0]];
    expect((await first.call('POST', '/api/voices/acme/empty', { form: await multipart({ name: 'Written' }) })).status).toBe(201);
    const read = await second.call('GET', '/api/voices/acme/Written');
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ name: 'Written' });

    expect((await second.call('PUT', '/api/voices/acme/Written/name', { form: await multipart({ name: 'Renamed' }) })).status).toBe(200);
    expect((await first.call('GET', '/api/voices/acme/Written')).status).toBe(404);
    expect((await first.call('GET', '/api/voices/acme/Renamed')).body).toMatchObject({ name: 'Renamed' });

    expect((await second.call('POST', '/api/knowledgebases/acme', { form: await multipart({ name: 'Shared' }) })).status).toBe(201);
    const kbs = await first.call('GET', '/api/knowledgebases/acme');
    expect(kbs.status).toBe(200);
    expect((kbs.body as { name: string }[]).map((kb) => kb.name)).toContain('Shared');
  });

  it('shows a subscriber on the first API process every change made by jobs on either worker', async () => {
    const client = wsClient(apis[0]!.url, ADMIN_KEY);
    const feed = subscribe(client, VoicesUpdated, { partner: 'acme' });
    try {
      // A change made on the other API process reaching the feed shows the subscription is live.
      expect((await apis[1]!.call('POST', '/api/voices/acme/empty', { form: await multipart({ name: 'Ready' }) })).status).toBe(201);
      await feed.until((event) => event.voicesUpdated.name === 'Ready');

      const names = ['Alto', 'Bass', 'Cello', 'Drum', 'Echo', 'Fife'];
      // Half the uploads go through each API process.
      await Promise.all(names.map((name, n) => upload(apis[n % 2]!.call, name, shortRecording)));
      for (const name of names) {
        const done = await feed.until((event) => event.voicesUpdated.name === name && event.voicesUpdated.status.embedding === 'COMPLETED', 150_000);
        expect(done.voicesUpdated.status.splitting).toBe('COMPLETED');
        expect(done.voicesUpdated.sampleCount).toBeGreaterThan(0);
        const seen = feed.events.filter((event) => event.voicesUpdated.name === name).map((event) => event.voicesUpdated.status);
        // Every stage each worker recorded reached this subscriber: the split's start and end, then the embedding's.
        expect(seen).toContainEqual({ splitting: 'IN_PROGRESS', embedding: 'IN_PROGRESS' });
        expect(seen).toContainEqual({ splitting: 'COMPLETED', embedding: 'IN_PROGRESS' });
      }
      const ids = new Map(feed.events.map((event) => [event.voicesUpdated.name, event.voicesUpdated.id]));
      const ranBy = workers.map((worker) => [...jobsStartedBy(worker, 'voice-split'), ...jobsStartedBy(worker, 'voice-embed')]);
      // Both workers ran some of these jobs, so the events came from both.
      for (const jobs of ranBy) expect(jobs.some((jobId) => names.some((name) => jobId.startsWith(`${ids.get(name)}_`)))).toBe(true);
      expect(feed.errors).toEqual([]);
    } finally {
      await client.dispose();
    }
  }, 180_000);

  it('lets the other worker finish a split whose worker was killed with SIGKILL half-way', async () => {
    const client = wsClient(apis[0]!.url, ADMIN_KEY);
    const feed = subscribe(client, VoicesUpdated, { partner: 'acme' });
    try {
      await upload(apis[1]!.call, 'Long', longRecording);
      const id = (await execute(apis[0]!.url, ADMIN_KEY, VoiceId, { partner: 'acme', name: 'Long' })).data!.voice!.id;
      const splitJob = (jobId: string) => jobId.startsWith(`${id}_split_`);
      const running = await waitFor(
        async () => workers.findIndex((worker) => jobsStartedBy(worker, 'voice-split').some(splitJob)),
        (index) => index >= 0,
        90_000,
      );
      const [victim, survivor] = [workers[running]!, workers[1 - running]!];
      victim.kill('SIGKILL');
      await victim.exited;

      const done = await feed.until((event) => event.voicesUpdated.name === 'Long' && event.voicesUpdated.status.splitting !== 'IN_PROGRESS', 150_000);
      expect(done.voicesUpdated.status.splitting).toBe('COMPLETED');
      expect(done.voicesUpdated.sampleCount).toBeGreaterThan(0);
      expect(jobsStartedBy(survivor, 'voice-split').some(splitJob)).toBe(true);

      // The samples the survivor cut come back through the API process that neither took the
      // upload nor ran a job, byte for byte as the bucket holds them, and they are Ogg Opus.
      const sample = await apis[0]!.call('GET', '/api/voices/acme/Long/samples/0');
      expect(sample.status).toBe(200);
      expect(sample.headers.get('content-type')).toBe('audio/ogg');
      const bucket = openBucket(s3);
      try {
        const sameSize = (await bucket.objects()).filter((object) => object.size === sample.bytes.length);
        const stored = await Promise.all(sameSize.map(async (object) => sha256(await bucket.bytes(object.key))));
        expect(stored).toContain(sha256(sample.bytes));
      } finally {
        bucket.close();
      }
      const file = join(dir, 'long-sample-0.opus');
      await writeFile(file, sample.bytes);
      const probe = await probeFile(file);
      expect(probe.audioCodec).toBe('opus');
      expect(probe.durationSeconds).toBeGreaterThan(1);
      // No process kept a blob on its own disk: the bucket is the only place they live.
      for (const dataDir of dataDirs) expect((await readdir(dataDir, { recursive: true })).filter((path) => path.startsWith('blobs'))).toEqual([]);
    } finally {
      await client.dispose();
    }
  }, 240_000);
});
