import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { execute, subscribe, wsClient } from '../support/graphql-client';
import { makeSine, makeTempDir, removeDir } from '../support/audio';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

/**
 * Engines restart, get overloaded and hang. A restarting engine does not fail the work: the
 * job waits (RETRY_BACKOFF, nextAttemptAt) and runs again within ENGINE_RETRY_WINDOW_SECONDS;
 * past the window, or past JOB_TIMEOUT_SECONDS, the work fails with a reason that says why.
 */

const TranscriptWait = graphql(`
  query TranscriptWait($id: ID!) {
    transcript(id: $id) {
      status
      error
      text
      queue {
        reason
        position
        nextAttemptAt
      }
    }
  }
`);

const TranscriptWatch = graphql(`
  subscription TranscriptWatch($id: ID!) {
    transcriptUpdated(id: $id) {
      status
      progress {
        stage
      }
      queue {
        reason
        nextAttemptAt
      }
    }
  }
`);

let engine: OpenAiCompatibleServer;
let dir: string;
let wav: string;
let patient: TestApp;
let hasty: TestApp;
let bounded: TestApp;

beforeAll(async () => {
  dir = await makeTempDir('engine-restarts-');
  wav = await makeSine(join(dir, 'tone.wav'), { seconds: 2 });
  engine = await startOpenAiCompatibleServer();
  const engines = { ASR_BASE_URL: engine.baseUrl, LLM_BASE_URL: engine.baseUrl };
  patient = await startTestApp({ ...engines, ENGINE_RETRY_WINDOW_SECONDS: '60', ENGINE_RETRY_BACKOFF_SECONDS: '1' });
  // Short limits, so that each runs out within seconds.
  hasty = await startTestApp(
    { ...engines, ENGINE_RETRY_WINDOW_SECONDS: '2', ENGINE_RETRY_BACKOFF_SECONDS: '0.2', REDIS_PREFIX: `${patient.redis.prefix}-hasty` },
    patient.redis,
  );
  bounded = await startTestApp(
    {
      ...engines,
      JOB_TIMEOUT_SECONDS: '4',
      REDIS_PREFIX: `${patient.redis.prefix}-bounded`,
    },
    patient.redis,
  );
});

afterAll(async () => {
  await bounded?.close();
  await hasty?.close();
  await patient?.close();
  await engine?.close();
  await removeDir(dir);
});

async function submit(app: TestApp): Promise<{ id: string; key: string; call: RestClient }> {
  const key = await app.createKey('acme');
  const call = restClient(app.url, key);
  const submitted = await call('POST', '/v2/transcript', { form: await multipart({}, { audio: { path: wav, filename: 'audio.wav' } }) });
  expect(submitted.status).toBe(200);
  return { id: (submitted.body as { id: string }).id, key, call };
}

async function finished(app: TestApp, key: string, id: string) {
  return waitFor(
    async () => (await execute(app.url, key, TranscriptWait, { id })).data!.transcript,
    (transcript) => transcript.status === 'COMPLETED' || transcript.status === 'ERROR',
    60_000,
  );
}

describe('when the speech engine restarts (503 for its first 8 seconds)', () => {
  it('keeps the transcript in progress, waiting with RETRY_BACKOFF and nextAttemptAt, and then completes it', async () => {
    engine.setBehaviour({ failures: { transcriptions: { status: 503, message: 'Loading model', forMs: 8_000 } } });
    try {
      const { id, key } = await submit(patient);
      const live = wsClient(patient.url, key);
      const stream = subscribe(live, TranscriptWatch, { id });
      const waiting = await waitFor(
        async () => ({ seenAt: Date.now(), transcript: (await execute(patient.url, key, TranscriptWait, { id })).data!.transcript }),
        ({ transcript }) => transcript.queue?.reason === 'RETRY_BACKOFF' || transcript.status === 'COMPLETED' || transcript.status === 'ERROR',
        30_000,
      );
      expect(waiting.transcript).toMatchObject({ status: 'PROCESSING', error: null, queue: { reason: 'RETRY_BACKOFF', position: null } });
      const nextAttemptAt = Date.parse(waiting.transcript.queue!.nextAttemptAt!);
      // The first wait is ENGINE_RETRY_BACKOFF_SECONDS (1 s) from the failure, just before it was seen.
      expect(nextAttemptAt).toBeGreaterThan(waiting.seenAt - 1_000);
      expect(nextAttemptAt).toBeLessThan(waiting.seenAt + 2_000);

      const done = await finished(patient, key, id);
      expect(done).toMatchObject({ status: 'COMPLETED', error: null, queue: null });
      expect(done.text).toBe('Hello world. This is a test.');

      // Subscribers heard it too: the failed attempt's progress gone, and why the transcript waits.
      const events = (await stream.untilComplete()).map((event) => event.transcriptUpdated);
      await live.dispose();
      expect(events.find((event) => event.queue?.reason === 'RETRY_BACKOFF')).toMatchObject({
        status: 'PROCESSING',
        progress: null,
        queue: { reason: 'RETRY_BACKOFF', nextAttemptAt: expect.any(String) },
      });
      expect(events.at(-1)).toMatchObject({ status: 'COMPLETED', queue: null });
      expect(engine.requests.filter((request) => request.endpoint === 'transcriptions').length).toBeGreaterThan(3);
    } finally {
      engine.setBehaviour({ failures: {} });
      engine.requests.length = 0;
    }
  }, 60_000);
});

describe('when the LLM is overloaded (429 with Retry-After) for a while', () => {
  it('completes the completion once it answers', async () => {
    engine.setBehaviour({ failures: { chat: { status: 429, message: 'Too many requests', retryAfter: '2', forMs: 7_000 } } });
    try {
      const key = await patient.createKey('acme');
      const call = restClient(patient.url, key);
      const submitted = await call('POST', '/v2/completions', { json: { input: { messages: [{ role: 'user', content: 'hello' }] } } });
      expect(submitted.status).toBe(200);
      const done = await waitFor(
        async () => (await call('GET', (submitted.body as { id: string }).id)).body as { state: string; output?: { message?: { content: string } } },
        (body) => body.state !== 'in-progress',
        60_000,
      );
      expect(done).toMatchObject({ state: 'completed', output: { message: { content: 'Echo: hello' } } });
      // Every try came at least the two seconds the engine asked for after the refusal before it.
      const chats = engine.requests.filter((request) => request.endpoint === 'chat');
      for (let index = 1; index < chats.length; index++) expect(chats[index]!.receivedAt! - chats[index - 1]!.answeredAt!).toBeGreaterThanOrEqual(1_950);
    } finally {
      engine.setBehaviour({ failures: {} });
      engine.requests.length = 0;
    }
  }, 60_000);
});

describe('when the engine stays away past the retry window', () => {
  it('fails the transcript with a reason naming the engine, what it answered and how long it was tried', async () => {
    engine.setBehaviour({ failures: { transcriptions: { status: 503, message: 'Loading model' } } });
    try {
      const { id, key } = await submit(hasty);
      const done = await finished(hasty, key, id);
      expect(done.status).toBe('ERROR');
      expect(done.error).toMatch(
        /^Speech-to-text request failed: HTTP 503: Loading model \(the audio from 0:00:00 to 0:00:02\); still failing after \d+ tries over \d+(\.\d)? s$/,
      );
    } finally {
      engine.setBehaviour({ failures: {} });
    }
  }, 60_000);
});

describe('when the engine hangs', () => {
  it('stops the job at JOB_TIMEOUT_SECONDS and fails it saying so', async () => {
    engine.setBehaviour({ stalledAnswers: { transcriptions: true } });
    try {
      const { id, key } = await submit(bounded);
      const done = await finished(bounded, key, id);
      expect(done).toMatchObject({ status: 'ERROR', error: 'The job ran out of time: it did not finish within 4 s (JOB_TIMEOUT_SECONDS)' });
    } finally {
      engine.setBehaviour({ stalledAnswers: {} });
    }
  }, 60_000);

  it('fails a request at the engine timeout (ASR_TIMEOUT_SECONDS), here with no retries allowed', async () => {
    const timely = await startTestApp(
      { ASR_BASE_URL: engine.baseUrl, ASR_TIMEOUT_SECONDS: '1', ENGINE_RETRY_WINDOW_SECONDS: '0', REDIS_PREFIX: `${patient.redis.prefix}-timely` },
      patient.redis,
    );
    engine.setBehaviour({ stalledAnswers: { transcriptions: true } });
    try {
      const { id, key } = await submit(timely);
      const done = await finished(timely, key, id);
      expect(done).toMatchObject({ status: 'ERROR', error: 'Speech-to-text request timed out after 1 s (the audio from 0:00:00 to 0:00:02)' });
    } finally {
      engine.setBehaviour({ stalledAnswers: {} });
      await timely.close();
    }
  }, 60_000);
});
