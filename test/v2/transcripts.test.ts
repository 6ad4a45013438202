import { createWriteStream } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import type { FormData } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { makeMp3WithForgedLength, makeSine, makeTempDir, probeFile, removeDir } from '../support/audio';
import { startTestApp, storedBlobs, type TestApp } from '../support/test-app';
import { multipart, restClient, type RestAnswer, type RestClient } from '../support/rest-client';
import { waitFor } from '../support/wait-for';
import { serveFiles, type FileServer } from './helpers';

const ADMIN_KEY = 'admin-key-for-v2-tests-0123456789';

interface TranscriptBody {
  id: string;
  status: string;
  text?: string;
  audio_duration?: number;
  words?: { text: string; start: number; end: number; confidence?: number }[];
  language_code?: string;
  language_confidence?: number;
  error?: string;
}

let app: TestApp;
let asr: OpenAiCompatibleServer;
let files: FileServer;
let dir: string;
let key: string;
let call: RestClient;
let wav: string;

beforeAll(async () => {
  dir = await makeTempDir('v2-transcripts-');
  wav = await makeSine(join(dir, 'tone.wav'), { seconds: 3 });
  await makeSine(join(dir, 'tone.mp3'), { seconds: 2 });
  await writeFile(join(dir, 'notes.txt'), 'these are not audio samples\n'.repeat(50));
  asr = await startOpenAiCompatibleServer();
  files = await serveFiles({
    'tone.mp3': { path: join(dir, 'tone.mp3'), contentType: 'audio/mpeg' },
    'notes.txt': { path: join(dir, 'notes.txt'), contentType: 'audio/mpeg' },
  });
  // Recordings kept for playback have their own test (transcript-audio.test.ts): here they go
  // once transcribed, so a test can see that nothing else is left behind.
  // No later tries for an engine that is away (engine-restarts.test.ts has those): a failing engine fails at once.
  app = await startTestApp({
    ASR_BASE_URL: asr.baseUrl,
    ALLOW_PRIVATE_URLS: 'true',
    ADMIN_API_KEY: ADMIN_KEY,
    TRANSCRIPT_KEEP_AUDIO: 'false',
    ENGINE_RETRY_WINDOW_SECONDS: '0',
  });
  key = await app.createKey('acme');
  call = restClient(app.url, key);
});

afterAll(async () => {
  await app?.close();
  await asr?.close();
  await files?.close();
  await removeDir(dir);
});

function postJson(body: unknown, requestKey = key) {
  return call('POST', '/v2/transcript', { json: body, key: requestKey });
}

function uploadForm(fields: Record<string, string | string[]>, audioPath?: string, filename = 'audio.wav'): Promise<FormData> {
  return multipart(fields, audioPath ? { audio: { path: audioPath, filename } } : {});
}

/** Polls the transcript the way a partner does, until `done` holds for it. */
async function transcriptWhen(client: RestClient, id: string, done: (body: TranscriptBody) => boolean): Promise<TranscriptBody> {
  const answer = await waitFor(
    () => client('GET', id),
    (current) => current.status === 200 && done(current.body as TranscriptBody),
  );
  return answer.body as TranscriptBody;
}

async function submitAndWait(response: RestAnswer): Promise<TranscriptBody> {
  expect(response.status).toBe(200);
  const submitted = response.body as TranscriptBody;
  expect(submitted.status).toBe('queued');
  expect(submitted.id).toMatch(/^\/v2\/transcript\/[0-9a-f-]{36}$/);
  return transcriptWhen(call, submitted.id, (body) => body.status === 'completed' || body.status === 'error');
}

describe('POST /v2/transcript validation', () => {
  it('asks for audio_url or audio when neither is given, in the spec shape', async () => {
    const response = await postJson({ language_code: 'en' });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: 'The given data was invalid.',
      errors: { audio_url: ['Either audio_url or an audio file is required.'] },
    });
  });

  it('refuses audio_url together with an audio file', async () => {
    const form = await uploadForm({ audio_url: files.url('tone.mp3') }, wav);
    const response = await call('POST', '/v2/transcript', { form });
    expect(response.status).toBe(422);
    const body = response.body as { errors: Record<string, string[]> };
    expect(body.errors.audio_url).toEqual(['Only one of audio_url or an audio file may be given, not both.']);
  });

  it('reports every invalid parameter at once', async () => {
    const response = await postJson({
      audio_url: 'ftp://example.com/a.mp3',
      language_code: 'xx',
      language_auto: 'maybe',
      filler_words: 'YES',
      format_text: 2,
      boosted_words: Array.from({ length: 101 }, (_, index) => `word${index}`),
      unknown_param: 'ignored',
    });
    expect(response.status).toBe(422);
    const body = response.body as { message: string; errors: Record<string, string[]> };
    expect(body.message).toBe('The given data was invalid.');
    expect(body.errors).toEqual({
      audio_url: ['The audio url field must be a valid URL.'],
      language_code: ['The language code field must be one of en, en_us, en_uk, en_au, es, fr, de, id, it, ja, nl, pl, pt, ru, tr, uk, ca.'],
      language_auto: ['The language auto field must be true or false.'],
      format_text: ['The format text field must be true or false.'],
      boosted_words: ['The boosted words field must not have more than 100 items.'],
    });
  });

  it('checks each boosted word and the length of audio_url', async () => {
    const response = await postJson({ audio_url: `https://example.com/${'a'.repeat(2048)}`, boosted_words: [7, 'x'.repeat(101), 'fine'] });
    expect(response.status).toBe(422);
    const body = response.body as { errors: Record<string, string[]> };
    expect(body.errors).toEqual({
      audio_url: ['The audio url field must not be greater than 2048 characters.'],
      'boosted_words.0': ['The boosted_words.0 field must be a string.'],
      'boosted_words.1': ['The boosted_words.1 field must not be greater than 100 characters.'],
    });
    const notArray = await postJson({ audio_url: files.url('tone.mp3'), boosted_words: 'alpha' });
    expect((notArray.body as { errors: unknown }).errors).toEqual({ boosted_words: ['The boosted words field must be an array.'] });
  });

  it('refuses an upload that is not one of the supported audio formats, storing nothing', async () => {
    const form = await uploadForm({}, join(dir, 'notes.txt'), 'notes.mp3');
    const response = await call('POST', '/v2/transcript', { form });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: 'The given data was invalid.',
      errors: { audio: ['The audio field must be a file of type: mp3, wav, ogg, flac, m4a, mp4, webm.'] },
    });
    expect(await readdir(join(app.dataDir, 'tmp'))).toEqual([]);
  });

  it('lists an upload that is not audio together with the other invalid parameters', async () => {
    const form = await uploadForm({ language_code: 'xx', format_text: 'sometimes' }, join(dir, 'notes.txt'), 'notes.mp3');
    const response = await call('POST', '/v2/transcript', { form });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      language_code: ['The language code field must be one of en, en_us, en_uk, en_au, es, fr, de, id, it, ja, nl, pl, pt, ru, tr, uk, ca.'],
      format_text: ['The format text field must be true or false.'],
      audio: ['The audio field must be a file of type: mp3, wav, ogg, flac, m4a, mp4, webm.'],
    });
  });

  it('refuses a streamed upload over 100 MB with 422 and leaves nothing on disk', async () => {
    const big = join(dir, 'big.wav');
    const out = createWriteStream(big);
    const chunk = Buffer.alloc(1024 * 1024);
    for (let index = 0; index < 101; index++) if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    out.end();
    await finished(out);
    const form = await uploadForm({ language_code: 'en' }, big, 'big.wav');
    const response = await call('POST', '/v2/transcript', { form });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: 'The given data was invalid.',
      errors: { audio: ['The audio field must not be greater than 100 MB.'] },
    });
    expect(await readdir(join(app.dataDir, 'tmp'))).toEqual([]);
    expect(await storedBlobs(app)).toEqual([]);
  });
});

describe('transcription', () => {
  it('transcribes an upload with multipart boosted_words[] in the engine prompt, fillers removed', async () => {
    const before = asr.requests.length;
    const form = await uploadForm({ 'boosted_words[]': ['Kubernetes', 'Grafana'], language_code: 'en_uk' }, wav);
    const done = await submitAndWait(await call('POST', '/v2/transcript', { form }));
    // The words of OpenAI's verbose_json (3 s over 8 words), the fillers gone from them as from the text.
    expect(done).toEqual({
      id: done.id,
      status: 'completed',
      text: 'Hello world. This is a test.',
      audio_duration: 3,
      words: [
        { text: 'Hello', start: 380, end: 750 },
        { text: 'world', start: 750, end: 1130 },
        { text: 'This', start: 1130, end: 1500 },
        { text: 'is', start: 1500, end: 1880 },
        { text: 'a', start: 2250, end: 2630 },
        { text: 'test', start: 2630, end: 3000 },
      ],
    });
    const sent = asr.requests.slice(before).find((request) => request.endpoint === 'transcriptions');
    expect(sent?.responseFormat).toBe('verbose_json');
    expect(sent?.timestampGranularities).toEqual(['word']);
    expect(sent?.prompt).toBe('Kubernetes, Grafana');
    expect(sent?.language).toBe('en');
    expect(sent?.filename).toBe('audio.flac');
    // With TRANSCRIPT_KEEP_AUDIO=false the upload goes once its transcript is finished: right after the
    // finishing write (which must land first, or a crash between would lose the audio), so
    // on a slower store it may still be going when the client sees `completed`.
    await waitFor(
      () => storedBlobs(app),
      (blobs) => blobs.length === 0,
      10_000,
    );
  });

  it('reports the length it decoded as audio_duration, not the one an MP3 header claims', async () => {
    const forged = await makeMp3WithForgedLength(join(dir, 'forged.mp3'), { seconds: 3, claimedSeconds: 360_000 });
    // The header lies to the probe: 100 hours.
    expect((await probeFile(forged)).durationSeconds).toBeGreaterThan(359_000);
    const done = await submitAndWait(await call('POST', '/v2/transcript', { form: await uploadForm({}, forged, 'forged.mp3') }));
    expect(done.status).toBe('completed');
    expect(done.audio_duration).toBe(3);
  });

  it('fetches audio_url, keeps fillers when asked and leaves the text unformatted', async () => {
    const before = asr.requests.length;
    const done = await submitAndWait(await postJson({ audio_url: files.url('tone.mp3'), filler_words: true, format_text: 'no', language_auto: '1' }));
    expect(done.status).toBe('completed');
    expect(done.text).toBe('um hello world this is uh a test');
    expect(done.audio_duration).toBe(2);
    const sent = asr.requests.slice(before).find((request) => request.endpoint === 'transcriptions');
    expect(sent?.language).toBeUndefined();
    expect(sent?.prompt).toBeUndefined();
  });

  it('stores a readable reason when the audio behind audio_url is not audio', async () => {
    const done = await submitAndWait(await postJson({ audio_url: files.url('notes.txt') }));
    expect(done).toEqual({ id: done.id, status: 'error', error: 'The audio is not readable audio' });
  });

  it('stores the engine failure as the error when speech-to-text keeps failing', async () => {
    asr.setBehaviour({ failures: { transcriptions: { status: 500, message: 'model overloaded' } } });
    try {
      const done = await submitAndWait(await postJson({ audio_url: files.url('tone.mp3') }));
      expect(done.status).toBe('error');
      expect(done.error).toBe('Speech-to-text request failed: HTTP 500: model overloaded (the audio from 0:00:00 to 0:00:02)');
    } finally {
      asr.setBehaviour({ failures: {} });
    }
  });
});

describe('words and detected language', () => {
  async function transcribeWith(behaviour: Parameters<OpenAiCompatibleServer['setBehaviour']>[0], fields: Record<string, string>) {
    asr.setBehaviour(behaviour);
    try {
      return await submitAndWait(await call('POST', '/v2/transcript', { form: await uploadForm(fields, wav) }));
    } finally {
      asr.setBehaviour({ wordStyle: 'openai', detectedLanguage: 'english', languageProbability: undefined });
    }
  }

  it('gives the detected language with its confidence and scored words with language_auto', async () => {
    const done = await transcribeWith({ wordStyle: 'faster-whisper', detectedLanguage: 'german', languageProbability: 0.87 }, { language_auto: 'true' });
    expect(done).toEqual({
      id: done.id,
      status: 'completed',
      text: 'Hello world. This is a test.',
      audio_duration: 3,
      // Scored, punctuated words as faster-whisper servers give them; the fillers leave with their commas.
      words: [
        { text: 'Hello', start: 380, end: 750, confidence: 0.96 },
        { text: 'world.', start: 750, end: 1130, confidence: 0.93 },
        { text: 'This', start: 1130, end: 1500, confidence: 0.9 },
        { text: 'is', start: 1500, end: 1880, confidence: 0.87 },
        { text: 'a', start: 2250, end: 2630, confidence: 0.81 },
        { text: 'test.', start: 2630, end: 3000, confidence: 0.78 },
      ],
      language_code: 'de',
      language_confidence: 0.87,
    });
  });

  it('gives the language code alone when the engine does not score its detection', async () => {
    const done = await transcribeWith({ detectedLanguage: 'french' }, { language_auto: 'yes' });
    expect(done.language_code).toBe('fr');
    expect(done).not.toHaveProperty('language_confidence');
    expect(done.words?.every((word) => !('confidence' in word))).toBe(true);
  });

  it('keeps fillers in the words and unformats them as it does the text', async () => {
    const done = await transcribeWith(
      { wordStyle: 'faster-whisper', languageProbability: 0.99 },
      { filler_words: 'true', format_text: 'false', language_code: 'en' },
    );
    expect(done.text).toBe('um hello world this is uh a test');
    expect(done.words?.map((word) => word.text)).toEqual(['um', 'hello', 'world', 'this', 'is', 'uh', 'a', 'test']);
    expect(done.words?.map((word) => word.start)).toEqual([0, 380, 750, 1130, 1500, 1880, 2250, 2630]);
    // The language was given, not detected: what the engine echoes back is not reported.
    expect(done).not.toHaveProperty('language_code');
    expect(done).not.toHaveProperty('language_confidence');
  });
});

describe('with an engine that speaks only plain json', () => {
  let plainAsr: OpenAiCompatibleServer;
  let plainApp: TestApp;
  let plainCall: RestClient;

  beforeAll(async () => {
    plainAsr = await startOpenAiCompatibleServer({ verboseJson: 'refused' });
    plainApp = await startTestApp({ ASR_BASE_URL: plainAsr.baseUrl });
    plainCall = restClient(plainApp.url, await plainApp.createKey('acme'));
  });
  afterAll(async () => {
    await plainApp?.close();
    await plainAsr?.close();
  });

  it('completes with the spec fields alone, and asks plain json at once after the first refusal', async () => {
    for (let round = 0; round < 2; round++) {
      const response = await plainCall('POST', '/v2/transcript', { form: await uploadForm({ language_auto: 'true' }, wav) });
      const { id } = response.body as TranscriptBody;
      const done = await transcriptWhen(plainCall, id, (body) => body.status !== 'queued' && body.status !== 'processing');
      expect(done).toEqual({ id, status: 'completed', text: 'Hello world. This is a test.', audio_duration: 3 });
    }
    expect(plainAsr.requests.map((request) => request.responseFormat)).toEqual(['verbose_json', 'json', 'json']);
  });
});

describe('access', () => {
  it('hides a transcript from other keys, shows it to the admin, 404s unknown ids', async () => {
    const done = await submitAndWait(await postJson({ audio_url: files.url('tone.mp3') }));
    const other = await app.createKey('acme');
    const hidden = await call('GET', done.id, { key: other });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual({ error: 'Transcript not found' });
    const admin = await call('GET', done.id, { key: ADMIN_KEY });
    expect(admin.status).toBe(200);
    expect((admin.body as TranscriptBody).text).toBe('Hello world. This is a test.');
    for (const path of ['/v2/transcript/00000000-0000-4000-8000-000000000000', '/v2/transcript/not-a-uuid']) {
      const unknown = await call('GET', path);
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ error: 'Transcript not found' });
    }
  });

  it('refuses a missing key with the /v2 body', async () => {
    const response = await call('GET', '/v2/transcript/00000000-0000-4000-8000-000000000000', { key: null });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'Invalid API key' });
  });

  it('answers 429 with the wait in the message once a key is over its limit', async () => {
    const limited = await app.createKey('acme');
    const caller = await app.app.services.platform.apiKeys.verify(limited);
    for (let index = 0; index < 600; index++) await app.app.services.platform.rateLimiter.hit(caller!.keyId);
    const response = await postJson({ audio_url: files.url('tone.mp3') }, limited);
    expect(response.status).toBe(429);
    const body = response.body as { error: string };
    expect(body.error).toMatch(/^Rate limit exceeded\. Try again in \d+ seconds\.$/);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('engine configuration and private URLs', () => {
  let strict: TestApp;
  let strictKey: string;

  beforeAll(async () => {
    strict = await startTestApp({ ASR_BASE_URL: asr.baseUrl });
    strictKey = await strict.createKey('acme');
  });
  afterAll(async () => strict?.close());

  it('refuses audio_url on a loopback address when private URLs are not allowed', async () => {
    const strictCall = restClient(strict.url, strictKey);
    const response = await strictCall('POST', '/v2/transcript', { json: { audio_url: files.url('tone.mp3') } });
    const { id } = response.body as TranscriptBody;
    const done = await transcriptWhen(strictCall, id, (body) => body.status === 'error');
    expect(done.error).toBe('Download refused: private or loopback address (127.0.0.1); the service calls these only with ALLOW_PRIVATE_URLS=true');
  });

  it('fails with the not-configured reason when no speech-to-text engine is set', async () => {
    const unconfigured = await startTestApp();
    try {
      const unconfiguredKey = await unconfigured.createKey('acme');
      const form = await uploadForm({}, wav);
      const unconfiguredCall = restClient(unconfigured.url, unconfiguredKey);
      const response = await unconfiguredCall('POST', '/v2/transcript', { form });
      expect(response.status).toBe(200);
      const { id } = response.body as TranscriptBody;
      const done = await transcriptWhen(unconfiguredCall, id, (body) => body.status === 'error');
      expect(done.error).toBe('The speech-to-text engine is not configured (set ASR_BASE_URL)');
    } finally {
      await unconfigured.close();
    }
  });
});
