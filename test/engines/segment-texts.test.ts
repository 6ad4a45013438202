import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordCore } from '../../src/domain/transcription/word-spans';
import { SegmentedTranscriber } from '../../src/engines/long-audio/segmented-transcriber';
import { SpeechToTextClient } from '../../src/engines/speech-to-text.client';
import { ffmpeg, makeTempDir, makeToneSpeech, removeDir } from '../support/audio';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';

/** 1 MB a request: at most 30 s of audio a segment. */
const ENGINE_LIMIT_BYTES = 1024 * 1024;

let engine: OpenAiCompatibleServer;
let dir: string;

beforeAll(async () => {
  dir = await makeTempDir('segment-texts-');
  engine = await startOpenAiCompatibleServer({ recognition: 'tones', maxRequestBytes: ENGINE_LIMIT_BYTES });
});

afterAll(async () => {
  await engine?.close();
  await removeDir(dir);
});

/** Transcribes a recording, keeping each segment's text as it is handed on, and the seconds done at each progress report. */
async function transcribeHearingTexts(path: string) {
  const transcriber = new SegmentedTranscriber({
    ffmpeg,
    speechToText: new SpeechToTextClient({ baseUrl: engine.baseUrl, model: 'whisper-1', retryDelaysMs: [10] }),
    maxUploadBytes: ENGINE_LIMIT_BYTES,
    maxSegmentSeconds: 600,
    concurrency: 3,
  });
  const { durationSeconds } = await ffmpeg.probe(path);
  const texts: string[] = [];
  const progress: number[] = [];
  const result = await transcriber.transcribe(path, {
    durationSeconds,
    workDir: await mkdtemp(join(dir, 'work-')),
    options: { words: true },
    onProgress: (done) => progress.push(done),
    onSegmentText: (text) => texts.push(text),
  });
  return { result, texts, progress };
}

const words = (text: string) => text.split(/\s+/).filter(Boolean).map(wordCore);

describe("A recording's segment texts", () => {
  it('come in the recording order when a later, shorter segment finishes first', async () => {
    // 29 s of speech, half a minute of silence, 4 s of speech: two segments, the second far
    // shorter. The engine takes 40 ms an audio second, so the second answers a second earlier.
    const path = await makeToneSpeech(join(dir, 'uneven.wav'), { seconds: 64, silent: [[29, 60]] });
    engine.setBehaviour({ msPerAudioSecond: 40 });
    const { result, texts, progress } = await transcribeHearingTexts(path);
    expect(texts).toHaveLength(2);
    // Progress counts segments as they finish: the short one's seconds came first.
    expect(progress[1]).toBeLessThan(10);
    expect(words(texts.join(' '))).toEqual(words(result.text));
  });

  it('are one text for a recording of one segment', async () => {
    const path = await makeToneSpeech(join(dir, 'short.wav'), { seconds: 12 });
    engine.setBehaviour({ msPerAudioSecond: 0 });
    const { result, texts } = await transcribeHearingTexts(path);
    expect(texts).toEqual([result.text]);
  });
});
