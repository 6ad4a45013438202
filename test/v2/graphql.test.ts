import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeQueue } from '../../src/domain/completion/completion.queues';
import { transcribeQueue } from '../../src/domain/transcription/transcript.queues';
import { graphql } from '../gql';
import { execute, executeWithFiles, subscribe, wsClient } from '../support/graphql-client';
import { defaultTranscript, startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { makeSine, makeTempDir, removeDir } from '../support/audio';
import { restClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { serveFiles, type FileServer } from './helpers';

const SubmitTranscript = graphql(`
  mutation SubmitTranscript($input: SubmitTranscriptInput!) {
    submitTranscript(input: $input) {
      id
      status
      boostedWords
    }
  }
`);

const TranscriptUpdated = graphql(`
  subscription TranscriptUpdated($id: ID!) {
    transcriptUpdated(id: $id) {
      id
      status
      text
      progress {
        stage
        done
        total
        percent
        updatedAt
      }
    }
  }
`);

const TranscriptQuery = graphql(`
  query Transcript($id: ID!) {
    transcript(id: $id) {
      id
      status
      text
      audioDuration
      error
      languageCode
      languageConfidence
      boostedWords
      words {
        text
        start
        end
        confidence
      }
    }
  }
`);

const SubmitCompletion = graphql(`
  mutation SubmitCompletion($input: SubmitCompletionInput!) {
    submitCompletion(input: $input) {
      id
      state
    }
  }
`);

const CompletionUpdated = graphql(`
  subscription CompletionUpdated($id: ID!) {
    completionUpdated(id: $id) {
      state
      output
    }
  }
`);

const CompletionQuery = graphql(`
  query Completion($id: ID!) {
    completion(id: $id) {
      id
      state
    }
  }
`);

let app: TestApp;
let engine: OpenAiCompatibleServer;
let files: FileServer;
let dir: string;
let key: string;
let wav: string;
let client: Client;

beforeAll(async () => {
  dir = await makeTempDir('v2-graphql-');
  wav = await makeSine(join(dir, 'tone.wav'), { seconds: 2 });
  engine = await startOpenAiCompatibleServer();
  files = await serveFiles({ 'tone.wav': { path: wav, contentType: 'audio/wav' } });
  app = await startTestApp({ ASR_BASE_URL: engine.baseUrl, LLM_BASE_URL: engine.baseUrl, ALLOW_PRIVATE_URLS: 'true' });
  key = await app.createKey('acme');
  client = wsClient(app.url, key);
});

afterAll(async () => {
  await client?.dispose();
  await app?.close();
  await engine?.close();
  await files?.close();
  await removeDir(dir);
});

describe('transcripts over GraphQL', () => {
  describe('when a transcript is submitted by URL and subscribed to while queued', () => {
    it('pushes QUEUED, PROCESSING and COMPLETED, then completes the subscription', async () => {
      const queue = app.app.services.platform.queues.get(transcribeQueue);
      // Held back so the subscription is in place while the transcript is still queued.
      await queue.pause();
      try {
        const submitted = await execute(app.url, key, SubmitTranscript, { input: { audioUrl: files.url('tone.wav'), languageCode: 'de' } });
        expect(submitted.errors).toBeUndefined();
        const { id, status } = submitted.data!.submitTranscript;
        expect(status).toBe('QUEUED');
        const stream = subscribe(client, TranscriptUpdated, { id });
        await stream.until(() => true);
        await queue.resume();
        const events = (await stream.untilComplete()).map((event) => event.transcriptUpdated);
        const statuses = events.map((event) => event.status).filter((status, index, all) => status !== all[index - 1]);
        expect(statuses).toEqual(['QUEUED', 'PROCESSING', 'COMPLETED']);
        expect(events.at(-1)).toEqual({ id, status: 'COMPLETED', text: 'Hello world. This is a test.', progress: null });

        // Progress while PROCESSING, stages in pipeline order (a quick one may be passed over
        // by the throttle), the download first, and each stage's count never going back.
        const reports = events.flatMap((event) => (event.progress ? [{ ...event.progress, status: event.status }] : []));
        expect(reports.length).toBeGreaterThanOrEqual(1);
        expect(new Set(reports.map((report) => report.status))).toEqual(new Set(['PROCESSING']));
        const order = ['downloading', 'converting', 'transcribing'];
        const stages = reports.map((report) => order.indexOf(report.stage));
        expect(stages[0]).toBe(0);
        expect(stages).toEqual([...stages].sort((a, b) => a - b));
        for (const stage of order) {
          const done = reports.filter((report) => report.stage === stage).map((report) => report.done);
          expect(done).toEqual([...done].sort((a, b) => a - b));
        }
      } finally {
        await queue.resume();
      }
    });
  });

  describe('when the download of the audio is held midway', () => {
    it('shows the bytes received of the declared length, then the later stages, then COMPLETED', async () => {
      const { size } = await stat(wav);
      const half = Math.floor(size / 2);
      let release!: () => void;
      const until = new Promise<void>((resolve) => {
        release = resolve;
      });
      const held = await serveFiles({ 'held.wav': { path: wav, contentType: 'audio/wav', held: { bytes: half, until } } });
      try {
        const submitted = await execute(app.url, key, SubmitTranscript, { input: { audioUrl: held.url('held.wav') } });
        expect(submitted.errors).toBeUndefined();
        const stream = subscribe(client, TranscriptUpdated, { id: submitted.data!.submitTranscript.id });
        const midway = await stream.until((event) => event.transcriptUpdated.progress?.done === half);
        expect(midway.transcriptUpdated).toMatchObject({ status: 'PROCESSING', progress: { stage: 'downloading', done: half, total: size, percent: 50 } });
        release();
        const events = (await stream.untilComplete()).map((event) => event.transcriptUpdated);
        expect(events.at(-1)).toMatchObject({ status: 'COMPLETED', progress: null });
        const downloaded = events.flatMap((event) => (event.progress?.stage === 'downloading' ? [event.progress.done] : []));
        expect(downloaded).toEqual([...downloaded].sort((a, b) => a - b));
        expect(downloaded[0]).toBeLessThan(half);
        const afterDownload = events.slice(events.indexOf(midway.transcriptUpdated) + 1).flatMap((event) => (event.progress ? [event.progress.stage] : []));
        expect(afterDownload.every((stage) => ['downloading', 'converting', 'transcribing'].includes(stage))).toBe(true);
      } finally {
        release();
        await held.close();
      }
    });
  });

  describe('when the audio is uploaded', () => {
    it('takes it through the multipart request spec and finds the transcript by uuid or path', async () => {
      const before = engine.requests.length;
      const submitted = await executeWithFiles(
        app.url,
        key,
        SubmitTranscript,
        { input: { audio: null, boostedWords: ['Pothos', 'BullMQ'], formatText: false } },
        { 'input.audio': wav },
      );
      expect(submitted.errors).toBeUndefined();
      const { id } = submitted.data!.submitTranscript;
      expect(submitted.data!.submitTranscript.boostedWords).toEqual(['Pothos', 'BullMQ']);

      await subscribe(client, TranscriptUpdated, { id }).untilComplete();
      const uuid = id.split('/').at(-1)!;
      for (const reference of [id, uuid]) {
        const found = await execute(app.url, key, TranscriptQuery, { id: reference });
        expect(found.data?.transcript).toEqual({
          id,
          status: 'COMPLETED',
          text: 'hello world this is a test',
          audioDuration: 2,
          error: null,
          languageCode: 'en_us',
          languageConfidence: null,
          boostedWords: ['Pothos', 'BullMQ'],
          // 2 s over 8 words; formatText=false and the default fillerWords=false apply to words as to text.
          words: [
            { text: 'hello', start: 250, end: 500, confidence: null },
            { text: 'world', start: 500, end: 750, confidence: null },
            { text: 'this', start: 750, end: 1000, confidence: null },
            { text: 'is', start: 1000, end: 1250, confidence: null },
            { text: 'a', start: 1500, end: 1750, confidence: null },
            { text: 'test', start: 1750, end: 2000, confidence: null },
          ],
        });
      }
      expect(engine.requests.slice(before).find((request) => request.endpoint === 'transcriptions')?.prompt).toBe('Pothos, BullMQ');

      const other = await app.createKey('acme');
      const hidden = await execute(app.url, other, TranscriptQuery, { id });
      expect(hidden.errors?.[0]?.message).toBe('Transcript not found');
      expect(hidden.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    });
  });

  describe('when the language is detected and the engine scores it', () => {
    it('gives the same words, language code and confidence as REST', async () => {
      engine.setBehaviour({ wordStyle: 'faster-whisper', detectedLanguage: 'spanish', languageProbability: 0.91 });
      try {
        const submitted = await execute(app.url, key, SubmitTranscript, { input: { audioUrl: files.url('tone.wav'), languageAuto: true } });
        const { id } = submitted.data!.submitTranscript;
        await subscribe(client, TranscriptUpdated, { id }).untilComplete();
        const found = (await execute(app.url, key, TranscriptQuery, { id })).data!.transcript;
        const rest = (await restClient(app.url, key)('GET', id)).body as {
          language_code: string;
          language_confidence: number;
          words: { text: string; start: number; end: number; confidence?: number }[];
        };
        expect(found.languageCode).toBe('es');
        expect(found.languageConfidence).toBe(0.91);
        expect(rest.language_code).toBe('es');
        expect(rest.language_confidence).toBe(0.91);
        expect(found.words).toHaveLength(6);
        expect(found.words).toEqual(rest.words.map((word) => ({ ...word, confidence: word.confidence ?? null })));
        expect(found.words?.[0]).toEqual({ text: 'Hello', start: 250, end: 500, confidence: 0.96 });
      } finally {
        engine.setBehaviour({ wordStyle: 'openai', detectedLanguage: 'english', languageProbability: undefined });
      }
    });
  });

  describe('when the input is invalid', () => {
    it('refuses it like REST, with the messages in extensions.errors', async () => {
      const neither = await execute(app.url, key, SubmitTranscript, { input: { languageCode: 'klingon' } });
      expect(neither.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(neither.errors?.[0]?.extensions?.errors).toEqual({
        language_code: ['The language code field must be one of en, en_us, en_uk, en_au, es, fr, de, id, it, ja, nl, pl, pt, ru, tr, uk, ca.'],
        audio_url: ['Either audio_url or an audio file is required.'],
      });
    });
  });
});

describe('completions over GraphQL', () => {
  describe('when a completion with an audio part is submitted and subscribed to', () => {
    it('pushes IN_PROGRESS then COMPLETED with the output, then completes', async () => {
      const queue = app.app.services.platform.queues.get(completeQueue);
      await queue.pause();
      try {
        const dataUri = `data:audio/wav;base64,${(await readFile(wav)).toString('base64')}`;
        const submitted = await execute(app.url, key, SubmitCompletion, {
          input: {
            messages: [
              {
                role: 'USER',
                parts: [
                  { type: 'TEXT', text: 'Transcribe me:' },
                  { type: 'AUDIO', audioFile: 'memo' },
                ],
              },
            ],
            audioFiles: [{ name: 'memo', url: dataUri }],
            character: 'Ada',
            characterParams: { description: 'a patient tutor' },
          },
        });
        expect(submitted.errors).toBeUndefined();
        const { id, state } = submitted.data!.submitCompletion;
        expect(state).toBe('IN_PROGRESS');
        const stream = subscribe(client, CompletionUpdated, { id });
        await stream.until(() => true);
        await queue.resume();
        const events = await stream.untilComplete();
        expect(events.map((event) => event.completionUpdated.state)).toEqual(['IN_PROGRESS', 'COMPLETED']);
        expect(events.at(-1)?.completionUpdated.output).toMatchObject({
          message: { role: 'assistant', content: `Echo: Transcribe me:\n${defaultTranscript}` },
          transcripts: { memo: defaultTranscript },
        });
        const found = await execute(app.url, key, CompletionQuery, { id: id.split('/').at(-1)! });
        expect(found.data?.completion).toEqual({ id, state: 'COMPLETED' });
      } finally {
        await queue.resume();
      }
    });
  });

  describe('when a message has both content and parts', () => {
    it('refuses it', async () => {
      const answer = await execute(app.url, key, SubmitCompletion, {
        input: { messages: [{ role: 'USER', content: 'hi', parts: [{ type: 'TEXT', text: 'hi' }] }] },
      });
      expect(answer.errors?.[0]?.extensions?.errors).toEqual({ 'input.messages.0.content': ['Give either content or parts, not both.'] });
    });
  });
});
