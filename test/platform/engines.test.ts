import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/config';
import { describeEngines } from '../../src/config/engines';
import { measureEngineCall, registry } from '../../src/observability/metrics';
import { graphql } from '../gql';
import { startAppProcess } from '../support/app-process';
import { makeTempDir, removeDir } from '../support/audio';
import { makeConversation } from '../support/conversation';
import { startDiarizingServer, type DiarizingServer } from '../support/diarizing-server';
import { execute } from '../support/graphql-client';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { startTestRedis } from '../support/redis-server';
import { multipart, restClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

const EnginesQuery = graphql(`
  query Engines {
    engines {
      kind
      status
      model
      host
      variable
      features
    }
  }
`);

const LastCallsQuery = graphql(`
  query EngineLastCalls {
    engines {
      kind
      lastCall {
        at
        ok
        error
      }
    }
  }
`);

const WITHOUT_ENGINES = [
  { kind: 'SPEECH_TO_TEXT', status: 'MISSING', model: null, host: null, variable: 'ASR_BASE_URL', features: ['transcripts', 'completions from audio'] },
  {
    kind: 'DIARIZING_SPEECH_TO_TEXT',
    status: 'MISSING',
    model: null,
    host: null,
    variable: 'ASR_DIARIZE_MODEL',
    features: ['transcripts with speaker labels'],
  },
  { kind: 'LLM', status: 'MISSING', model: null, host: null, variable: 'LLM_BASE_URL', features: ['completions', 'rewrite'] },
  {
    kind: 'TEXT_EMBEDDING',
    status: 'LOCAL',
    model: 'local-hashing-384',
    host: null,
    variable: 'EMBEDDINGS_BASE_URL',
    features: ['knowledge base embedding', 'retrieval'],
  },
  { kind: 'VOICE', status: 'LOCAL', model: 'local (ffmpeg, espeak-ng)', host: null, variable: 'GPU_JOBS_URL', features: ['voice embedding', 'test samples'] },
];

describe('the engines as the configuration has them', () => {
  it('names the host of a configured service, never its credentials or path', () => {
    const engines = describeEngines(
      loadConfig({
        ASR_BASE_URL: 'https://user:secret@asr.example.com:8443/v1?key=abc',
        ASR_MODEL: 'whisper-large-v3',
        LLM_BASE_URL: 'http://llm:11434/v1',
        LLM_MODEL: 'llama3.2:3b',
        LLM_MODEL_ECONOMY: 'llama3.2:1b',
      }),
      [],
    );
    expect(engines.filter((engine) => engine.kind === 'speech_to_text' || engine.kind === 'llm')).toEqual([
      {
        kind: 'speech_to_text',
        status: 'configured',
        model: 'whisper-large-v3',
        host: 'https://asr.example.com:8443',
        variable: 'ASR_BASE_URL',
        features: expect.any(Array),
      },
      {
        kind: 'llm',
        status: 'configured',
        model: 'llama3.2:3b, economy llama3.2:1b',
        host: 'http://llm:11434',
        variable: 'LLM_BASE_URL',
        features: expect.any(Array),
      },
    ]);
    expect(JSON.stringify(engines)).not.toContain('secret');
  });

  it('has the diarizing engine where its model is served: its own address, else the speech-to-text one', () => {
    const diarizer = (env: Record<string, string>) => describeEngines(loadConfig(env), []).find((engine) => engine.kind === 'diarizing_speech_to_text');
    const features = ['transcripts with speaker labels'];
    expect(diarizer({ ASR_BASE_URL: 'http://asr:8000/v1', ASR_DIARIZE_MODEL: 'gpt-4o-transcribe-diarize' })).toEqual({
      kind: 'diarizing_speech_to_text',
      status: 'configured',
      model: 'gpt-4o-transcribe-diarize',
      host: 'http://asr:8000',
      variable: 'ASR_DIARIZE_MODEL',
      features,
    });
    expect(
      diarizer({ ASR_BASE_URL: 'http://asr:8000/v1', ASR_DIARIZE_BASE_URL: 'https://api.openai.com/v1', ASR_DIARIZE_MODEL: 'gpt-4o-transcribe-diarize' }),
    ).toMatchObject({ status: 'configured', host: 'https://api.openai.com' });
    // Plain speech-to-text alone does not diarize: without the model there is no diarizing engine.
    expect(diarizer({ ASR_BASE_URL: 'http://asr:8000/v1' })).toEqual({
      kind: 'diarizing_speech_to_text',
      status: 'missing',
      model: null,
      host: null,
      variable: 'ASR_DIARIZE_MODEL',
      features,
    });
    // A model with no address anywhere: what is missing is where it is served.
    expect(diarizer({ ASR_DIARIZE_MODEL: 'gpt-4o-transcribe-diarize' })).toMatchObject({ status: 'missing', model: null, variable: 'ASR_DIARIZE_BASE_URL' });
  });
});

describe('GraphQL engines and /readyz', () => {
  let bare: TestApp;
  let equipped: TestApp;
  let engine: OpenAiCompatibleServer;
  let diarizer: DiarizingServer;

  beforeAll(async () => {
    [engine, diarizer] = await Promise.all([startOpenAiCompatibleServer(), startDiarizingServer()]);
    [bare, equipped] = await Promise.all([
      startTestApp(),
      startTestApp({
        ASR_BASE_URL: engine.baseUrl,
        ASR_DIARIZE_BASE_URL: diarizer.baseUrl,
        ASR_DIARIZE_MODEL: 'gpt-4o-transcribe-diarize',
        LLM_BASE_URL: engine.baseUrl,
        EMBEDDINGS_BASE_URL: engine.baseUrl,
        EMBEDDINGS_MODEL: 'nomic-embed-text',
      }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([bare?.close(), equipped?.close()]);
    await Promise.all([engine?.close(), diarizer?.close()]);
  });

  it('says which engines are missing, for any valid key (no partner needed)', async () => {
    const key = await bare.createKey('acme');
    expect(await execute(bare.url, key, EnginesQuery)).toEqual({ status: 200, data: { engines: WITHOUT_ENGINES } });
    const refused = await execute(bare.url, undefined, EnginesQuery);
    expect(refused.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('says which are configured, with their model and host, once their variables are set', async () => {
    const key = await equipped.createKey('acme');
    const host = new URL(engine.baseUrl).origin;
    const { data } = await execute(equipped.url, key, EnginesQuery);
    expect(data!.engines.map(({ kind, status, model, host: at }) => ({ kind, status, model, host: at }))).toEqual([
      { kind: 'SPEECH_TO_TEXT', status: 'CONFIGURED', model: 'whisper-1', host },
      { kind: 'DIARIZING_SPEECH_TO_TEXT', status: 'CONFIGURED', model: 'gpt-4o-transcribe-diarize', host: new URL(diarizer.baseUrl).origin },
      { kind: 'LLM', status: 'CONFIGURED', model: 'gpt-4o-mini', host },
      { kind: 'TEXT_EMBEDDING', status: 'CONFIGURED', model: 'nomic-embed-text', host },
      { kind: 'VOICE', status: 'LOCAL', model: 'local (ffmpeg, espeak-ng)', host: null },
    ]);
  });

  it("says how the last call to each ended, in a word and never in the engine's own words", async () => {
    const key = await equipped.createKey('acme');
    const llmCall = async () => (await execute(equipped.url, key, LastCallsQuery)).data!.engines.find((listed) => listed.kind === 'LLM')!.lastCall;
    const complete = () => restClient(equipped.url, key)('POST', '/v2/completions', { json: { input: { messages: [{ role: 'user', content: 'hello' }] } } });

    engine.setBehaviour({ failures: { chat: { status: 401, message: 'Incorrect API key provided: sk-live-do-not-show' } } });
    try {
      expect((await complete()).status).toBe(200);
      const failed = await waitFor(llmCall, (call) => call?.ok === false, 10_000);
      expect(failed).toEqual({ at: expect.any(String), ok: false, error: 'HTTP 401' });
      expect(Date.now() - Date.parse(failed!.at)).toBeLessThan(60_000);
      expect(JSON.stringify(await execute(equipped.url, key, LastCallsQuery))).not.toContain('do-not-show');
    } finally {
      engine.setBehaviour({ failures: {} });
    }
    // The next call answers: the outcome changed, so it is written at once.
    expect((await complete()).status).toBe(200);
    expect(await waitFor(llmCall, (call) => call?.ok === true, 10_000)).toEqual({ at: expect.any(String), ok: true, error: null });
    // Engines never called have no last call; the built-in voice engine of this app has not been asked.
    const { data } = await execute(equipped.url, key, LastCallsQuery);
    expect(data!.engines.find((listed) => listed.kind === 'VOICE')!.lastCall).toBeNull();
  });

  it('measures the diarizing engine under its own name, apart from plain speech-to-text', async () => {
    const key = await equipped.createKey('acme');
    const lastCalls = async () =>
      new Map((await execute(equipped.url, key, LastCallsQuery)).data!.engines.map((listed) => [listed.kind, listed.lastCall] as const));
    const measured = async () => (await registry.getSingleMetricAsString('engine_call_duration_seconds')).includes('engine="diarizing-speech-to-text"');
    expect(await measured()).toBe(false);
    const dir = await makeTempDir('diarized-call-');
    try {
      const recording = await makeConversation(join(dir, 'conversation.flac'), 5);
      const call = restClient(equipped.url, key);
      const submitted = await call('POST', '/v2/transcript', { form: await multipart({ speaker_labels: 'true' }, { audio: recording }) });
      expect(submitted.status).toBe(200);
      const ended = await waitFor(
        async () => (await call('GET', submitted.body.id as string)).body as { status: string },
        (transcript) => ['completed', 'error'].includes(transcript.status),
      );
      expect(ended.status).toBe('completed');
      const calls = await waitFor(lastCalls, (read) => read.get('DIARIZING_SPEECH_TO_TEXT')?.ok === true, 10_000);
      // Its calls went to the diarizing engine only: plain speech-to-text, never called here, says nothing.
      expect(calls.get('SPEECH_TO_TEXT')).toBeNull();
      expect(diarizer.requests.length).toBeGreaterThan(0);
      expect(await measured()).toBe(true);
    } finally {
      await removeDir(dir);
    }
  });

  it('keeps the outcomes of the listed engines only, not of ffmpeg, downloads or webhooks', async () => {
    // Engine calls are heard process-wide, so calls measured here reach the apps of this process.
    await measureEngineCall('ffmpeg', async () => undefined);
    await measureEngineCall('webhook', async () => undefined);
    await measureEngineCall('local-voice', async () => undefined);
    const calls = equipped.app.services.platform.engineCalls;
    const kept = await waitFor(
      () => calls.read(),
      (read) => read.has('local-voice'),
      5_000,
    );
    expect(kept.has('ffmpeg')).toBe(false);
    expect(kept.has('webhook')).toBe(false);
  });

  it('lists them on /readyz, ready even with engines missing', async () => {
    const ready = await restClient(bare.url)('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ok',
      checks: expect.objectContaining({ redis: 'ok' }),
      engines: WITHOUT_ENGINES.map((listed) => ({ ...listed, kind: listed.kind.toLowerCase(), status: listed.status.toLowerCase() })),
    });
  });
});

describe('the start-up log', () => {
  /** What the service prints on its way up as a real process, with these variables over a fresh Redis and data directory. */
  async function startUpLines(env: Record<string, string>, dir: string): Promise<string[]> {
    const redis = await startTestRedis();
    const app = await startAppProcess({
      PORT: '0',
      HOST: '127.0.0.1',
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
      DATA_DIR: join(dir, 'data'),
      LOG_LEVEL: 'warn',
      ...env,
    });
    try {
      return app.output().split('\n');
    } finally {
      app.kill('SIGTERM');
      await app.exited;
      await redis.stop();
    }
  }

  it('says which audio tools are missing, and no longer offers the built-in voice engine without them', async () => {
    const dir = await makeTempDir('tools-log-');
    try {
      // A PATH with nothing on it: ffmpeg, ffprobe and espeak-ng are found nowhere.
      const lines = await startUpLines({ PATH: dir }, dir);
      expect(lines.filter((line) => line.startsWith('audio tools: '))).toEqual([
        'audio tools: MISSING ffmpeg (FFMPEG_PATH=ffmpeg: not installed), ffprobe (FFPROBE_PATH=ffprobe: not installed): ' +
          'voices, transcripts and audio or video documents answer 503 until they are installed; ' +
          'espeak-ng (ESPEAK_PATH=espeak-ng: not installed): no test samples from the local voice engine',
      ]);
      expect(lines).toContain('engine voice: missing; voice embedding, test samples will fail until GPU_JOBS_URL is set');
      expect(lines.join('\n')).not.toContain('(ffmpeg, espeak-ng)');
    } finally {
      await removeDir(dir);
    }
  });

  it('has one line per engine: what does the work, or the variable to set', async () => {
    const dir = await makeTempDir('engines-log-');
    try {
      const lines = await startUpLines({ ASR_BASE_URL: 'https://user:secret@asr.example.com/v1' }, dir);
      expect(lines.filter((line) => line.startsWith('audio tools: '))).toEqual([
        expect.stringMatching(/^audio tools: ffmpeg \S+, ffprobe \S+, espeak-ng \S+$/),
      ]);
      expect(lines.filter((line) => line.startsWith('engine '))).toEqual([
        'engine speech-to-text: whisper-1 at https://asr.example.com (ASR_BASE_URL)',
        'engine diarizing speech-to-text: missing; transcripts with speaker labels will fail until ASR_DIARIZE_MODEL is set',
        'engine LLM: missing; completions, rewrite will fail until LLM_BASE_URL is set',
        'engine text embeddings: local default local-hashing-384; set EMBEDDINGS_BASE_URL for a service (knowledge base embedding, retrieval)',
        'engine voice: local default local (ffmpeg, espeak-ng); set GPU_JOBS_URL for a service (voice embedding, test samples)',
      ]);
      expect(lines.join('\n')).not.toContain('secret');
    } finally {
      await removeDir(dir);
    }
  });
});
