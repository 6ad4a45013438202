import { openAsBlob } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createClient, type Client } from 'graphql-ws';
import { FormData } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { completeQueue, transcribeQueue } from '../../src/queues/transcription.queues';
import { defaultTranscript, startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { FFPROBE_PATH, makeSine, makeTempDir, removeDir } from '../support/audio';
import { startTestApp, type TestApp } from '../support/test-app';
import { serveFiles, type FileServer } from './helpers';

interface GraphqlError {
  message: string;
  extensions?: { code?: string; errors?: Record<string, string[]> };
}
interface GraphqlAnswer<T> {
  data?: T | null;
  errors?: GraphqlError[];
}

let app: TestApp;
let engine: OpenAiCompatibleServer;
let files: FileServer;
let dir: string;
let key: string;
let wav: string;
const clients: Client[] = [];

beforeAll(async () => {
  dir = await makeTempDir('v2-graphql-');
  wav = await makeSine(join(dir, 'tone.wav'), { seconds: 2 });
  engine = await startOpenAiCompatibleServer({ ffprobePath: FFPROBE_PATH });
  files = await serveFiles({ 'tone.wav': { path: wav, contentType: 'audio/wav' } });
  app = await startTestApp({ ASR_BASE_URL: engine.baseUrl, LLM_BASE_URL: engine.baseUrl, ALLOW_PRIVATE_URLS: 'true' });
  key = await app.createKey('acme');
});

afterAll(async () => {
  for (const client of clients) await client.dispose();
  await app?.close();
  await engine?.close();
  await files?.close();
  await removeDir(dir);
});

async function graphql<T>(query: string, variables: Record<string, unknown> = {}, requestKey = key): Promise<GraphqlAnswer<T>> {
  const response = await app.request('/graphql', {
    method: 'POST',
    key: requestKey,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as GraphqlAnswer<T>;
}

/** Every payload of one subscription until the server completes it. */
function subscribe<T>(query: string, variables: Record<string, unknown>): { events: T[]; first: Promise<void>; done: Promise<void> } {
  const client = createClient({
    url: `${app.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { apiKey: key },
    retryAttempts: 0,
  });
  clients.push(client);
  const events: T[] = [];
  let markFirst: () => void = () => undefined;
  const first = new Promise<void>((resolve) => {
    markFirst = resolve;
  });
  const done = new Promise<void>((resolve, reject) => {
    client.subscribe<T>(
      { query, variables },
      {
        next: (value) => {
          if (value.errors) reject(new Error(JSON.stringify(value.errors)));
          else if (value.data) {
            events.push(value.data);
            markFirst();
          }
        },
        error: (error) => reject(error instanceof Error ? error : new Error(JSON.stringify(error))),
        complete: resolve,
      },
    );
  });
  return { events, first, done };
}

const TRANSCRIPT_FIELDS = 'id status text audioDuration error languageCode boostedWords';

describe('transcripts over GraphQL', () => {
  it('pushes QUEUED, PROCESSING and COMPLETED, then completes the subscription', async () => {
    const queue = app.app.services.platform.queues.get(transcribeQueue);
    // Held back so the subscription is in place while the transcript is still queued.
    await queue.pause();
    try {
      const submitted = await graphql<{ submitTranscript: { id: string; status: string } }>(
        `mutation ($input: SubmitTranscriptInput!) { submitTranscript(input: $input) { id status } }`,
        { input: { audioUrl: files.url('tone.wav'), languageCode: 'de' } },
      );
      expect(submitted.errors).toBeUndefined();
      const { id, status } = submitted.data!.submitTranscript;
      expect(status).toBe('QUEUED');
      const stream = subscribe<{ transcriptUpdated: { id: string; status: string; text: string | null } }>(
        `subscription ($id: ID!) { transcriptUpdated(id: $id) { id status text } }`,
        { id },
      );
      await stream.first;
      await queue.resume();
      await stream.done;
      expect(stream.events.map((event) => event.transcriptUpdated.status)).toEqual(['QUEUED', 'PROCESSING', 'COMPLETED']);
      expect(stream.events.at(-1)?.transcriptUpdated).toEqual({ id, status: 'COMPLETED', text: 'Hello world. This is a test.' });
    } finally {
      await queue.resume();
    }
  });

  it('takes an upload through the multipart request spec and finds the transcript by uuid or path', async () => {
    const before = engine.requests.length;
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({
        query: `mutation ($input: SubmitTranscriptInput!) { submitTranscript(input: $input) { id status boostedWords } }`,
        variables: { input: { audio: null, boostedWords: ['Pothos', 'BullMQ'], formatText: false } },
      }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.input.audio'] }));
    form.append('0', await openAsBlob(wav), 'tone.wav');
    const response = await app.request('/graphql', { method: 'POST', key, body: form });
    const submitted = (await response.json()) as GraphqlAnswer<{ submitTranscript: { id: string; status: string; boostedWords: string[] } }>;
    expect(submitted.errors).toBeUndefined();
    const { id } = submitted.data!.submitTranscript;
    expect(submitted.data!.submitTranscript.boostedWords).toEqual(['Pothos', 'BullMQ']);

    const stream = subscribe<{ transcriptUpdated: { status: string } }>(`subscription ($id: ID!) { transcriptUpdated(id: $id) { status } }`, { id });
    await stream.done;
    const uuid = id.split('/').at(-1)!;
    for (const reference of [id, uuid]) {
      const found = await graphql<{ transcript: Record<string, unknown> }>(`query ($id: ID!) { transcript(id: $id) { ${TRANSCRIPT_FIELDS} } }`, { id: reference });
      expect(found.data?.transcript).toEqual({
        id,
        status: 'COMPLETED',
        text: 'hello world this is a test',
        audioDuration: 2,
        error: null,
        languageCode: 'en_us',
        boostedWords: ['Pothos', 'BullMQ'],
      });
    }
    expect(engine.requests.slice(before).find((request) => request.endpoint === 'transcriptions')?.prompt).toBe('Pothos, BullMQ');

    const other = await app.createKey('acme');
    const hidden = await graphql(`query ($id: ID!) { transcript(id: $id) { id } }`, { id }, other);
    expect(hidden.errors?.[0]?.message).toBe('Transcript not found');
    expect(hidden.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('validates like REST and carries the messages in extensions.errors', async () => {
    const neither = await graphql(`mutation { submitTranscript(input: { languageCode: "klingon" }) { id } }`);
    expect(neither.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(neither.errors?.[0]?.extensions?.errors).toEqual({
      language_code: ['The language code field must be one of en, en_us, en_uk, en_au, es, fr, de, id, it, ja, nl, pl, pt, ru, tr, uk, ca.'],
      audio_url: ['Either audio_url or an audio file is required.'],
    });
  });
});

describe('completions over GraphQL', () => {
  it('pushes IN_PROGRESS then COMPLETED with the output, then completes', async () => {
    const queue = app.app.services.platform.queues.get(completeQueue);
    await queue.pause();
    try {
      const dataUri = `data:audio/wav;base64,${(await readFile(wav)).toString('base64')}`;
      const submitted = await graphql<{ submitCompletion: { id: string; state: string } }>(
        `mutation ($input: SubmitCompletionInput!) { submitCompletion(input: $input) { id state } }`,
        {
          input: {
            messages: [{ role: 'USER', parts: [{ type: 'TEXT', text: 'Transcribe me:' }, { type: 'AUDIO', audioFile: 'memo' }] }],
            audioFiles: [{ name: 'memo', url: dataUri }],
            character: 'Ada',
            characterParams: { description: 'a patient tutor' },
          },
        },
      );
      expect(submitted.errors).toBeUndefined();
      const { id, state } = submitted.data!.submitCompletion;
      expect(state).toBe('IN_PROGRESS');
      const stream = subscribe<{ completionUpdated: { state: string; output: unknown } }>(
        `subscription ($id: ID!) { completionUpdated(id: $id) { state output } }`,
        { id },
      );
      await stream.first;
      await queue.resume();
      await stream.done;
      expect(stream.events.map((event) => event.completionUpdated.state)).toEqual(['IN_PROGRESS', 'COMPLETED']);
      expect(stream.events.at(-1)?.completionUpdated.output).toMatchObject({
        message: { role: 'assistant', content: `Echo: Transcribe me:\n${defaultTranscript}` },
        transcripts: { memo: defaultTranscript },
      });
      const found = await graphql<{ completion: { id: string; state: string } }>(`query ($id: ID!) { completion(id: $id) { id state } }`, {
        id: id.split('/').at(-1),
      });
      expect(found.data?.completion).toEqual({ id, state: 'COMPLETED' });
    } finally {
      await queue.resume();
    }
  });

  it('refuses a message with both content and parts', async () => {
    const answer = await graphql(
      `mutation { submitCompletion(input: { messages: [{ role: USER, content: "hi", parts: [{ type: TEXT, text: "hi" }] }] }) { id } }`,
    );
    expect(answer.errors?.[0]?.extensions?.errors).toEqual({ 'input.messages.0.content': ['Give either content or parts, not both.'] });
  });
});
