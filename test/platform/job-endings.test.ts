import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { digitizeQueue, embedKnowledgeBaseQueue, rewriteQueue } from '../../src/domain/knowledge-base/knowledge-base.queues';
import type { AnyQueueDefinition } from '../../src/queues/queue-registry';
import { completeQueue } from '../../src/domain/completion/completion.queues';
import { transcribeQueue } from '../../src/domain/transcription/transcript.queues';
import { embedVoiceQueue, splitVoiceQueue } from '../../src/domain/voice/voice.queues';
import { startAppProcess, type AppProcess } from '../support/app-process';
import { makeNoise, makeTempDir, removeDir } from '../support/audio';
import { startGpuJobsServer, type GpuJobsServer } from '../support/gpu-jobs-server';
import { waitFor } from '../support/wait-for';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { startTestRedis, type TestRedis } from '../support/redis-server';
import { startTestApp, type TestApp } from '../support/test-app';

const STALLED_REASON = 'The job was interrupted too many times: its worker stopped while running it';

let dir: string;
let longRecording: string;
let shortRecording: string;
let redis: TestRedis;
let engines: OpenAiCompatibleServer;
let gpu: GpuJobsServer;
let hangingSite: Server;
let api: TestApp;
let call: RestClient;
let key: string;
let workerEnv: Record<string, string>;
const processes: AppProcess[] = [];

beforeAll(async () => {
  dir = await makeTempDir('job-endings-');
  // Long enough that converting and cutting it takes seconds: the split is still running when killed.
  longRecording = await makeNoise(join(dir, 'long.wav'), { seconds: 600, amplitude: 0.2 });
  shortRecording = await makeNoise(join(dir, 'short.wav'), { seconds: 20, amplitude: 0.2 });
  redis = await startTestRedis();
  // Every engine answers only after ten minutes, and the GPU job never ends: each job is mid-way when its worker dies.
  engines = await startOpenAiCompatibleServer({ delaysMs: { chat: 600_000, transcriptions: 600_000, embeddings: 600_000 } });
  gpu = await startGpuJobsServer({ runningPolls: 1_000_000 });
  hangingSite = createServer(() => undefined);
  await new Promise<void>((resolve) => hangingSite.listen(0, '127.0.0.1', resolve));
  const shared = {
    REDIS_URL: redis.url,
    REDIS_PREFIX: redis.prefix,
    DATA_DIR: join(dir, 'data'),
    LOG_LEVEL: 'silent',
    ALLOW_PRIVATE_URLS: 'true',
    LLM_BASE_URL: engines.baseUrl,
    ASR_BASE_URL: engines.baseUrl,
    EMBEDDINGS_BASE_URL: engines.baseUrl,
    GPU_JOBS_URL: gpu.url,
    GPU_JOBS_POLL_MS: '200',
    // A dead worker's jobs are found within a few seconds instead of a minute.
    JOB_LOCK_MS: '2000',
    JOB_STALLED_INTERVAL_MS: '1000',
    // The failure must come from BullMQ's own failure, not from a later reconcile.
    RECONCILE_INTERVAL_SECONDS: '3600',
  };
  workerEnv = { ...shared, ROLE: 'worker' };
  api = await startTestApp({ ...shared, ROLE: 'api', RATE_LIMIT_PER_MINUTE: '100000' }, redis);
  key = await api.createKey('acme');
  call = restClient(api.url, key);
});

afterEach(async () => {
  for (const child of processes.splice(0)) {
    child.kill('SIGKILL');
    await child.exited;
  }
});

afterAll(async () => {
  await api?.close();
  await engines?.close();
  await gpu?.close();
  hangingSite?.closeAllConnections();
  await new Promise<void>((resolve) => (hangingSite ? hangingSite.close(() => resolve()) : resolve()));
  await redis?.stop();
  await removeDir(dir);
});

async function startWorker(): Promise<AppProcess> {
  const child = await startAppProcess(workerEnv);
  processes.push(child);
  return child;
}

async function kill(child: AppProcess): Promise<void> {
  child.kill('SIGKILL');
  await child.exited;
}

interface TrackedJob {
  name: string;
  queue: AnyQueueDefinition;
  /** The job id, once the job exists (an embedding's job is queued when its split ends). */
  id: () => Promise<string | null>;
}

/** Waits until every job has been started `times` times and is running now. */
async function allRunning(jobs: TrackedJob[], times: number): Promise<void> {
  const queues = api.app.services.platform.queues;
  await waitFor(
    async () => {
      const waiting: string[] = [];
      for (const tracked of jobs) {
        const id = await tracked.id();
        const job = id ? await queues.get(tracked.queue).getJob(id) : undefined;
        const running = job && job.attemptsStarted >= times && (await job.getState()) === 'active';
        if (!running) waiting.push(tracked.name);
      }
      return waiting;
    },
    (waiting) => waiting.length === 0,
    90_000,
  );
}

const uuidOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

describe('when BullMQ gives up on a job because its worker died three times', () => {
  it('ends every kind of job in its failed state with a reason, and releases its lock', async () => {
    const { voices, knowledgeBases } = api.app.services;
    const first = await startWorker();
    const upload = async (name: string, recording: string) => {
      const form = await multipart({ name }, { file: { path: recording, filename: `${name}.wav` } });
      expect((await call('POST', '/api/voices/acme', { form })).status).toBe(201);
    };
    await upload('Splitter', longRecording);
    await upload('Embedder', shortRecording);

    expect((await call('POST', '/api/knowledgebases/acme', { form: await multipart({ name: 'Library' }) })).status).toBe(201);
    const fetched = await call('POST', '/api/documents/acme/Library', {
      form: await multipart({ type: 'url', folder: 'Web', url: `http://127.0.0.1:${(hangingSite.address() as AddressInfo).port}/page` }),
    });
    expect(fetched.status).toBe(201);
    const typed = await call('POST', '/api/documents/acme/Library/empty', { json: { name: 'Typed', folder: 'Manual', type: 'file' } });
    await call('PUT', `/api/documents/acme/Library/${typed.body.id}/content/digitized`, { json: { content: 'Notes about lighthouse lenses.' } });
    expect(
      (await call('POST', '/api/queue/process', { json: { document: { id: typed.body.id }, action: 'rewrite', partner: 'acme', kb: 'Library' } })).status,
    ).toBe(202);
    expect((await call('POST', '/api/embedding/acme/Library', { json: {} })).status).toBe(202);

    const transcriptForm = await multipart({}, { audio: { path: shortRecording, filename: 'audio.wav' } });
    const transcript = (await call('POST', '/v2/transcript', { form: transcriptForm })).body as { id: string };
    const completion = await call('POST', '/v2/completions', { json: { input: { messages: [{ role: 'user', content: 'hello' }] } } });
    expect(completion.status).toBe(200);

    const voice = (name: string) => voices.get('acme', name);
    const documentGeneration = async (id: string) => (await knowledgeBases.getDocuments([id]))[0]!.generation;
    const jobs: TrackedJob[] = [
      {
        name: 'voice split',
        queue: splitVoiceQueue,
        id: async () => splitVoiceQueue.jobId({ voiceId: (await voice('Splitter')).id, generation: (await voice('Splitter')).splitting.generation }),
      },
      {
        name: 'voice embed',
        queue: embedVoiceQueue,
        id: async () => {
          const embedder = await voice('Embedder');
          return embedder.splitting.status === 'completed' ? embedVoiceQueue.jobId({ voiceId: embedder.id, generation: embedder.embedding.generation }) : null;
        },
      },
      {
        name: 'document digitize',
        queue: digitizeQueue,
        id: async () => digitizeQueue.jobId({ documentId: fetched.body.id, generation: await documentGeneration(fetched.body.id) }),
      },
      {
        name: 'document rewrite',
        queue: rewriteQueue,
        id: async () => rewriteQueue.jobId({ documentId: typed.body.id, generation: await documentGeneration(typed.body.id) }),
      },
      {
        name: 'knowledge base embedding',
        queue: embedKnowledgeBaseQueue,
        id: async () => {
          const kb = await knowledgeBases.get('acme', 'Library');
          return embedKnowledgeBaseQueue.jobId({ kbId: kb.id, generation: kb.embedding.generation });
        },
      },
      { name: 'transcript', queue: transcribeQueue, id: async () => transcribeQueue.jobId({ transcriptId: uuidOf(transcript.id) }) },
      { name: 'completion', queue: completeQueue, id: async () => completeQueue.jobId({ completionId: uuidOf(completion.body.id) }) },
    ];

    await allRunning(jobs, 1);
    await kill(first);
    const second = await startWorker();
    await allRunning(jobs, 2);
    await kill(second);
    const third = await startWorker();
    await allRunning(jobs, 3);
    await kill(third);
    // The fourth worker finds every job over the stalled limit: it died with three workers.
    await startWorker();

    const splitter = await waitFor(
      () => voice('Splitter'),
      (current) => current.splitting.status !== 'in_progress',
      90_000,
    );
    expect(splitter.splitting).toMatchObject({ status: 'failed', error: STALLED_REASON });
    expect(splitter.embedding).toMatchObject({ status: 'failed', error: `Splitting failed: ${STALLED_REASON}` });
    const embedder = await waitFor(
      () => voice('Embedder'),
      (current) => current.embedding.status !== 'in_progress',
      30_000,
    );
    expect(embedder.embedding).toMatchObject({ status: 'failed', error: STALLED_REASON });
    expect((await call('DELETE', '/api/voices/acme/Splitter')).status).toBe(204);
    expect((await call('DELETE', '/api/voices/acme/Embedder')).status).toBe(204);

    for (const id of [fetched.body.id, typed.body.id]) {
      const document = await waitFor(
        async () => (await call('GET', `/api/document/acme/Library/${id}`)).body,
        (body) => body.in_queues.length === 0,
        30_000,
      );
      expect(document.processing_error).toBe(STALLED_REASON);
      expect((await call('DELETE', `/api/documents/acme/Library/${id}`)).status).toBe(204);
    }
    const embedding = await waitFor(
      async () => (await call('GET', '/api/embedding/acme/Library')).body,
      (body) => body.status !== 'in_progress',
      30_000,
    );
    expect(embedding).toMatchObject({ status: 'failed', error: STALLED_REASON });

    const transcribed = await waitFor(
      async () => (await call('GET', transcript.id)).body,
      (body) => body.status !== 'queued' && body.status !== 'processing',
      30_000,
    );
    expect(transcribed).toMatchObject({ status: 'error', error: STALLED_REASON });
    const completed = await waitFor(
      async () => (await call('GET', completion.body.id)).body,
      (body) => body.state !== 'in-progress',
      30_000,
    );
    expect(completed).toMatchObject({ state: 'failed', output: { error: STALLED_REASON } });
  }, 300_000);
});
