import { execFile } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordCore } from '../../src/domain/transcription/word-spans';
import { transcribeQueue } from '../../src/domain/transcription/transcript.queues';
import { graphql } from '../gql';
import {
  FFMPEG_PATH,
  FFPROBE_PATH,
  makeSilence,
  makeTempDir,
  makeToneSpeech,
  removeDir,
  toneSpeechWords,
  type ToneSpeech,
  type ToneWord,
} from '../support/audio';
import { execute, subscribe, wsClient } from '../support/graphql-client';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { HALLUCINATION } from '../support/whisper-like-recogniser';

const run = promisify(execFile);

/**
 * Long recordings through an engine that behaves like OpenAI's, with its limits scaled down
 * so that minutes of audio make as many segments as hours would: the engine takes 2 MB a
 * request (the service is told so with ASR_MAX_UPLOAD_MB), about a minute of audio.
 */
const ENGINE_LIMIT_MB = 2;

interface TranscriptBody {
  id: string;
  status: string;
  text?: string;
  audio_duration?: number;
  words?: { text: string; start: number; end: number }[];
  error?: string;
}

const FORTY_MINUTES: ToneSpeech = { seconds: 2400 };
const SILENT_MIDDLE: ToneSpeech = { seconds: 420, silent: [[60, 360]] };

let app: TestApp;
let engine: OpenAiCompatibleServer;
let dir: string;
let key: string;
let call: RestClient;
let ws: Client;
let forty: TranscriptBody;

const TranscriptProgress = graphql(`
  subscription TranscriptProgress($id: ID!) {
    transcriptUpdated(id: $id) {
      status
      progress {
        stage
        done
        total
      }
    }
  }
`);

const TranscriptStructure = graphql(`
  query TranscriptStructure($id: ID!, $chars: Int) {
    transcript(id: $id) {
      status
      text
      captions(format: VTT, charsPerCaption: $chars)
      sentences {
        text
        start
        end
        words {
          text
          start
        }
      }
      paragraphs {
        text
        start
        end
      }
    }
  }
`);

beforeAll(async () => {
  dir = await makeTempDir('long-recordings-');
  engine = await startOpenAiCompatibleServer({ recognition: 'tones', maxRequestBytes: ENGINE_LIMIT_MB * 1024 * 1024 });
  app = await startTestApp({ ASR_BASE_URL: engine.baseUrl, ASR_MAX_UPLOAD_MB: String(ENGINE_LIMIT_MB), ASR_CONCURRENCY: '3' });
  key = await app.createKey('acme');
  call = restClient(app.url, key);
  ws = wsClient(app.url, key);
});

afterAll(async () => {
  await ws?.dispose();
  await app?.close();
  await engine?.close();
  await removeDir(dir);
});

async function upload(path: string, filename: string): Promise<string> {
  const response = await call('POST', '/v2/transcript', { form: await multipart({}, { audio: { path, filename } }) });
  expect(response.status).toBe(200);
  return (response.body as TranscriptBody).id;
}

async function finished(id: string): Promise<TranscriptBody> {
  const answer = await waitFor(
    () => call('GET', id),
    (current) => ['completed', 'error'].includes((current.body as TranscriptBody).status),
  );
  return answer.body as TranscriptBody;
}

function expectWords(body: TranscriptBody, expected: ToneWord[]) {
  const words = body.words ?? [];
  expect(words.map((word) => wordCore(word.text))).toEqual(expected.map((word) => word.text));
  words.forEach((word, index) => {
    expect(Math.abs(word.start - expected[index]!.start * 1000)).toBeLessThanOrEqual(50);
    if (index > 0) expect(word.start).toBeGreaterThanOrEqual(words[index - 1]!.end);
  });
}

/** What ffprobe reads in a subtitle file: its cues' start times (ms), in file order. */
async function cueStarts(path: string): Promise<number[]> {
  const { stdout } = await run(FFPROBE_PATH, ['-v', 'error', '-of', 'json', '-show_packets', '-show_entries', 'packet=pts_time', path]);
  return (JSON.parse(stdout) as { packets: { pts_time: string }[] }).packets.map((packet) => Math.round(Number(packet.pts_time) * 1000));
}

/** The cue texts of a subtitle file as ffmpeg reads it, written back out by ffmpeg's own SRT muxer. */
async function cueTexts(path: string): Promise<string[]> {
  const { stdout } = await run(FFMPEG_PATH, ['-v', 'error', '-i', path, '-f', 'srt', 'pipe:1'], { maxBuffer: 64 * 1024 * 1024 });
  return stdout
    .trim()
    .split(/\r?\n\r?\n/)
    .map((cue) => cue.split(/\r?\n/).slice(2).join(' '));
}

describe('a 40-minute recording against an engine that takes a minute of audio a request', () => {
  let id: string;
  let progress: { stage: string; done: number; total?: number | null }[];

  beforeAll(async () => {
    const path = await makeToneSpeech(join(dir, 'forty.wav'), FORTY_MINUTES);
    engine.setBehaviour({ msPerAudioSecond: 3 });
    try {
      const before = engine.requests.length;
      id = await upload(path, 'forty-minutes.wav');
      const stream = subscribe(ws, TranscriptProgress, { id });
      const events = await stream.untilComplete();
      progress = events.flatMap((event) => (event.transcriptUpdated.progress ? [event.transcriptUpdated.progress] : []));
      forty = await finished(id);
      engine.requests.splice(0, before);
    } finally {
      engine.setBehaviour({ msPerAudioSecond: 0 });
    }
  });

  it('completes with every word of the whole recording, in order, where it was said', () => {
    expect(forty.status).toBe('completed');
    expect(forty.audio_duration).toBe(2400);
    const expected = toneSpeechWords(FORTY_MINUTES);
    expect(expected.at(-1)!.start).toBeGreaterThan(2397);
    expectWords(forty, expected);
    expect(forty.text!.split(' ').map(wordCore)).toEqual(expected.map((word) => word.text));
  });

  it('sent it in segments the engine takes, none refused', () => {
    const sent = engine.requests.filter((request) => request.endpoint === 'transcriptions');
    expect(engine.refused).toEqual([]);
    expect(sent.length).toBeGreaterThanOrEqual(39);
    for (const request of sent) {
      expect(request.filename).toBe('audio.flac');
      expect(request.fileBytes).toBeLessThanOrEqual(ENGINE_LIMIT_MB * 1024 * 1024);
    }
  });

  it('reported progress in seconds of audio while it ran', () => {
    const transcribing = progress.filter((report) => report.stage === 'transcribing');
    expect(transcribing.every((report) => report.total === 2400)).toBe(true);
    expect(transcribing.filter((report) => report.done > 0 && report.done < 2400).length).toBeGreaterThanOrEqual(2);
    const done = transcribing.map((report) => report.done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
  });

  it('gives SRT and WebVTT captions that a subtitle reader reads back, cue for cue', async () => {
    const srt = await call('GET', `${id}/srt`);
    expect(srt.status).toBe(200);
    expect(srt.headers.get('content-type')).toMatch(/^text\/plain/);
    const vtt = await call('GET', `${id}/vtt?chars_per_caption=12`);
    expect(vtt.status).toBe(200);
    expect(vtt.headers.get('content-type')).toMatch(/^text\/vtt/);
    await writeFile(join(dir, 'forty.srt'), srt.bytes);
    await writeFile(join(dir, 'forty.vtt'), vtt.bytes);

    // 32 characters: each four-word sentence is one caption.
    const sentences = toneSpeechWords(FORTY_MINUTES).filter((_word, index) => index % 4 === 0);
    expect(await cueStarts(join(dir, 'forty.srt'))).toEqual(sentences.map((word) => Math.round(word.start * 1000)));
    const srtTexts = await cueTexts(join(dir, 'forty.srt'));
    expect(srtTexts[0]).toBe('Alpha bravo charlie delta.');
    expect(srtTexts.join(' ')).toBe(forty.text);

    // 12 characters: shorter cues, still the whole text once, in order.
    const vttStarts = await cueStarts(join(dir, 'forty.vtt'));
    expect(vttStarts.length).toBeGreaterThan(sentences.length * 2);
    expect(vttStarts).toEqual([...vttStarts].sort((a, b) => a - b));
    const vttTexts = await cueTexts(join(dir, 'forty.vtt'));
    expect(vttTexts.every((text) => text.length <= 12 || !text.includes(' '))).toBe(true);
    expect(vttTexts.join(' ')).toBe(forty.text);
  });

  it('gives sentences and paragraphs that cover the text exactly once, with all the words', async () => {
    const sentences = await call('GET', `${id}/sentences`);
    expect(sentences.status).toBe(200);
    expect(sentences.body).toMatchObject({ id, audio_duration: 2400 });
    const list = sentences.body.sentences as { text: string; start: number; end: number; words: unknown[] }[];
    expect(list).toHaveLength(960);
    expect(list.map((sentence) => sentence.text).join(' ')).toBe(forty.text);
    expect(list.flatMap((sentence) => sentence.words)).toEqual(forty.words);
    expect(list[1]).toMatchObject({ text: 'Echo foxtrot golf hotel.', start: 2500, end: 4300 });

    const paragraphs = await call('GET', `${id}/paragraphs`);
    expect(paragraphs.status).toBe(200);
    const blocks = paragraphs.body.paragraphs as { text: string; start: number; end: number; words: unknown[] }[];
    // Pauses are short: a paragraph runs to a minute.
    expect(blocks.length).toBeGreaterThanOrEqual(40);
    expect(blocks.every((block) => block.end - block.start <= 60_000)).toBe(true);
    expect(blocks.map((block) => block.text).join(' ')).toBe(forty.text);
    expect(blocks.flatMap((block) => block.words)).toEqual(forty.words);
  });

  it('gives the same on GraphQL', async () => {
    const answer = await execute(app.url, key, TranscriptStructure, { id, chars: 12 });
    expect(answer.errors).toBeUndefined();
    const transcript = answer.data!.transcript;
    expect(transcript.captions).toBe((await call('GET', `${id}/vtt?chars_per_caption=12`)).bytes.toString('utf8'));
    expect(transcript.sentences!.map((sentence) => sentence.text).join(' ')).toBe(forty.text);
    expect(transcript.sentences![0]!.words.map((word) => word.text)).toEqual(['Alpha', 'bravo', 'charlie', 'delta']);
    expect(transcript.paragraphs!.map((paragraph) => paragraph.text).join(' ')).toBe(forty.text);
  });

  it('answers a bad chars_per_caption with the /v2 validation error, and hides the captions from other keys', async () => {
    const bad = await call('GET', `${id}/srt?chars_per_caption=zero`);
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({ message: 'The given data was invalid.', errors: { chars_per_caption: ['The chars per caption field must be an integer.'] } });
    expect((await call('GET', `${id}/vtt?chars_per_caption=0`)).body.errors).toEqual({
      chars_per_caption: ['The chars per caption field must be at least 1.'],
    });
    const other = await call('GET', `${id}/sentences`, { key: await app.createKey('acme') });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ error: 'Transcript not found' });
  });
});

describe('silence', () => {
  it('finds no words in five minutes of silence in the middle of a recording, and does not send them', async () => {
    const path = await makeToneSpeech(join(dir, 'silent-middle.wav'), SILENT_MIDDLE);
    const before = engine.requests.length;
    const done = await finished(await upload(path, 'silent-middle.wav'));
    expect(done.status).toBe('completed');
    expect(done.audio_duration).toBe(420);
    expectWords(done, toneSpeechWords(SILENT_MIDDLE));
    expect(done.words!.some((word) => word.start > 61_000 && word.start < 359_000)).toBe(false);
    expect(done.text).not.toContain(HALLUCINATION);
    const heard = engine.requests.slice(before).reduce((sum, request) => sum + (request.audioSeconds ?? 0), 0);
    expect(heard).toBeLessThan(125);
  });

  it('completes a recording without speech with empty text, asking the engine nothing', async () => {
    const path = await makeSilence(join(dir, 'silence.wav'), { seconds: 60 });
    const before = engine.requests.length;
    const done = await finished(await upload(path, 'silence.wav'));
    expect(done).toEqual({ id: done.id, status: 'completed', text: '', audio_duration: 60, words: [] });
    expect(engine.requests.length).toBe(before);
    expect((await call('GET', `${done.id}/srt`)).bytes.toString('utf8')).toBe('');
    expect((await call('GET', `${done.id}/sentences`)).body.sentences).toEqual([]);
  });
});

describe('captions, sentences and paragraphs refused', () => {
  it('answer 400 in the /v2 format while the transcript is not completed', async () => {
    const queue = app.app.services.platform.queues.get(transcribeQueue);
    await queue.pause();
    try {
      const id = await upload(await makeSilence(join(dir, 'queued.wav'), { seconds: 2 }), 'queued.wav');
      for (const route of ['srt', 'vtt', 'sentences', 'paragraphs']) {
        const answer = await call('GET', `${id}/${route}`);
        expect(answer.status).toBe(400);
        const what = route === 'srt' || route === 'vtt' ? 'captions' : route;
        expect(answer.body).toEqual({ error: `The transcript is queued: ${what} are made once it is completed.` });
      }
    } finally {
      await queue.resume();
    }
  });

  it('time captions by the engine phrases when it gives no word timings, and refuse sentences then', async () => {
    engine.setBehaviour({ wordTimestamps: false });
    try {
      const path = await makeToneSpeech(join(dir, 'phrases.wav'), { seconds: 20 });
      const done = await finished(await upload(path, 'phrases.wav'));
      expect(done.status).toBe('completed');
      expect(done).not.toHaveProperty('words');
      const srt = await call('GET', `${done.id}/srt`);
      expect(srt.status).toBe(200);
      await writeFile(join(dir, 'phrases.srt'), srt.bytes);
      expect((await cueTexts(join(dir, 'phrases.srt'))).join(' ')).toBe(done.text);
      expect(await cueStarts(join(dir, 'phrases.srt'))).toEqual([0, 2500, 5000, 7500, 10000, 12500, 15000, 17500]);
      const sentences = await call('GET', `${done.id}/sentences`);
      expect(sentences.status).toBe(400);
      expect(sentences.body.error).toMatch(/^The transcript has no word timings/);
    } finally {
      engine.setBehaviour({ wordTimestamps: true });
    }
  });
});

describe('knowledge base', () => {
  it('digitizes a video document through the same segments', async () => {
    const audio = await makeToneSpeech(join(dir, 'talk.wav'), { seconds: 300 });
    const video = join(dir, 'talk.mp4');
    await run(FFMPEG_PATH, ['-v', 'error', '-f', 'lavfi', '-i', 'color=c=black:s=16x16:r=1', '-i', audio, '-shortest', '-c:v', 'mpeg4', '-c:a', 'aac', video]);
    await call('POST', '/api/knowledgebases/acme', { form: await multipart({ name: 'Talks' }) });
    const before = engine.requests.length;
    const created = await call('POST', '/api/documents/acme/Talks', {
      form: await multipart({ type: 'file', folder: 'Recorded' }, { file: { path: video, filename: 'talk.mp4' } }),
    });
    expect(created.status).toBe(201);
    const document = (
      await waitFor(
        () => call('GET', `/api/document/acme/Talks/${created.body.id}`),
        (answer) => answer.body.in_queues?.length === 0,
      )
    ).body;
    expect(document.processing_error).toBeNull();
    const digitized = (await call('GET', `/api/documents/acme/Talks/${document.id}/content/digitized`)).body.content as string;
    expect(digitized.split(' ').map(wordCore)).toEqual(toneSpeechWords({ seconds: 300 }).map((word) => word.text));
    const sent = engine.requests.slice(before);
    expect(sent.length).toBeGreaterThanOrEqual(5);
    // Word timings are asked for: retrieval places a passage of a recording by them.
    expect(sent.every((request) => request.timestampGranularities?.includes('word'))).toBe(true);
    expect(engine.refused).toEqual([]);
  });
});

describe('scratch space', () => {
  it('holds nothing once the jobs are done', async () => {
    expect(await readdir(join(app.dataDir, 'tmp'))).toEqual([]);
  });

  it('holds nothing after a shutdown hands a transcription back midway, and the job waits for another worker', async () => {
    const slow = await startOpenAiCompatibleServer({ recognition: 'tones', msPerAudioSecond: 1000 });
    const stopping = await startTestApp({ ASR_BASE_URL: slow.baseUrl, ASR_MAX_UPLOAD_MB: String(ENGINE_LIMIT_MB), SHUTDOWN_GRACE_SECONDS: '1' });
    const observer = await startTestApp({ ROLE: 'api' }, stopping.redis);
    try {
      const stoppingKey = await stopping.createKey('acme');
      const path = await makeToneSpeech(join(dir, 'handed-back.wav'), { seconds: 300 });
      const form = await multipart({}, { audio: { path, filename: 'handed-back.wav' } });
      const { id } = (await restClient(stopping.url, stoppingKey)('POST', '/v2/transcript', { form })).body as TranscriptBody;
      await waitFor(
        async () => slow.requests.length,
        (count) => count >= 1,
      );
      await stopping.app.close();
      expect(await readdir(join(stopping.dataDir, 'tmp'))).toEqual([]);
      const job = await observer.app.services.platform.queues.get(transcribeQueue).getJob(transcribeQueue.jobId({ transcriptId: id.split('/').pop()! }));
      expect(await job?.getState()).toBe('waiting');
      const transcript = await restClient(observer.url, stoppingKey)('GET', id);
      expect(transcript.body).toEqual({ id, status: 'processing' });
    } finally {
      await observer.close();
      await removeDir(stopping.dataDir);
      await stopping.redis.stop();
      await slow.close();
    }
  });
});
