import { execFile } from 'node:child_process';
import { mkdtemp, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EngineError, EngineUnavailable } from '../../src/domain/shared/engine-error';
import { wordCore } from '../../src/domain/transcription/word-spans';
import { SegmentedTranscriber } from '../../src/engines/long-audio/segmented-transcriber';
import { SpeechToTextClient, type Transcription } from '../../src/engines/speech-to-text.client';
import { FFMPEG_PATH, ffmpeg, makeSilence, makeTempDir, makeToneSpeech, removeDir, toneSpeechWords, type ToneSpeech, type ToneWord } from '../support/audio';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { waitFor } from '../support/wait-for';
import { HALLUCINATION } from '../support/whisper-like-recogniser';

const run = promisify(execFile);

/** The engine here takes 1 MB a request: 30 s of audio, so minutes of audio make many segments. */
const ENGINE_LIMIT_BYTES = 1024 * 1024;

let engine: OpenAiCompatibleServer;
let dir: string;
const recordings: Record<string, { path: string; speech: ToneSpeech }> = {};

beforeAll(async () => {
  dir = await makeTempDir('segmented-');
  engine = await startOpenAiCompatibleServer({ recognition: 'tones', maxRequestBytes: ENGINE_LIMIT_BYTES });
  const speeches: Record<string, ToneSpeech> = {
    // Sentences with 0.7 s pauses between them: every cut can fall in a pause.
    sentences: { seconds: 360 },
    // Bursts 0.2 s apart without end: no pause of half a second anywhere.
    unbroken: { seconds: 150, pauseSeconds: 0.2 },
    // Three minutes of silence between two of speech.
    silentMiddle: { seconds: 300, silent: [[60, 240]] },
  };
  for (const [name, speech] of Object.entries(speeches)) {
    recordings[name] = { path: await makeToneSpeech(join(dir, `${name}.wav`), speech), speech };
  }
  // VBR MP3 with silences: seeking in it lands up to half a second off, so cuts must not seek in it.
  const vbr = join(dir, 'vbr.mp3');
  await run(FFMPEG_PATH, ['-v', 'error', '-i', recordings.silentMiddle!.path, '-ar', '44100', '-c:a', 'libmp3lame', '-q:a', '4', vbr]);
  recordings.vbr = { path: vbr, speech: recordings.silentMiddle!.speech };
  await makeSilence(join(dir, 'silence.wav'), { seconds: 90 });
});

afterAll(async () => {
  await engine?.close();
  await removeDir(dir);
});

beforeEach(() => {
  engine.requests.length = 0;
  engine.refused.length = 0;
  engine.setBehaviour({ failures: {}, msPerAudioSecond: 0, maxRequestBytes: ENGINE_LIMIT_BYTES });
});

function transcriber(options: { maxUploadBytes?: number; concurrency?: number; retryDelaysMs?: number[] } = {}) {
  return new SegmentedTranscriber({
    ffmpeg,
    speechToText: new SpeechToTextClient({ baseUrl: engine.baseUrl, model: 'whisper-1', retryDelaysMs: options.retryDelaysMs ?? [10, 10] }),
    maxUploadBytes: options.maxUploadBytes ?? ENGINE_LIMIT_BYTES,
    maxSegmentSeconds: 600,
    concurrency: options.concurrency ?? 3,
  });
}

async function transcribe(path: string, options: Parameters<typeof transcriber>[0] = {}, signal?: AbortSignal) {
  const workDir = await mkdtemp(join(dir, 'work-'));
  const { durationSeconds } = await ffmpeg.probe(path);
  const progress: [number, number | null][] = [];
  const result = transcriber(options).transcribe(path, {
    durationSeconds,
    workDir,
    options: { words: true },
    onProgress: (done, total) => progress.push([done, total]),
    signal,
  });
  return { result, workDir, progress };
}

/** Every word the recording holds, once, in order, each where it was said (to 50 ms). */
function expectWords(result: Transcription, expected: ToneWord[]) {
  const words = result.words ?? [];
  expect(words.map((word) => wordCore(word.text))).toEqual(expected.map((word) => word.text));
  words.forEach((word, index) => {
    expect(Math.abs(word.start - expected[index]!.start * 1000)).toBeLessThanOrEqual(50);
    expect(Math.abs(word.end - expected[index]!.end * 1000)).toBeLessThanOrEqual(50);
    if (index > 0) expect(word.start).toBeGreaterThanOrEqual(words[index - 1]!.end);
  });
  expect(result.text.split(' ').map(wordCore)).toEqual(expected.map((word) => word.text));
}

describe('SegmentedTranscriber against an engine that behaves like OpenAI', () => {
  it('sends a recording in segments that fit the engine, cut at pauses, and gets every word at its time', async () => {
    const { path, speech } = recordings.sentences!;
    const { result, workDir, progress } = await transcribe(path);
    const transcription = await result;
    expect(engine.refused).toEqual([]);
    const sent = engine.requests.filter((request) => request.endpoint === 'transcriptions');
    expect(sent.length).toBeGreaterThanOrEqual(12);
    for (const request of sent) {
      expect(request.filename).toBe('audio.flac');
      expect(request.fileBytes).toBeLessThan(ENGINE_LIMIT_BYTES);
      expect(request.audioSeconds).toBeLessThanOrEqual(30.01);
    }
    expectWords(transcription, toneSpeechWords(speech));
    // The engine punctuates sentences; they come through whole, since every cut fell in a pause.
    expect(transcription.text.startsWith('Alpha bravo charlie delta. Echo foxtrot golf hotel. Alpha')).toBe(true);
    // Progress: seconds of the recording, never going back, ending at its length.
    expect(progress[0]).toEqual([0, 360]);
    expect(progress.at(-1)).toEqual([360, 360]);
    expect(progress.map(([done]) => done)).toEqual([...progress.map(([done]) => done)].sort((a, b) => a - b));
    expect(progress.length).toBeGreaterThan(sent.length);
    expect(await readdir(workDir)).toEqual([]);
  });

  it('cuts inside speech where no pause allows it, and neither loses nor doubles a word at a seam', async () => {
    const { path, speech } = recordings.unbroken!;
    const transcription = await (await transcribe(path)).result;
    expect(engine.requests.length).toBeGreaterThanOrEqual(5);
    expectWords(transcription, toneSpeechWords(speech));
  });

  it('leaves long silence out, so the engine invents nothing where nobody spoke', async () => {
    const { path, speech } = recordings.silentMiddle!;
    const transcription = await (await transcribe(path)).result;
    expectWords(transcription, toneSpeechWords(speech));
    expect(transcription.text).not.toContain(HALLUCINATION.split(' ')[0]);
    expect(transcription.words!.some((word) => word.start > 61_000 && word.start < 239_000)).toBe(false);
    // Two minutes of speech and a short joint, not five minutes of audio.
    const heard = engine.requests.reduce((sum, request) => sum + (request.audioSeconds ?? 0), 0);
    expect(heard).toBeLessThan(125);
  });

  it('keeps every word at its time in a VBR MP3, in which seeking is not exact', async () => {
    const { path, speech } = recordings.vbr!;
    const transcription = await (await transcribe(path, { maxUploadBytes: 512 * 1024 })).result;
    expect(engine.requests.length).toBeGreaterThanOrEqual(8);
    expectWords(transcription, toneSpeechWords(speech));
  });

  it('sends nothing for a recording without sound and gives empty text and no words', async () => {
    const transcription = await (await transcribe(join(dir, 'silence.wav'))).result;
    expect(transcription).toEqual({ text: '', words: [], durationSeconds: 90 });
    expect(engine.requests).toEqual([]);
  });

  it('retries a failed request of a segment as the client does, and completes', async () => {
    engine.setBehaviour({ failures: { transcriptions: { status: 503, message: 'Overloaded', skip: 2, times: 1 } } });
    const { path, speech } = recordings.sentences!;
    const transcription = await (await transcribe(path, { concurrency: 1 })).result;
    expectWords(transcription, toneSpeechWords(speech));
    // The third request was refused (the engine never decoded it) and its segment sent again.
    expect(engine.requests.map((request) => request.audioSeconds === undefined)).toEqual(engine.requests.map((_request, index) => index === 2));
    expect(engine.requests[3]!.fileBytes).toBe(engine.requests[2]!.fileBytes);
  });

  it('names the time range of a segment whose engine stays away, stops the rest, and leaves the job to try later', async () => {
    engine.setBehaviour({ failures: { transcriptions: { status: 500, message: 'The model crashed', skip: 2 } } });
    const { result, workDir } = await transcribe(recordings.sentences!.path, { concurrency: 1 });
    const error = await result.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).message).toMatch(/^Speech-to-text request failed: HTTP 500: The model crashed \(the audio from 0:00:\d\d to 0:01:\d\d\)$/);
    // A restarting engine is no fault of the recording: the job runs again once it is back.
    expect(error).toBeInstanceOf(EngineUnavailable);
    // The first two segments, then three tries of the third; nothing after it.
    expect(engine.requests.length).toBe(5);
    expect(await readdir(workDir)).toEqual([]);
  });

  it('answers with the engine 413 when the engine takes less than it was configured to', async () => {
    engine.setBehaviour({ maxRequestBytes: 50 * 1024 });
    const error = await (
      await transcribe(recordings.sentences!.path)
    ).result.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect((error as Error).message).toMatch(
      /^Speech-to-text request failed: HTTP 413: Maximum content size limit \(51200\) exceeded \(\d+ bytes read\) \(the audio from /,
    );
    expect((error as EngineError).retryable).toBe(false);
    expect(engine.refused.length).toBeGreaterThan(0);
  });

  it('stops at once when its job is handed back: no request goes on, and its files are removed', async () => {
    engine.setBehaviour({ msPerAudioSecond: 200 });
    const handBack = new AbortController();
    const { result, workDir } = await transcribe(recordings.sentences!.path, {}, handBack.signal);
    await waitFor(
      async () => engine.requests.length,
      (count) => count >= 3,
    );
    handBack.abort(new Error('handed back'));
    await expect(result).rejects.toThrow('handed back');
    expect(await readdir(workDir)).toEqual([]);
    const count = engine.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(engine.requests.length).toBe(count);
  });
});
