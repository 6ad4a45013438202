import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { execute } from '../support/graphql-client';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { makeSine, makeTempDir, removeDir } from '../support/audio';
import { startTestApp, storedBlobs, type TestApp } from '../support/test-app';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { waitFor } from '../support/wait-for';
import { sweepOrphans } from '../../src/workers/orphan-sweep';
import { TRANSCRIPT_KIND } from '../../src/domain/transcription/transcript.types';

const TranscriptAudioQuery = graphql(`
  query TranscriptAudio($id: ID!) {
    transcript(id: $id) {
      status
      audioUrl
    }
  }
`);

let asr: OpenAiCompatibleServer;
let dir: string;
let wav: string;

beforeAll(async () => {
  dir = await makeTempDir('v2-transcript-audio-');
  wav = await makeSine(join(dir, 'tone.wav'), { seconds: 3 });
  asr = await startOpenAiCompatibleServer();
});

afterAll(async () => {
  await asr?.close();
  await removeDir(dir);
});

/** Uploads the tone and waits for its transcript to finish; its id (the path form). */
async function transcribeUpload(app: TestApp, call: RestClient): Promise<string> {
  const submitted = await call('POST', '/v2/transcript', { form: await multipart({}, { audio: { path: wav, filename: 'tone.wav' } }) });
  expect(submitted.status).toBe(200);
  const id = (submitted.body as { id: string }).id;
  await waitFor(
    () => call('GET', id),
    (answer) => answer.status === 200 && (answer.body as { status: string }).status === 'completed',
  );
  return id;
}

describe('an uploaded recording kept with its transcript (TRANSCRIPT_KEEP_AUDIO default)', () => {
  let app: TestApp;
  let key: string;
  let call: RestClient;
  let id: string;
  let audioUrl: string;
  let original: Buffer;

  beforeAll(async () => {
    app = await startTestApp({ ASR_BASE_URL: asr.baseUrl });
    key = await app.createKey('acme');
    call = restClient(app.url, key);
    original = await readFile(wav);
    id = await transcribeUpload(app, call);
    const answer = await execute(app.url, key, TranscriptAudioQuery, { id });
    audioUrl = answer.data!.transcript.audioUrl!;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('stays stored once the transcript is completed, and GraphQL hands out its playback URL', async () => {
    expect(audioUrl).toMatch(new RegExp(`^${id}/audio\\?token=\\d+\\.[A-Za-z0-9_-]{43}$`));
    expect(await storedBlobs(app)).toHaveLength(1);
  });

  it('plays with the URL alone, whole or by range, as an <audio> element asks', async () => {
    const whole = await call('GET', audioUrl, { key: null });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/wav');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.bytes.equals(original)).toBe(true);

    const middle = await call('GET', audioUrl, { key: null, headers: { range: 'bytes=100-1123' } });
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe(`bytes 100-1123/${original.length}`);
    expect(middle.bytes.equals(original.subarray(100, 1124))).toBe(true);

    const open = await call('GET', audioUrl, { key: null, headers: { range: `bytes=${original.length - 50}-` } });
    expect(open.status).toBe(206);
    expect(open.bytes.equals(original.subarray(original.length - 50))).toBe(true);

    const suffix = await call('GET', audioUrl, { key: null, headers: { range: 'bytes=-10' } });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get('content-range')).toBe(`bytes ${original.length - 10}-${original.length - 1}/${original.length}`);
    expect(suffix.bytes.equals(original.subarray(original.length - 10))).toBe(true);

    const past = await call('GET', audioUrl, { key: null, headers: { range: `bytes=${original.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${original.length}`);
  });

  it('plays with the API key in place of a token, and to no one else', async () => {
    const path = `${id}/audio`;
    const byKey = await call('GET', path);
    expect(byKey.status).toBe(200);
    expect(byKey.bytes.equals(original)).toBe(true);
    expect((await call('GET', path, { key: null })).status).toBe(401);
    expect((await call('GET', path, { key: await app.createKey('other') })).status).toBe(404);
    const forged = audioUrl.replace(/token=(\d+)\.(.)/, (_match, expires: string, first: string) => `token=${expires}.${first === 'A' ? 'B' : 'A'}`);
    expect((await call('GET', forged, { key: null })).status).toBe(404);
    const otherTranscript = `/v2/transcript/00000000-0000-4000-8000-000000000000/audio?${audioUrl.split('?')[1]}`;
    expect((await call('GET', otherTranscript, { key: null })).status).toBe(404);
  });

  it('goes with its transcript: once the record has expired, the sweep removes the recording', async () => {
    const { platform } = app.app.services;
    const uuid = id.split('/').at(-1)!;
    await platform.records.expire(TRANSCRIPT_KIND, uuid, 0);
    expect(await platform.records.get(TRANSCRIPT_KIND, uuid)).toBeNull();
    expect(await sweepOrphans(platform, 0)).toMatchObject({ blobs: 1 });
    expect(await storedBlobs(app)).toEqual([]);
    expect((await call('GET', audioUrl, { key: null })).status).toBe(404);
  });
});

describe('TRANSCRIPT_KEEP_AUDIO=false: the recording goes once transcribed, as before', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ ASR_BASE_URL: asr.baseUrl, TRANSCRIPT_KEEP_AUDIO: 'false' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('removes the upload and hands out no playback URL', async () => {
    const key = await app.createKey('acme');
    const call = restClient(app.url, key);
    const id = await transcribeUpload(app, call);
    await waitFor(
      () => storedBlobs(app),
      (blobs) => blobs.length === 0,
      10_000,
    );
    expect((await execute(app.url, key, TranscriptAudioQuery, { id })).data).toEqual({ transcript: { status: 'COMPLETED', audioUrl: null } });
    expect((await call('GET', `${id}/audio`)).status).toBe(404);
  });
});

/** A transcript of an upload on an app of its own, started with `env`: its playback URL, and a client of the key it belongs to. */
async function withPlayback(env: Record<string, string>, run: (call: RestClient, id: string, audioUrl: string) => Promise<void>): Promise<void> {
  const app = await startTestApp({ ASR_BASE_URL: asr.baseUrl, ...env });
  try {
    const key = await app.createKey('acme');
    const call = restClient(app.url, key);
    const id = await transcribeUpload(app, call);
    await run(call, id, (await execute(app.url, key, TranscriptAudioQuery, { id })).data!.transcript.audioUrl!);
  } finally {
    await app.close();
  }
}

describe('playback through the token', () => {
  it('counts a token that opens nothing against the address, as an unknown key, and then refuses the address before any lookup', async () => {
    await withPlayback({ INVALID_KEY_LIMIT_PER_MINUTE: '5' }, async (call, id, audioUrl) => {
      expect((await call('GET', audioUrl, { key: null })).status).toBe(200);
      const guesses = [];
      for (let n = 0; n < 7; n++) {
        const forged = audioUrl.replace(/token=(\d+)\.(.{8})/, (_match, expires: string) => `token=${expires}.guess${n}xyz`);
        guesses.push((await call('GET', forged, { key: null })).status);
      }
      expect(guesses).toEqual([404, 404, 404, 404, 404, 429, 429]);
      // From then on the address plays no token, the right one included, until its minute is over.
      const refused = await call('GET', audioUrl, { key: null });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // The key's own requests are another matter: a key this process knows still works.
      expect((await call('GET', `${id}/audio`)).status).toBe(200);
    });
  });

  it("counts against the rate limit of the key the transcript belongs to, as the key's own requests do", async () => {
    await withPlayback({ RATE_LIMIT_PER_MINUTE: '40' }, async (call, id, audioUrl) => {
      // The limit is counted in fixed one-minute windows (src/auth/rate-limiter.ts): plays that
      // straddle two windows fit in both, so they start with the seconds they need in one.
      const leftInWindow = 60_000 - (Date.now() % 60_000);
      if (leftInWindow < 15_000) await new Promise((resolve) => setTimeout(resolve, leftInWindow + 50));
      // The key's own requests, in the plays' window (the set-up's may lie in the one before): the two share one count.
      for (let n = 0; n < 5; n++) expect((await call('GET', id)).status).toBe(200);
      // More plays than the whole minute's limit: past it the URL is refused like the key.
      const plays = [];
      for (let n = 0; n < 45; n++) plays.push(await call('GET', audioUrl, { key: null }));
      const refused = plays.find((play) => play.status === 429);
      expect(refused).toBeDefined();
      expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(plays.filter((play) => play.status === 200).length).toBeLessThanOrEqual(35);
      expect((await call('GET', id)).status).toBe(429);
    });
  });
});
