import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTranscript, startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { makeSine, makeTempDir, removeDir } from '../support/audio';
import { startTestApp, storedBlobs, type TestApp } from '../support/test-app';
import { restClient } from '../support/rest-client';
import { waitFor } from '../support/wait-for';
import { serveFiles, type FileServer } from './helpers';

interface CompletionBody {
  id: string;
  state: string;
  output: null | {
    error?: string;
    message?: { role: string; content: string };
    usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
    model?: string;
    transcripts?: Record<string, string>;
  };
}

let app: TestApp;
let engine: OpenAiCompatibleServer;
let files: FileServer;
let dir: string;
let key: string;
let wavDataUri: string;

beforeAll(async () => {
  dir = await makeTempDir('v2-completions-');
  await makeSine(join(dir, 'hello.ogg'), { seconds: 2 });
  const wav = await makeSine(join(dir, 'short.wav'), { seconds: 1 });
  wavDataUri = `data:audio/wav;base64,${(await readFile(wav)).toString('base64')}`;
  engine = await startOpenAiCompatibleServer();
  files = await serveFiles({ 'hello.ogg': { path: join(dir, 'hello.ogg'), contentType: 'audio/ogg' } });
  // No later tries for an engine that is away (engine-restarts.test.ts has those): a failing engine fails at once.
  app = await startTestApp({
    ASR_BASE_URL: engine.baseUrl,
    LLM_BASE_URL: engine.baseUrl,
    LLM_MODEL: 'persona-llm',
    ALLOW_PRIVATE_URLS: 'true',
    ENGINE_RETRY_WINDOW_SECONDS: '0',
  });
  key = await app.createKey('acme');
});

afterAll(async () => {
  await app?.close();
  await engine?.close();
  await files?.close();
  await removeDir(dir);
});

function submit(target: TestApp, body: unknown, requestKey: string) {
  return restClient(target.url, requestKey)('POST', '/v2/completions', { json: body });
}

async function submitAndWait(body: unknown, target = app, requestKey = key): Promise<CompletionBody> {
  const response = await submit(target, body, requestKey);
  expect(response.status).toBe(200);
  const submitted = response.body as CompletionBody;
  expect(submitted).toEqual({ id: expect.stringMatching(/^\/v2\/completions\/[0-9a-f-]{36}$/), state: 'in-progress', output: null });
  const settled = await waitFor(
    () => restClient(target.url, requestKey)('GET', submitted.id),
    (answer) => answer.status === 200 && (answer.body as CompletionBody).state !== 'in-progress',
  );
  return settled.body as CompletionBody;
}

describe('POST /v2/completions validation', () => {
  it('requires the input object', async () => {
    const response = await submit(app, {}, key);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message: 'The given data was invalid.', errors: { input: ['The input field is required.'] } });
  });

  it('reports every invalid member of the input at once', async () => {
    const response = await submit(
      app,
      {
        input: {
          messages: [
            { role: 'robot', content: 'hi' },
            { role: 'user', content: [{ type: 'audio', audio_file: 'missing' }, { type: 'video' }] },
          ],
          audio_files: { clip: 'file:///etc/passwd', inline: 'data:audio/wav;base64,!!!' },
          character: 42,
          character_params: { personality: ['cheerful'] },
        },
      },
      key,
    );
    expect(response.status).toBe(422);
    const body = response.body as { errors: Record<string, string[]> };
    expect(body.errors).toEqual({
      'input.audio_files.clip': ['The input.audio_files.clip field must be a valid http or https URL or an audio data URI.'],
      'input.audio_files.inline': ['The input.audio_files.inline field must be a base64 data URI of audio (data:audio/...;base64,...).'],
      'input.messages.0.role': ['The input.messages.0.role field must be one of system, user, assistant.'],
      'input.messages.1.content.0.audio_file': ['The input.messages.1.content.0.audio_file field must name an entry of input.audio_files.'],
      'input.messages.1.content.1.type': ['The input.messages.1.content.1.type field must be one of text, audio.'],
      'input.character': ['The input.character field must be a string.'],
      'input.character_params.personality': ['The input.character_params.personality field must be a string.'],
    });
  });

  it('refuses inline data that is not audio, storing nothing', async () => {
    const response = await submit(
      app,
      {
        input: {
          messages: [{ role: 'user', content: [{ type: 'audio', audio_file: 'note' }] }],
          audio_files: { note: `data:audio/mpeg;base64,${Buffer.from('not audio at all, just text'.repeat(20)).toString('base64')}` },
        },
      },
      key,
    );
    expect(response.status).toBe(422);
    expect((response.body as { errors: unknown }).errors).toEqual({
      'input.audio_files.note': ['The input.audio_files.note field must be audio of type: mp3, wav, ogg, flac, m4a, mp4, webm.'],
    });
    expect(await storedBlobs(app)).toEqual([]);
  });
});

describe('completion', () => {
  it('transcribes the referenced audio and answers in character', async () => {
    const before = engine.requests.length;
    const done = await submitAndWait({
      input: {
        messages: [
          { role: 'assistant', content: 'Ahoy! What can I do for you?' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'Listen to this:' },
              { type: 'audio', audio_file: 'greeting' },
            ],
          },
        ],
        audio_files: { greeting: files.url('hello.ogg') },
        character: 'Captain Rowan',
        character_params: { personality: 'gruff but kind', speaking_style: 'nautical slang', language: 'English' },
      },
    });
    expect(done.state).toBe('completed');
    const reply = `Echo: Listen to this:\n${defaultTranscript}`;
    expect(done.output).toEqual({
      message: { role: 'assistant', content: reply },
      usage: expect.objectContaining({ prompt_tokens: expect.any(Number), completion_tokens: reply.split(/\s+/).length }),
      model: 'persona-llm',
      transcripts: { greeting: defaultTranscript },
    });
    const sent = engine.requests.slice(before);
    expect(sent.filter((request) => request.endpoint === 'transcriptions')).toHaveLength(1);
    const chat = sent.find((request) => request.endpoint === 'chat');
    expect(chat?.model).toBe('persona-llm');
    expect(chat?.messages).toEqual([
      {
        role: 'system',
        content:
          'You are Captain Rowan. Stay in character in every reply.\nPersonality: gruff but kind\nSpeaking style: nautical slang\nAlways answer in English.',
      },
      { role: 'assistant', content: 'Ahoy! What can I do for you?' },
      { role: 'user', content: `Listen to this:\n${defaultTranscript}` },
    ]);
  });

  it('gives the LLM the audio files no message names after the messages, in the order of audio_files', async () => {
    const before = engine.requests.length;
    const done = await submitAndWait({
      input: {
        messages: [
          { role: 'system', content: 'Keep answers short.' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'First this:' },
              { type: 'audio', audio_file: 'greeting' },
            ],
          },
        ],
        audio_files: { memo: wavDataUri, greeting: files.url('hello.ogg'), tail: files.url('hello.ogg') },
      },
    });
    expect(done.state).toBe('completed');
    expect(done.output?.message).toEqual({ role: 'assistant', content: `Echo: ${defaultTranscript}` });
    expect(Object.entries(done.output?.transcripts ?? {})).toEqual([
      ['greeting', defaultTranscript],
      ['memo', defaultTranscript],
      ['tail', defaultTranscript],
    ]);
    const sent = engine.requests.slice(before);
    // The engine hears every file; the 1-second memo is told apart from the 2-second files by its size.
    const heard = sent.filter((request) => request.endpoint === 'transcriptions').map((request) => request.fileBytes ?? 0);
    expect(heard).toHaveLength(3);
    expect(heard[1]).toBeLessThan(heard[0]!);
    expect(heard[1]).toBeLessThan(heard[2]!);
    expect(sent.find((request) => request.endpoint === 'chat')?.messages).toEqual([
      { role: 'system', content: 'Keep answers short.' },
      { role: 'user', content: `First this:\n${defaultTranscript}` },
      { role: 'user', content: defaultTranscript },
      { role: 'user', content: defaultTranscript },
    ]);
  });

  it('treats audio files that no message names the same when they come through GraphQL', async () => {
    const before = engine.requests.length;
    const call = restClient(app.url, key);
    const response = await call('POST', '/graphql', {
      json: {
        query: 'mutation ($input: SubmitCompletionInput!) { submitCompletion(input: $input) { id } }',
        variables: { input: { messages: [{ role: 'USER', content: 'What did I say?' }], audioFiles: [{ name: 'clip', url: files.url('hello.ogg') }] } },
      },
    });
    const answer = response.body as { data?: { submitCompletion: { id: string } }; errors?: unknown };
    expect(answer.errors).toBeUndefined();
    const settled = await waitFor(
      () => call('GET', answer.data!.submitCompletion.id),
      (current) => current.status === 200 && (current.body as CompletionBody).state !== 'in-progress',
    );
    const done = settled.body as CompletionBody;
    expect(done.state).toBe('completed');
    expect(done.output?.transcripts).toEqual({ clip: defaultTranscript });
    expect(engine.requests.slice(before).find((request) => request.endpoint === 'chat')?.messages).toEqual([
      { role: 'user', content: 'What did I say?' },
      { role: 'user', content: defaultTranscript },
    ]);
  });

  it('fails with the file named when an audio file no message names cannot be fetched', async () => {
    const done = await submitAndWait({
      input: { messages: [{ role: 'user', content: 'hello' }], audio_files: { unused: files.url('missing.ogg') } },
    });
    expect(done.state).toBe('failed');
    expect(done.output?.error).toMatch(/^Audio file 'unused': /);
  });

  it('accepts audio as a data URI', async () => {
    const done = await submitAndWait({
      input: { messages: [{ role: 'user', content: [{ type: 'audio', audio_file: 'memo' }] }], audio_files: { memo: wavDataUri } },
    });
    expect(done.state).toBe('completed');
    expect(done.output?.transcripts).toEqual({ memo: defaultTranscript });
  });

  it('fails with the engine reason as output.error when the LLM keeps failing', async () => {
    engine.setBehaviour({ failures: { chat: { status: 500, message: 'out of capacity' } } });
    try {
      const done = await submitAndWait({ input: { messages: [{ role: 'user', content: 'hello' }] } });
      expect(done).toEqual({ id: done.id, state: 'failed', output: { error: 'LLM request failed: HTTP 500: out of capacity' } });
    } finally {
      engine.setBehaviour({ failures: {} });
    }
  });

  it('keeps a completion from other keys', async () => {
    const done = await submitAndWait({ input: { messages: [{ role: 'user', content: 'private' }] } });
    const other = await app.createKey('acme');
    const response = await restClient(app.url, other)('GET', done.id);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'Completion not found' });
  });

  it('forgets a finished completion after COMPLETION_TTL_SECONDS', async () => {
    const shortLived = await startTestApp({ LLM_BASE_URL: engine.baseUrl, COMPLETION_TTL_SECONDS: '1', REDIS_PREFIX: `${app.redis.prefix}-ttl` }, app.redis);
    try {
      const shortKey = await shortLived.createKey('acme');
      const done = await submitAndWait({ input: { messages: [{ role: 'user', content: 'soon gone' }] } }, shortLived, shortKey);
      expect(done.state).toBe('completed');
      const response = await waitFor(
        () => restClient(shortLived.url, shortKey)('GET', done.id),
        (answer) => answer.status !== 200,
        15_000,
      );
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'Completion not found' });
    } finally {
      await shortLived.close();
    }
  });
});
