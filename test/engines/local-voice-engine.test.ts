import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeAudio } from '../../src/engines/audio-analysis';
import { EngineError } from '../../src/domain/shared/engine-error';
import { LocalVoiceEngine } from '../../src/engines/local-voice-engine';
import { TEST_SENTENCES, type VoiceEmbeddingResult } from '../../src/engines/voice-embedding';
import {
  ESPEAK_PATH,
  espeakAvailable,
  ffmpeg,
  makeClippedSine,
  makeMostlySilent,
  makeNoise,
  makeSilence,
  makeSine,
  makeRecording,
  makeTempDir,
  probeFile,
  removeDir,
} from '../support/audio';
import { readZip } from '../support/zip';

const TONE = 0;
const SPEECH = 1;
const CLIPPED = 2;
const MOSTLY_SILENT = 3;
const NOISE = 4;
const CLIPPED_SPEECH = 5;
const SILENCE = 6;

const SENTENCE = 'My name is Alex, and I am recording this sample so that my voice can be cloned for the assistant.';

/** Spoken samples need espeak-ng (CI installs it); without it the tests that judge speech skip. */
const hasEspeak = await espeakAvailable();

let dir: string;
let samples: { index: number; path: string }[];
let result: VoiceEmbeddingResult;
let notes: string[];
let workDir: string;
let archived: { index: number; score: number; reasons: { code: string; message: string; value: number; unit: string }[] }[];

/** Samples are Opus files on the platform, so the engine is judged on Opus files too. */
async function opusSample(index: number, make: (path: string) => Promise<unknown>) {
  const source = join(dir, `source_${index}.wav`);
  await make(source);
  const path = join(dir, `${index}.opus`);
  await ffmpeg.toOpus(source, path);
  return { index, path };
}

/** A sentence with the pauses a recorded sample has around it. */
async function spoken(path: string, gain = 1) {
  if (hasEspeak) await makeRecording(path, [{ silence: 0.4 }, { speech: SENTENCE, gain }, { silence: 0.4 }]);
  else await makeSine(path, { seconds: 6, frequency: 180, volume: 0.14 });
}

function score(index: number): number {
  const found = result.sampleScores.find((entry) => entry.sampleIndex === index);
  if (!found) throw new Error(`no score for sample ${index}`);
  return found.score;
}

function reasons(index: number): string[] {
  return archived.find((sample) => sample.index === index)?.reasons.map((reason) => reason.code) ?? [];
}

beforeAll(async () => {
  dir = await makeTempDir('local-voice-test-');
  samples = [
    await opusSample(TONE, (path) => makeSine(path, { seconds: 6, volume: 0.14 })),
    await opusSample(SPEECH, (path) => spoken(path)),
    await opusSample(CLIPPED, (path) => makeClippedSine(path, { seconds: 6 })),
    await opusSample(MOSTLY_SILENT, (path) => makeMostlySilent(path, { seconds: 10, soundSeconds: 1 })),
    await opusSample(NOISE, (path) => makeNoise(path, { seconds: 6, amplitude: 0.3 })),
    await opusSample(CLIPPED_SPEECH, (path) => spoken(path, 8)),
    await opusSample(SILENCE, (path) => makeSilence(path, { seconds: 4 })),
  ];
  workDir = join(dir, 'work');
  notes = [];
  result = await new LocalVoiceEngine({ ffmpeg, espeakPath: ESPEAK_PATH }).embed({
    voiceId: 'voice-42',
    ttsType: 'vendor_tts_v2',
    samples,
    workDir,
    onProgress: (note) => notes.push(note),
  });
  const entries = await readZip(result.archivePath);
  archived = (JSON.parse(entries.get('embedding.json')?.toString() ?? '') as { samples: typeof archived }).samples;
});

afterAll(async () => {
  await removeDir(dir);
});

describe('LocalVoiceEngine scores speech, not level', () => {
  it('scores every sample within 0..1', () => {
    expect(result.sampleScores.map((entry) => entry.sampleIndex)).toEqual([TONE, SPEECH, CLIPPED, MOSTLY_SILENT, NOISE, CLIPPED_SPEECH, SILENCE]);
    for (const { score: value } of result.sampleScores) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(1);
    }
  });

  it.skipIf(!hasEspeak)('scores a clean spoken sample high, with no reason against it', () => {
    expect(score(SPEECH)).toBeGreaterThan(0.8);
    expect(reasons(SPEECH)).toEqual([]);
  });

  it.skipIf(!hasEspeak)('scores a sine tone and white noise below a spoken sample', () => {
    expect(score(SPEECH)).toBeGreaterThan(score(TONE));
    expect(score(SPEECH)).toBeGreaterThan(score(NOISE));
  });

  it('scores a tone, noise, silence and a clipped tone low, saying there is no speech', () => {
    for (const index of [TONE, NOISE, SILENCE, CLIPPED, MOSTLY_SILENT]) {
      expect(score(index), `sample ${index}`).toBeLessThan(0.3);
      expect(reasons(index), `sample ${index}`).toContain('no_speech');
    }
    expect(reasons(NOISE)).toContain('noise');
    const noSpeech = archived.find((sample) => sample.index === TONE)?.reasons.find((reason) => reason.code === 'no_speech');
    expect(noSpeech).toEqual({ code: 'no_speech', message: 'No speech was found in the sample', value: 0, unit: '%' });
  });

  it.skipIf(!hasEspeak)('scores clipped speech low, saying it is clipped and by how much', () => {
    expect(score(CLIPPED_SPEECH)).toBeLessThan(0.3);
    const clipping = archived.find((sample) => sample.index === CLIPPED_SPEECH)?.reasons.find((reason) => reason.code === 'clipping');
    expect(clipping?.unit).toBe('%');
    expect(clipping?.value).toBeGreaterThan(1);
    expect(clipping?.message).toMatch(/^[\d.]+% of the audio is clipped/);
  });
});

describe('LocalVoiceEngine test audio', () => {
  it('speaks every test sentence into a real Opus file, from the best sample', async () => {
    if (!hasEspeak) {
      expect(result.testSamples).toEqual([]);
      return;
    }
    const best = [...result.sampleScores].sort((a, b) => b.score - a.score || a.sampleIndex - b.sampleIndex)[0]?.sampleIndex;
    expect(result.testSamples.map(({ sampleIndex, sentenceIndex }) => [sampleIndex, sentenceIndex])).toEqual(
      TEST_SENTENCES.map((_, sentence) => [best, sentence]),
    );
    for (const testSample of result.testSamples) {
      expect(testSample.path).toBe(join(workDir, `test_${best}_${testSample.sentenceIndex}.opus`));
      const probe = await probeFile(testSample.path);
      expect(probe).toMatchObject({ formatName: 'ogg', audioCodec: 'opus', channels: 1, sampleRate: 48000 });
      expect(probe.durationSeconds).toBeGreaterThan(1);
      const analysis = await analyzeAudio(ffmpeg, testSample.path);
      expect(analysis.silenceRatio).toBeLessThan(0.5);
    }
    expect((await readdir(workDir)).filter((name) => name.endsWith('.wav'))).toEqual([]);
  });

  it('makes no test audio and says why when espeak-ng is missing', async () => {
    const out = join(dir, 'no-espeak');
    const missingNotes: string[] = [];
    const withoutEspeak = await new LocalVoiceEngine({ ffmpeg, espeakPath: join(dir, 'no-such-espeak-ng') }).embed({
      voiceId: 'voice-42',
      ttsType: 'vendor_tts_v2',
      samples: samples.slice(0, 1),
      workDir: out,
      onProgress: (note) => missingNotes.push(note),
    });
    expect(withoutEspeak.testSamples).toEqual([]);
    expect(missingNotes).toContain('espeak-ng is not installed: no test audio was made');
    expect((await readdir(out)).sort()).toEqual(['embedding.zip']);
  });
});

describe('LocalVoiceEngine archive', () => {
  it('holds embedding.json with the features, scores and a voice fingerprint', async () => {
    expect(result.archivePath).toBe(join(workDir, 'embedding.zip'));
    const entries = await readZip(result.archivePath);
    expect([...entries.keys()]).toEqual(['embedding.json']);
    const document = JSON.parse(entries.get('embedding.json')?.toString() ?? '') as {
      engine: string;
      tts_type: string;
      voice_id: string;
      fingerprint: { band_edges_hz: number[]; mean_db: number[]; std_db: number[]; shape_db: number[]; vector: number[]; voiced_frames: number };
      samples: {
        index: number;
        score: number;
        features: { rms_db: number; clipped_ratio: number; silence_ratio: number; noise_floor_db: number; band_mean_db: number[] };
      }[];
      test_samples: { filename: string }[];
    };
    expect(document).toMatchObject({ engine: 'local-cpu', tts_type: 'vendor_tts_v2', voice_id: 'voice-42' });
    expect(document.samples.map(({ index, score: value }) => ({ index, score: value }))).toEqual(
      result.sampleScores.map(({ sampleIndex, score: value }) => ({ index: sampleIndex, score: value })),
    );
    const clipped = document.samples.find((sample) => sample.index === CLIPPED);
    expect(clipped?.features.clipped_ratio).toBeGreaterThan(0.5);
    const silent = document.samples.find((sample) => sample.index === MOSTLY_SILENT);
    expect(silent?.features.silence_ratio).toBeGreaterThan(0.8);

    const { fingerprint } = document;
    expect(fingerprint.band_edges_hz).toHaveLength(21);
    expect(fingerprint.mean_db).toHaveLength(20);
    expect(fingerprint.vector).toHaveLength(40);
    expect(fingerprint.vector.every(Number.isFinite)).toBe(true);
    expect(fingerprint.voiced_frames).toBeGreaterThan(100);
    const shapeMean = fingerprint.shape_db.reduce((sum, value) => sum + value, 0) / fingerprint.shape_db.length;
    expect(Math.abs(shapeMean)).toBeLessThan(0.01);
    expect(document.test_samples.map((sample) => sample.filename)).toEqual(
      result.testSamples.map((sample) => `test_${sample.sampleIndex}_${sample.sentenceIndex}.opus`),
    );
  });

  it('gives voices with different spectra different fingerprints, and one voice the same', async () => {
    const engine = new LocalVoiceEngine({ ffmpeg });
    const fingerprintOf = async (name: string, picked: { index: number; path: string }[]) => {
      const out = join(dir, name);
      const embedded = await engine.embed({ voiceId: name, ttsType: 't', samples: picked, workDir: out });
      const entries = await readZip(embedded.archivePath);
      return (JSON.parse(entries.get('embedding.json')?.toString() ?? '') as { fingerprint: { vector: number[] } }).fingerprint.vector;
    };
    const tone = samples.find((sample) => sample.index === TONE)!;
    const noise = samples.find((sample) => sample.index === NOISE)!;
    const toneAgain = await fingerprintOf('tone-a', [tone]);
    const toneOnce = await fingerprintOf('tone-b', [tone]);
    const noiseOnce = await fingerprintOf('noise', [noise]);
    expect(cosine(toneAgain, toneOnce)).toBeCloseTo(1, 6);
    expect(cosine(toneAgain, noiseOnce)).toBeLessThan(0.9);
  });
});

describe('LocalVoiceEngine refusals', () => {
  it('refuses a voice without samples', async () => {
    const error = await new LocalVoiceEngine({ ffmpeg })
      .embed({ voiceId: 'v', ttsType: 't', samples: [], workDir: join(dir, 'none') })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).message).toBe('The voice has no samples to embed');
  });

  it('refuses samples that hold no audible sound', async () => {
    const silent = join(dir, 'silent.wav');
    await makeSilence(silent, { seconds: 3 });
    const error = await new LocalVoiceEngine({ ffmpeg })
      .embed({ voiceId: 'v', ttsType: 't', samples: [{ index: 0, path: silent }], workDir: join(dir, 'silent') })
      .catch((caught: unknown) => caught);
    expect((error as EngineError).message).toBe('None of the samples contains an audible voice');
    expect((error as EngineError).retryable).toBe(false);
  });

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    const embedding = new LocalVoiceEngine({ ffmpeg, espeakPath: ESPEAK_PATH }).embed({
      voiceId: 'v',
      ttsType: 't',
      samples,
      workDir: join(dir, 'aborted'),
      signal: controller.signal,
      onProgress: (note) => {
        if (note.startsWith('Analyzed sample')) controller.abort(new Error('superseded'));
      },
    });
    await expect(embedding).rejects.toThrow('superseded');
    expect(await readdir(join(dir, 'aborted'))).toEqual([]);
  });
});

function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  a.forEach((value, i) => {
    const other = b[i] ?? 0;
    dot += value * other;
    normA += value * value;
    normB += other * other;
  });
  return dot / Math.sqrt(normA * normB);
}
