import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ChatCompletionsClient } from '../../src/engines/chat-completions.client';
import { EngineNotConfigured } from '../../src/domain/shared/engine-error';
import { SpeechToTextClient } from '../../src/engines/speech-to-text.client';
import { createTextEmbedder, LocalTextEmbedder, RemoteTextEmbedder } from '../../src/engines/text-embeddings.client';
import {
  defaultTranscript,
  echoLastUserMessage,
  fakeEmbedding,
  startOpenAiCompatibleServer,
  type OpenAiCompatibleServer,
} from '../support/openai-compatible-server';
import { engineFailure } from '../support/engine-failure';

const execFileAsync = promisify(execFile);

let server: OpenAiCompatibleServer;
let workDir: string;
let audioPath: string;

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'openai-clients-'));
  audioPath = join(workDir, 'tone.wav');
  await execFileAsync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', audioPath]);
  server = await startOpenAiCompatibleServer();
});

afterAll(async () => {
  await server?.close();
  await rm(workDir, { recursive: true, force: true });
});

beforeEach(() => {
  server.requests.length = 0;
  server.setBehaviour({
    apiKey: undefined,
    failures: {},
    delaysMs: {},
    transcript: defaultTranscript,
    verboseJson: 'supported',
    wordStyle: 'openai',
    detectedLanguage: 'english',
    languageProbability: undefined,
    reply: echoLastUserMessage,
    reverseEmbeddingData: false,
  });
});

async function closedPortUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}/v1`;
}

describe('SpeechToTextClient', () => {
  it('uploads the audio and returns the transcript with the measured duration', async () => {
    server.setBehaviour({ apiKey: 'asr-secret' });
    const client = new SpeechToTextClient({ baseUrl: server.baseUrl, apiKey: 'asr-secret', model: 'whisper-1' });
    const result = await client.transcribe(audioPath, { language: 'en_us', prompt: 'Persona, GraphQL' });

    expect(result.text).toBe(defaultTranscript);
    expect(result.durationSeconds).toBeCloseTo(3, 1);
    expect(result.languageCode).toBe('en');
    expect(result.languageConfidence).toBeUndefined();
    expect(result.words).toBeUndefined();
    expect(server.requests).toEqual([
      {
        endpoint: 'transcriptions',
        authorization: 'Bearer asr-secret',
        model: 'whisper-1',
        language: 'en',
        prompt: 'Persona, GraphQL',
        responseFormat: 'verbose_json',
        filename: 'tone.wav',
        fileBytes: (await stat(audioPath)).size,
        audioSeconds: 3,
        receivedAt: expect.any(Number),
        answeredAt: expect.any(Number),
      },
    ]);
  });

  it('sends the given upload name and omits options that are not set', async () => {
    server.setBehaviour({ transcript: 'Configured words.' });
    const client = new SpeechToTextClient({ baseUrl: `${server.baseUrl}/`, model: 'large-v3' });
    const result = await client.transcribe(audioPath, { filename: 'episode-12.wav' });
    expect(result.text).toBe('Configured words.');
    const recorded = server.requests[0];
    expect(recorded?.filename).toBe('episode-12.wav');
    expect(recorded?.model).toBe('large-v3');
    expect(recorded?.authorization).toBeUndefined();
    expect(recorded?.language).toBeUndefined();
    expect(recorded?.prompt).toBeUndefined();
  });

  it('surfaces the service refusing a file that is not audio', async () => {
    const notAudio = join(workDir, 'notes.wav');
    await writeFile(notAudio, 'this is plain text, not audio');
    const client = new SpeechToTextClient({ baseUrl: server.baseUrl, model: 'whisper-1' });
    const error = await engineFailure(client.transcribe(notAudio));
    expect(error.message).toBe('Speech-to-text request failed: HTTP 400: Invalid file format. The audio could not be decoded.');
    expect(error.retryable).toBe(false);
  });

  it('asks for word timestamps and gives them in milliseconds, without scores when the engine has none', async () => {
    const client = new SpeechToTextClient({ baseUrl: server.baseUrl, model: 'whisper-1' });
    const result = await client.transcribe(audioPath, { words: true });
    expect(server.requests[0]).toMatchObject({ responseFormat: 'verbose_json', timestampGranularities: ['word'] });
    expect(result.languageCode).toBe('en');
    // OpenAI's words: bare, unscored, at the centiseconds Whisper gives (3 s over 8 words).
    expect(result.words).toEqual([
      { text: 'Um', start: 0, end: 380 },
      { text: 'hello', start: 380, end: 750 },
      { text: 'world', start: 750, end: 1130 },
      { text: 'This', start: 1130, end: 1500 },
      { text: 'is', start: 1500, end: 1880 },
      { text: 'uh', start: 1880, end: 2250 },
      { text: 'a', start: 2250, end: 2630 },
      { text: 'test', start: 2630, end: 3000 },
    ]);
  });

  it('takes word scores and the language probability when the engine gives them, and maps language names to codes', async () => {
    server.setBehaviour({ wordStyle: 'faster-whisper', detectedLanguage: 'german', languageProbability: 0.93 });
    const client = new SpeechToTextClient({ baseUrl: server.baseUrl, model: 'large-v3' });
    const result = await client.transcribe(audioPath, { words: true });
    expect(result.languageCode).toBe('de');
    expect(result.languageConfidence).toBe(0.93);
    expect(result.words?.map((word) => word.text)).toEqual(['Um,', 'hello', 'world.', 'This', 'is,', 'uh,', 'a', 'test.']);
    expect(result.words?.map((word) => word.confidence)).toEqual([0.99, 0.96, 0.93, 0.9, 0.87, 0.84, 0.81, 0.78]);
  });

  it('leaves out a language it cannot name as a code', async () => {
    server.setBehaviour({ detectedLanguage: 'klingon' });
    const client = new SpeechToTextClient({ baseUrl: server.baseUrl, model: 'whisper-1' });
    const result = await client.transcribe(audioPath);
    expect(result.text).toBe(defaultTranscript);
    expect(result.languageCode).toBeUndefined();
  });

  it('asks once more in plain json when verbose_json is refused, then asks plain json at once', async () => {
    server.setBehaviour({ verboseJson: 'refused' });
    const client = new SpeechToTextClient({ baseUrl: server.baseUrl, model: 'tiny' });
    const first = await client.transcribe(audioPath, { words: true });
    expect(first).toEqual({ text: defaultTranscript, durationSeconds: undefined, languageCode: undefined, languageConfidence: undefined });
    expect(server.requests.map((request) => request.responseFormat)).toEqual(['verbose_json', 'json']);
    expect(server.requests[1]?.timestampGranularities).toBeUndefined();

    await client.transcribe(audioPath, { words: true });
    expect(server.requests.map((request) => request.responseFormat)).toEqual(['verbose_json', 'json', 'json']);
  });

  it('gives the text alone when the engine answers plain json to verbose_json', async () => {
    server.setBehaviour({ verboseJson: 'ignored' });
    const client = new SpeechToTextClient({ baseUrl: server.baseUrl, model: 'tiny' });
    const result = await client.transcribe(audioPath, { words: true });
    expect(result).toEqual({ text: defaultTranscript, durationSeconds: undefined, languageCode: undefined, languageConfidence: undefined });
    expect(server.requests).toHaveLength(1);
  });

  it('retries a server error twice, then reports it with the server message as retryable', async () => {
    server.setBehaviour({ failures: { transcriptions: { status: 500, message: 'The model is overloaded' } } });
    const client = new SpeechToTextClient({ baseUrl: server.baseUrl, model: 'whisper-1', retryDelaysMs: [10, 10] });
    const error = await engineFailure(client.transcribe(audioPath));
    expect(error.message).toBe('Speech-to-text request failed: HTTP 500: The model is overloaded');
    expect(error.retryable).toBe(true);
    expect(server.requests).toHaveLength(3);
  });

  it('waits as long as a 429 asks before trying again, and gets through', async () => {
    server.setBehaviour({ failures: { transcriptions: { status: 429, message: 'Rate limit reached', times: 1, retryAfter: '1' } } });
    const client = new SpeechToTextClient({ baseUrl: server.baseUrl, model: 'whisper-1', retryDelaysMs: [10, 10] });
    const result = await client.transcribe(audioPath);
    expect(result.text).toBe(defaultTranscript);
    const [refused, accepted] = server.requests;
    expect(accepted!.receivedAt! - refused!.answeredAt!).toBeGreaterThanOrEqual(950);
  });

  it('does not retry what a retry cannot mend: an upload OpenAI does not take', async () => {
    const aiff = join(workDir, 'tone.aiff');
    await execFileAsync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', aiff]);
    const client = new SpeechToTextClient({ baseUrl: server.baseUrl, model: 'whisper-1', retryDelaysMs: [10, 10] });
    const error = await engineFailure(client.transcribe(aiff));
    expect(error.message).toBe(
      "Speech-to-text request failed: HTTP 400: Invalid file format. Supported formats: ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm']",
    );
    expect(error.retryable).toBe(false);
    // Refused verbose_json is asked again as plain json: two requests, no retries.
    expect(server.requests).toHaveLength(2);
  });

  it('refuses to run without a base URL', async () => {
    const client = new SpeechToTextClient({ model: 'whisper-1' });
    const error = await engineFailure(client.transcribe(audioPath));
    expect(error).toBeInstanceOf(EngineNotConfigured);
    expect(error.message).toBe('The speech-to-text engine is not configured (set ASR_BASE_URL)');
    expect(error.retryable).toBe(false);
  });
});

describe('ChatCompletionsClient', () => {
  it('returns the reply, the model and the token usage', async () => {
    server.setBehaviour({ apiKey: 'llm-secret' });
    const client = new ChatCompletionsClient({ baseUrl: server.baseUrl, apiKey: 'llm-secret', model: 'gpt-4o-mini' });
    const result = await client.complete({
      messages: [
        { role: 'system', content: 'You rewrite text.' },
        { role: 'user', content: 'Make this shorter please' },
      ],
      temperature: 0.2,
      maxTokens: 50,
    });
    expect(result).toEqual({
      message: { role: 'assistant', content: 'Echo: Make this shorter please' },
      model: 'gpt-4o-mini',
      usage: { promptTokens: 7, completionTokens: 5, totalTokens: 12 },
      finishReason: 'stop',
    });
    expect(server.requests[0]).toMatchObject({
      endpoint: 'chat',
      authorization: 'Bearer llm-secret',
      model: 'gpt-4o-mini',
      temperature: 0.2,
      maxTokens: 50,
    });
  });

  it('uses the model of the request over the default and reports a cut-off reply', async () => {
    server.setBehaviour({ reply: 'one two three four five six' });
    const client = new ChatCompletionsClient({ baseUrl: server.baseUrl, model: 'gpt-4o-mini' });
    const result = await client.complete({
      model: 'economy-model',
      messages: [{ role: 'user', content: 'Count' }],
      maxTokens: 3,
    });
    expect(result.model).toBe('economy-model');
    expect(result.message.content).toBe('one two three');
    expect(result.finishReason).toBe('length');
    expect(server.requests[0]?.temperature).toBeUndefined();
  });

  it('reports a wrong API key as not retryable', async () => {
    server.setBehaviour({ apiKey: 'right-key' });
    const client = new ChatCompletionsClient({ baseUrl: server.baseUrl, apiKey: 'wrong-key', model: 'gpt-4o-mini' });
    const error = await engineFailure(client.complete({ messages: [{ role: 'user', content: 'Hi' }] }));
    expect(error.message).toBe('LLM request failed: HTTP 401: Incorrect API key provided.');
    expect(error.retryable).toBe(false);
    expect(server.requests[0]?.authorization).toBe('Bearer wrong-key');
  });

  it('gives up on a service slower than the timeout', async () => {
    server.setBehaviour({ delaysMs: { chat: 5_000 } });
    const client = new ChatCompletionsClient({ baseUrl: server.baseUrl, model: 'gpt-4o-mini', timeoutMs: 200 });
    const error = await engineFailure(client.complete({ messages: [{ role: 'user', content: 'Hi' }] }));
    expect(error.message).toBe('LLM request timed out after 0.2 s');
    expect(error.retryable).toBe(true);
  });

  it('reports a service that cannot be reached', async () => {
    const client = new ChatCompletionsClient({ baseUrl: await closedPortUrl(), model: 'gpt-4o-mini', retryDelaysMs: [10, 10] });
    const error = await engineFailure(client.complete({ messages: [{ role: 'user', content: 'Hi' }] }));
    expect(error.message).toBe('LLM service unreachable: connection refused');
    expect(error.retryable).toBe(true);
  });

  it('refuses to run without a base URL', async () => {
    const client = new ChatCompletionsClient({ model: 'gpt-4o-mini' });
    const error = await engineFailure(client.complete({ messages: [{ role: 'user', content: 'Hi' }] }));
    expect(error).toBeInstanceOf(EngineNotConfigured);
    expect(error.message).toBe('The LLM engine is not configured (set LLM_BASE_URL)');
  });
});

describe('RemoteTextEmbedder', () => {
  it('sends batches of at most 64 texts and keeps the order by index', async () => {
    server.setBehaviour({ reverseEmbeddingData: true, apiKey: 'emb-secret' });
    const embedder = new RemoteTextEmbedder({
      baseUrl: server.baseUrl,
      apiKey: 'emb-secret',
      model: 'text-embedding-3-small',
    });
    const texts = Array.from({ length: 130 }, (_, index) => `chunk number ${index}`);
    const { vectors, tokens } = await embedder.embed(texts);

    expect(tokens).toBe(130 * 3);
    expect(embedder.model).toBe('text-embedding-3-small');
    expect(server.requests.map((request) => request.inputs?.length)).toEqual([64, 64, 2]);
    expect(server.requests.every((request) => request.authorization === 'Bearer emb-secret')).toBe(true);
    expect(vectors).toEqual(texts.map((text) => fakeEmbedding(text, 16)));
  });

  it('makes no request for no texts', async () => {
    const embedder = new RemoteTextEmbedder({ baseUrl: server.baseUrl, model: 'text-embedding-3-small' });
    expect(await embedder.embed([])).toEqual({ vectors: [], tokens: 0 });
    expect(server.requests).toHaveLength(0);
  });

  it('surfaces the server message of a failed batch', async () => {
    server.setBehaviour({ failures: { embeddings: { status: 503, message: 'Embedding backend restarting' } } });
    const embedder = new RemoteTextEmbedder({ baseUrl: server.baseUrl, model: 'text-embedding-3-small', retryDelaysMs: [10, 10] });
    const error = await engineFailure(embedder.embed(['a text']));
    expect(error.message).toBe('Text embeddings request failed: HTTP 503: Embedding backend restarting');
    expect(error.retryable).toBe(true);
    expect(server.requests).toHaveLength(3);
  });

  it('refuses to run without a base URL', async () => {
    const error = await engineFailure(new RemoteTextEmbedder({ model: 'text-embedding-3-small' }).embed(['a text']));
    expect(error).toBeInstanceOf(EngineNotConfigured);
    expect(error.message).toBe('The text embeddings engine is not configured (set EMBEDDINGS_BASE_URL)');
  });
});

describe('LocalTextEmbedder', () => {
  const cosine = (a: number[], b: number[]): number => a.reduce((sum, value, index) => sum + value * (b[index] ?? 0), 0);

  it('gives deterministic unit vectors of the configured dimension', async () => {
    const embedder = new LocalTextEmbedder();
    const { vectors, tokens } = await embedder.embed(['The quick brown fox jumps over the lazy dog.', '  ...  ']);
    const [first, empty] = vectors;
    const [again] = (await new LocalTextEmbedder().embed(['The quick brown fox jumps over the lazy dog.'])).vectors;

    expect(tokens).toBe(0);
    expect(embedder.model).toBe('local-hashing-384');
    expect(first).toHaveLength(384);
    expect(again).toEqual(first);
    expect(Math.hypot(...first!)).toBeCloseTo(1, 10);
    expect(empty).toEqual(new Array(384).fill(0));
    expect(new LocalTextEmbedder(64).model).toBe('local-hashing-64');
    expect((await new LocalTextEmbedder(64).embed(['fox'])).vectors[0]).toHaveLength(64);
  });

  it('scores related texts above unrelated ones', async () => {
    const [query, ...others] = (
      await new LocalTextEmbedder().embed([
        'How do I reset my account password?',
        'To reset your password, open account settings and choose reset password.',
        'The orchestra performed a symphony by Beethoven last night.',
        'Shipping takes three to five business days for domestic orders.',
      ])
    ).vectors;
    const [related, ...unrelated] = others.map((vector) => cosine(query!, vector));
    for (const score of unrelated) expect(related!).toBeGreaterThan(score + 0.15);
  });

  it('ignores case and punctuation', async () => {
    const [a, b] = (await new LocalTextEmbedder().embed(['Hello, World!', 'hello world'])).vectors;
    expect(cosine(a!, b!)).toBeCloseTo(1, 10);
  });
});

describe('createTextEmbedder', () => {
  it('uses the service when a base URL is set and the local embedder otherwise', async () => {
    const remote = createTextEmbedder({ baseUrl: server.baseUrl, model: 'text-embedding-3-small' });
    expect(remote).toBeInstanceOf(RemoteTextEmbedder);
    expect(await remote.embed(['hello'])).toEqual({ vectors: [fakeEmbedding('hello', 16)], tokens: 1 });

    const local = createTextEmbedder({ model: 'text-embedding-3-small' });
    expect(local).toBeInstanceOf(LocalTextEmbedder);
    expect(local.model).toBe('local-hashing-384');
  });
});
