import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EngineUnavailable } from '../../src/domain/shared/engine-error';
import { ChatCompletionsClient } from '../../src/engines/chat-completions.client';
import { retryAfterMs } from '../../src/engines/engine-http';
import { SpeechToTextClient } from '../../src/engines/speech-to-text.client';
import { RemoteTextEmbedder } from '../../src/engines/text-embeddings.client';
import { makeSine, makeTempDir, removeDir } from '../support/audio';
import { engineFailure } from '../support/engine-failure';
import { defaultTranscript, startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';

/**
 * How every OpenAI-compatible client meets an engine that misbehaves: a wait it asks for, a
 * failure that a retry mends or not, an answer too large to hold, one that never ends.
 */

const MB = 1024 * 1024;

let server: OpenAiCompatibleServer;
let workDir: string;
let audioPath: string;

beforeAll(async () => {
  workDir = await makeTempDir('engine-faults-');
  audioPath = await makeSine(join(workDir, 'tone.wav'), { seconds: 2 });
  server = await startOpenAiCompatibleServer();
});

afterAll(async () => {
  await server?.close();
  await removeDir(workDir);
});

beforeEach(() => {
  server.requests.length = 0;
  server.setBehaviour({ failures: {}, delaysMs: {}, hugeAnswers: {}, stalledAnswers: {} });
});

const hello = { messages: [{ role: 'user' as const, content: 'Hi' }] };
const chat = (options: Partial<ConstructorParameters<typeof ChatCompletionsClient>[0]> = {}) =>
  new ChatCompletionsClient({ baseUrl: server.baseUrl, model: 'gpt-4o-mini', retryDelaysMs: [10, 10], ...options });

/** The gap between a refused request's answer and the next request: how long the client waited. */
function waited(): number {
  const [refused, next] = server.requests;
  return next!.receivedAt! - refused!.answeredAt!;
}

describe('Retry-After', () => {
  it('is waited for by the LLM client before it asks again', async () => {
    server.setBehaviour({ failures: { chat: { status: 429, message: 'Rate limit reached', times: 1, retryAfter: '2' } } });
    const reply = await chat().complete(hello);
    expect(reply.message.content).toBe('Echo: Hi');
    expect(server.requests).toHaveLength(2);
    expect(waited()).toBeGreaterThanOrEqual(1_950);
  });

  it('is waited for by the embeddings client, in its HTTP-date form too', async () => {
    server.setBehaviour({
      failures: { embeddings: { status: 503, message: 'Loading model', times: 1, retryAfter: new Date(Date.now() + 3_000).toUTCString() } },
    });
    const embedder = new RemoteTextEmbedder({ baseUrl: server.baseUrl, model: 'text-embedding-3-small', retryDelaysMs: [10, 10] });
    expect((await embedder.embed(['a text'])).vectors).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
    // An HTTP date has whole seconds: the wait is at least the two seconds left of it.
    expect(waited()).toBeGreaterThanOrEqual(1_000);
  });

  it('is read as seconds or as a date, and nothing else', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(retryAfterMs('6', now)).toBe(6_000);
    expect(retryAfterMs(['12'], now)).toBe(12_000);
    expect(retryAfterMs('Tue, 01 Jan 2030 00:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Tue, 01 Jan 2029 00:00:30 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });

  it('longer than a worker sleeps for is left to the job: the failure comes at once, with the wait', async () => {
    server.setBehaviour({ failures: { chat: { status: 429, message: 'Quota exceeded', retryAfter: '3600' } } });
    const error = await engineFailure(chat().complete(hello));
    expect(error).toBeInstanceOf(EngineUnavailable);
    expect((error as EngineUnavailable).retryAfterMs).toBe(3_600_000);
    expect(server.requests).toHaveLength(1);
  });

  it('that would outlast the job is not waited for', async () => {
    server.setBehaviour({ failures: { transcriptions: { status: 503, message: 'Restarting', retryAfter: '5' } } });
    const client = new SpeechToTextClient({ baseUrl: server.baseUrl, model: 'whisper-1', retryDelaysMs: [10, 10] });
    const started = Date.now();
    const error = await engineFailure(client.transcribe(audioPath, { deadline: Date.now() + 2_000 }));
    expect(error).toBeInstanceOf(EngineUnavailable);
    expect(error.message).toBe('Speech-to-text request failed: HTTP 503: Restarting');
    expect(server.requests).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('transient and final failures', () => {
  it('tells an engine that is away (5xx, 429, refused connection) from one that refuses the work', async () => {
    server.setBehaviour({ failures: { chat: { status: 502, message: 'Bad gateway' } } });
    const away = await engineFailure(chat().complete(hello));
    expect(away).toBeInstanceOf(EngineUnavailable);
    expect((away as EngineUnavailable).status).toBe(502);

    server.setBehaviour({ failures: { chat: { status: 400, message: 'context length exceeded' } } });
    const refused = await engineFailure(chat().complete(hello));
    expect(refused).not.toBeInstanceOf(EngineUnavailable);
    expect(refused.retryable).toBe(false);

    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const unreachable = await engineFailure(chat({ baseUrl: `http://127.0.0.1:${port}/v1` }).complete(hello));
    expect(unreachable).toBeInstanceOf(EngineUnavailable);
    expect(unreachable.message).toBe('LLM service unreachable: connection refused');
  });

  it('retries an engine that is away twice in process, then hands it on', async () => {
    server.setBehaviour({ failures: { chat: { status: 503, message: 'Loading model' } } });
    const error = await engineFailure(chat().complete(hello));
    expect(error).toBeInstanceOf(EngineUnavailable);
    expect(server.requests).toHaveLength(3);
  });
});

describe('answers too large', () => {
  it('stops reading an LLM answer past the default 16 MB and fails for good, without reading the rest', async () => {
    server.setBehaviour({ hugeAnswers: { chat: 200 * MB } });
    const error = await engineFailure(chat().complete(hello));
    expect(error.message).toBe('LLM answer too large: over 16 MB');
    expect(error.retryable).toBe(false);
    // Socket buffers hold a few more MB; the 200 MB were never sent.
    expect(server.requests[0]!.answerBytes).toBeLessThan(40 * MB);
    expect(server.requests).toHaveLength(1);
  });

  it('holds speech-to-text and embeddings answers to the configured limit', async () => {
    server.setBehaviour({ hugeAnswers: { transcriptions: 50 * MB, embeddings: 50 * MB } });
    const speech = new SpeechToTextClient({ baseUrl: server.baseUrl, model: 'whisper-1', maxAnswerBytes: MB, retryDelaysMs: [10, 10] });
    expect((await engineFailure(speech.transcribe(audioPath))).message).toBe('Speech-to-text answer too large: over 1 MB');
    const embedder = new RemoteTextEmbedder({ baseUrl: server.baseUrl, model: 'text-embedding-3-small', maxAnswerBytes: MB });
    expect((await engineFailure(embedder.embed(['a text']))).message).toBe('Text embeddings answer too large: over 1 MB');
    for (const request of server.requests) expect(request.answerBytes).toBeLessThan(20 * MB);
  });

  it('takes a real answer just under the limit', async () => {
    server.setBehaviour({ reply: 'word '.repeat(150_000) });
    const reply = await chat({ maxAnswerBytes: MB }).complete(hello);
    expect(reply.message.content.length).toBeGreaterThan(700_000);
  });
});

describe('an answer that never ends', () => {
  it('times out after the configured time, as a transient failure not retried in process', async () => {
    server.setBehaviour({ stalledAnswers: { chat: true } });
    const error = await engineFailure(chat({ timeoutMs: 500 }).complete(hello));
    expect(error.message).toBe('LLM request timed out after 0.5 s');
    expect(error).toBeInstanceOf(EngineUnavailable);
    expect(server.requests).toHaveLength(1);
  });

  it('stops when the job is cancelled, with the job’s reason', async () => {
    server.setBehaviour({ stalledAnswers: { transcriptions: true } });
    const controller = new AbortController();
    const client = new SpeechToTextClient({ baseUrl: server.baseUrl, model: 'whisper-1' });
    setTimeout(() => controller.abort(new Error('The job ran out of time')), 300);
    await expect(client.transcribe(audioPath, { signal: controller.signal })).rejects.toThrow('The job ran out of time');
    server.setBehaviour({ stalledAnswers: {} });
    expect((await client.transcribe(audioPath)).text).toBe(defaultTranscript);
  });
});
