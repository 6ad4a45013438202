import { join } from 'node:path';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { makeTempDir, makeToneSpeech, removeDir } from '../support/audio';
import { execute, subscribe, wsClient } from '../support/graphql-client';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { multipart, restClient } from '../support/rest-client';
import { expectNumbered, readOutputStream, rebuild, type SeenOutputEvent } from '../support/output-events';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * A transcript's text grows segment by segment (issue 33): each segment's text is an event of
 * transcriptOutput, in the recording's order, and the output ends as exactly the transcript's
 * text. The engine takes 1 MB a request (ASR_MAX_UPLOAD_MB=1): at most 30 s of audio a segment.
 */

const TranscriptOutput = graphql(`
  subscription TranscriptOutput($id: ID!, $after: Int) {
    transcriptOutput(id: $id, after: $after) {
      seq
      text
      reset
      done
    }
  }
`);

const TranscriptPartialText = graphql(`
  query TranscriptPartialText($id: ID!) {
    transcript(id: $id) {
      status
      text
      partialText
    }
  }
`);

let engine: OpenAiCompatibleServer;
/** Sends up to four segments at once, so a short segment can finish before a long one before it. */
let app: TestApp;
/** Sends one segment at a time, so the engine sees them in the recording's order. */
let serial: TestApp;
let dir: string;
/** 29 s of speech, half a minute of silence, then 4 s of speech: a long segment, then a short one. */
let uneven: string;
/** 12 s of speech: one segment. */
let short: string;

beforeAll(async () => {
  dir = await makeTempDir('transcript-output-');
  engine = await startOpenAiCompatibleServer({ recognition: 'tones', maxRequestBytes: 1024 * 1024 });
  uneven = await makeToneSpeech(join(dir, 'uneven.wav'), { seconds: 64, silent: [[29, 60]] });
  short = await makeToneSpeech(join(dir, 'short.wav'), { seconds: 12 });
  const settings = { ASR_BASE_URL: engine.baseUrl, ASR_MAX_UPLOAD_MB: '1', ENGINE_RETRY_WINDOW_SECONDS: '60', ENGINE_RETRY_BACKOFF_SECONDS: '0.5' };
  app = await startTestApp({ ...settings, ASR_CONCURRENCY: '4' });
  serial = await startTestApp({ ...settings, ASR_CONCURRENCY: '1', REDIS_PREFIX: `${app.redis.prefix}-serial` }, app.redis);
});

afterAll(async () => {
  await serial?.close();
  await app?.close();
  await engine?.close();
  await removeDir(dir);
});

async function submit(on: TestApp, key: string, path: string): Promise<string> {
  const submitted = await restClient(on.url, key)('POST', '/v2/transcript', { form: await multipart({}, { audio: { path, filename: 'audio.wav' } }) });
  expect(submitted.status).toBe(200);
  return (submitted.body as { id: string }).id;
}

/** The events of transcriptOutput until it ends. */
async function outputEvents(client: Client, id: string, after?: number): Promise<SeenOutputEvent[]> {
  return (await subscribe(client, TranscriptOutput, { id, after }).untilComplete()).map((event) => event.transcriptOutput);
}

async function finalText(on: TestApp, key: string, id: string): Promise<string> {
  const found = await execute(on.url, key, TranscriptPartialText, { id });
  expect(found.data!.transcript).toMatchObject({ status: 'COMPLETED', partialText: null });
  return found.data!.transcript.text!;
}

describe('transcriptOutput', () => {
  describe('when a later, shorter segment finishes before the long one before it', () => {
    it("publishes each segment's text in the recording's order, then done, the output exactly the text", async () => {
      // The long segment takes the engine 1.7 s, the short one 0.2 s.
      engine.setBehaviour({ msPerAudioSecond: 60, failures: {} });
      const key = await app.createKey('acme');
      const client = wsClient(app.url, key);
      try {
        const id = await submit(app, key, uneven);
        // The same events over SSE, read live beside the subscription from the first one on.
        const sse = readOutputStream(`${app.url}${id}/stream`, { 'x-api-key': key, 'last-event-id': '0' });
        const events = await outputEvents(client, id, 0);
        const text = await finalText(app, key, id);
        expect((await sse).events).toEqual(events);
        expectNumbered(events, 1);
        expect(events).toHaveLength(3);
        const [long, shorter, done] = events as [SeenOutputEvent, SeenOutputEvent, SeenOutputEvent];
        // The first event starts the text; the second segment's joins it with a space.
        expect(long.reset).toBe(true);
        expect(shorter).toMatchObject({ reset: false, text: expect.stringMatching(/^ \S/) });
        expect(long.text.length).toBeGreaterThan(shorter.text.length * 3);
        expect(done).toEqual({ seq: 3, text: '', reset: false, done: true });
        expect(rebuild(events)).toBe(text);
      } finally {
        await client.dispose();
      }
    });
  });

  describe('when the recording is one segment', () => {
    it('gives one event with the whole text, then done; replays after n and gives the snapshot without it', async () => {
      engine.setBehaviour({ msPerAudioSecond: 0, failures: {} });
      const key = await app.createKey('acme');
      const client = wsClient(app.url, key);
      try {
        const id = await submit(app, key, short);
        const events = await outputEvents(client, id, 0);
        const text = await finalText(app, key, id);
        expect(text.split(' ').length).toBeGreaterThan(10);
        expect(events).toEqual([
          { seq: 1, text, reset: true, done: false },
          { seq: 2, text: '', reset: false, done: true },
        ]);
        // Finished: after 1, the rest; without `after`, the snapshot, done.
        expect(await outputEvents(client, id, 1)).toEqual([{ seq: 2, text: '', reset: false, done: true }]);
        expect(await outputEvents(client, id)).toEqual([{ seq: 2, text, reset: true, done: true }]);
      } finally {
        await client.dispose();
      }
    });
  });

  describe('when the engine goes away after the first segment and the job runs again', () => {
    it('shows the first segment as partialText while it waits, and starts the retry with reset: true', async () => {
      // The first request answers; the next three (the client's own tries) get 503, so the job
      // waits and runs again (ENGINE_RETRY_BACKOFF_SECONDS), and then every request answers.
      engine.setBehaviour({ msPerAudioSecond: 0, failures: { transcriptions: { status: 503, message: 'Loading model', skip: 1, times: 3 } } });
      const key = await serial.createKey('acme');
      const client = wsClient(serial.url, key);
      try {
        const id = await submit(serial, key, uneven);
        const stream = subscribe(client, TranscriptOutput, { id, after: 0 });
        const first = (await stream.until((event) => event.transcriptOutput.text !== '')).transcriptOutput;
        expect(first).toMatchObject({ seq: 1, reset: true, done: false });
        // The second segment cannot be transcribed yet: the text so far is the first one's.
        const waiting = await execute(serial.url, key, TranscriptPartialText, { id });
        expect(waiting.data!.transcript).toEqual({ status: 'PROCESSING', text: null, partialText: first.text });

        const events = (await stream.untilComplete()).map((event) => event.transcriptOutput);
        const text = await finalText(serial, key, id);
        expectNumbered(events, 1);
        // The retry's first event starts the text over, with the first segment's text again.
        expect(events[1]).toEqual({ seq: 2, text: first.text, reset: true, done: false });
        expect(rebuild(events)).toBe(text);
        expect(text.startsWith(`${first.text} `)).toBe(true);
      } finally {
        engine.setBehaviour({ failures: {} });
        await client.dispose();
      }
    });
  });

  describe('over server-sent events, GET /v2/transcript/{id}/stream', () => {
    it('replays after Last-Event-ID or ?after, gives the snapshot without, and refuses as the GET does', async () => {
      engine.setBehaviour({ msPerAudioSecond: 0, failures: {} });
      const key = await app.createKey('acme');
      const client = wsClient(app.url, key);
      try {
        const id = await submit(app, key, short);
        await outputEvents(client, id);
        const text = await finalText(app, key, id);
        const url = `${app.url}${id}/stream`;
        const resumed = await readOutputStream(url, { 'x-api-key': key, 'last-event-id': '1' });
        expect(resumed.status).toBe(200);
        expect(resumed.headers['content-type']).toBe('text/event-stream; charset=utf-8');
        expect(resumed.events).toEqual([{ seq: 2, text: '', reset: false, done: true }]);
        expect((await readOutputStream(`${url}?after=0`, { 'x-api-key': key })).events).toEqual([
          { seq: 1, text, reset: true, done: false },
          { seq: 2, text: '', reset: false, done: true },
        ]);
        expect((await readOutputStream(url, { 'x-api-key': key })).events).toEqual([{ seq: 2, text, reset: true, done: true }]);

        const others = await readOutputStream(url, { 'x-api-key': await app.createKey('acme') });
        expect({ status: others.status, body: others.body }).toEqual({ status: 404, body: { error: 'Transcript not found' } });
        const keyless = await readOutputStream(url, {});
        expect({ status: keyless.status, body: keyless.body }).toEqual({ status: 401, body: { error: 'Invalid API key' } });
        const badPosition = await readOutputStream(url, { 'x-api-key': key, 'last-event-id': 'x' });
        expect(badPosition.status).toBe(422);
      } finally {
        await client.dispose();
      }
    });
  });

  describe('when the key may not read the transcript', () => {
    it('refuses as transcript(id) does: NOT_FOUND for another key, and for an id that is none', async () => {
      engine.setBehaviour({ msPerAudioSecond: 0, failures: {} });
      const key = await app.createKey('acme');
      const id = await submit(app, key, short);
      const other = wsClient(app.url, await app.createKey('acme'));
      try {
        for (const asked of [id, 'not-a-transcript']) {
          const stream = subscribe(other, TranscriptOutput, { id: asked });
          await expect(stream.untilComplete(10_000)).rejects.toThrow(/Transcript not found.*NOT_FOUND/);
        }
        const query = await execute(app.url, await app.createKey('acme'), TranscriptPartialText, { id });
        expect(query.errors?.[0]).toMatchObject({ message: 'Transcript not found', extensions: { code: 'NOT_FOUND' } });
      } finally {
        await other.dispose();
      }
    });
  });
});
