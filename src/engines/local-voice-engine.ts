import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { ProcessFailed, ProcessNotStarted, runProcess } from './child-process';
import { EngineError } from '../domain/shared/engine-error';
import { analyzeAudio, type AudioAnalysis } from './audio-analysis';
import type { Ffmpeg } from './ffmpeg';
import {
  EMBEDDING_ARCHIVE_FILENAME,
  TEST_SENTENCES,
  testSampleFilename,
  type VoiceEmbeddingEngine,
  type VoiceEmbeddingRequest,
  type VoiceEmbeddingResult,
} from './voice-embedding';
import { measureEngineMethods } from '../observability/metrics';

export interface LocalVoiceEngineOptions {
  ffmpeg: Ffmpeg;
  /** espeak-ng binary; without it (or when it is not installed) no test audio is made. */
  espeakPath?: string;
}

export interface SampleScore {
  score: number;
  factors: { level: number; clipping: number; silence: number; noise: number };
}

/** Speech recorded for voice cloning is best around -20 dBFS RMS, with ±6 dB of slack. */
const TARGET_RMS_DB = -20;
const LEVEL_SLACK_DB = 6;
const LEVEL_FALLOFF_DB = 24;
/** 1 % of samples at full scale is audible distortion throughout. */
const CLIPPED_RATIO_LIMIT = 0.01;
/** Natural speech pauses take up to about 30 % of a recording. */
const SILENCE_ALLOWED = 0.3;
const SILENCE_FALLOFF = 0.6;
const SNR_BAD_DB = 10;
const SNR_GOOD_DB = 30;
const FLATNESS_TONAL = 0.1;
const FLATNESS_NOISE = 0.4;
const ESPEAK_VOICE = 'en-us';

/**
 * Quality of a sample as a voice reference, in 0..1: the product of four factors, so one
 * severe defect is enough to make a sample unusable.
 * - level: 1 within ±6 dB of -20 dBFS RMS, falling linearly to 0 at 30 dB away.
 * - clipping: 1 - clippedRatio / 0.01 (0 once 1 % of samples sit at full scale).
 * - silence: 1 up to 30 % silent frames, falling linearly to 0 at 90 %.
 * - noise: 1 - (1 - snr) * flat, where snr maps rmsDb - noiseFloorDb from 10 dB (0) to
 *   30 dB (1), and flat maps spectral flatness from 0.1 (0) to 0.4 (1). A steady signal has
 *   no pauses and so no measurable SNR; only when it is also spectrally flat is it noise,
 *   which is what separates a hiss from a held tone or vowel.
 */
export function scoreSample(analysis: AudioAnalysis): SampleScore {
  const level = clamp01(1 - Math.max(0, Math.abs(analysis.rmsDb - TARGET_RMS_DB) - LEVEL_SLACK_DB) / LEVEL_FALLOFF_DB);
  const clipping = clamp01(1 - analysis.clippedRatio / CLIPPED_RATIO_LIMIT);
  const silence = clamp01(1 - Math.max(0, analysis.silenceRatio - SILENCE_ALLOWED) / SILENCE_FALLOFF);
  const snr = clamp01((analysis.rmsDb - analysis.noiseFloorDb - SNR_BAD_DB) / (SNR_GOOD_DB - SNR_BAD_DB));
  const flat = clamp01((analysis.spectralFlatness - FLATNESS_TONAL) / (FLATNESS_NOISE - FLATNESS_TONAL));
  const noise = 1 - (1 - snr) * flat;
  const factors = { level: round3(level), clipping: round3(clipping), silence: round3(silence), noise: round3(noise) };
  return { score: round3(level * clipping * silence * noise), factors };
}

/**
 * Runs the embedding job on the CPU when no GPU job service is configured. It cannot clone
 * a voice, so it does what it honestly can: real quality scores from the signal, test
 * sentences spoken by espeak-ng (in espeak's voice, so the TTS path can be heard end to end)
 * and, in place of a neural speaker embedding, the voice's long-term average spectrum.
 */
export class LocalVoiceEngine implements VoiceEmbeddingEngine {
  readonly name = 'local-cpu';

  constructor(private readonly options: LocalVoiceEngineOptions) {}

  async embed(request: VoiceEmbeddingRequest): Promise<VoiceEmbeddingResult> {
    const { signal, workDir } = request;
    const onProgress = request.onProgress ?? (() => {});
    // Units of work: each sample scored, then each test sentence spoken (or skipped when no
    // text-to-speech engine is there, so the count still ends at the total).
    const total = request.samples.length + TEST_SENTENCES.length;
    let done = 0;
    const note = (text: string, unitsDone = 0) => {
      done += unitsDone;
      onProgress(text, done, total);
    };
    if (request.samples.length === 0) throw new EngineError('The voice has no samples to embed', false);
    signal?.throwIfAborted();
    await mkdir(workDir, { recursive: true });

    const analyzed: { index: number; analysis: AudioAnalysis; score: SampleScore }[] = [];
    for (const [position, sample] of request.samples.entries()) {
      signal?.throwIfAborted();
      const analysis = await analyzeAudio(this.options.ffmpeg, sample.path, { signal });
      analyzed.push({ index: sample.index, analysis, score: scoreSample(analysis) });
      note(`Analyzed sample ${sample.index} (${position + 1} of ${request.samples.length})`, 1);
    }

    const fingerprint = pooledFingerprint(analyzed.map((entry) => entry.analysis));
    if (!fingerprint) throw new EngineError('None of the samples contains an audible voice', false);

    const best = analyzed.reduce((top, entry) => (entry.score.score > top.score.score ? entry : top));
    const testSamples = await this.speakTestSentences(best.index, workDir, note, signal);

    const archivePath = join(workDir, EMBEDDING_ARCHIVE_FILENAME);
    const document = {
      format: 'persona-voice-embedding',
      version: 1,
      engine: this.name,
      voice_id: request.voiceId,
      tts_type: request.ttsType,
      created_at: new Date().toISOString(),
      fingerprint,
      best_sample_index: best.index,
      samples: analyzed.map(({ index, analysis, score }) => ({
        index,
        score: score.score,
        score_factors: score.factors,
        features: {
          duration_seconds: analysis.durationSeconds,
          rms_db: analysis.rmsDb,
          peak_db: analysis.peakDb,
          clipped_ratio: analysis.clippedRatio,
          silence_ratio: analysis.silenceRatio,
          noise_floor_db: analysis.noiseFloorDb,
          spectral_flatness: analysis.spectralFlatness,
          band_mean_db: analysis.spectrum.meanDb,
          band_std_db: analysis.spectrum.stdDb,
          voiced_frames: analysis.spectrum.frames,
        },
      })),
      sentences: TEST_SENTENCES,
      test_samples: testSamples.map((sample) => ({
        sample_index: sample.sampleIndex,
        sentence_index: sample.sentenceIndex,
        filename: testSampleFilename(sample.sampleIndex, sample.sentenceIndex),
        tts: `espeak-ng ${ESPEAK_VOICE}`,
      })),
    };
    signal?.throwIfAborted();
    await writeArchive(archivePath, { 'embedding.json': JSON.stringify(document, null, 2) });
    note('Wrote the embedding archive');

    return {
      ttsType: request.ttsType,
      testSamples,
      sampleScores: analyzed.map(({ index, score }) => ({ sampleIndex: index, score: score.score })),
      archivePath,
    };
  }

  private async speakTestSentences(
    sampleIndex: number,
    workDir: string,
    note: (text: string, unitsDone?: number) => void,
    signal?: AbortSignal,
  ): Promise<VoiceEmbeddingResult['testSamples']> {
    const espeakPath = this.options.espeakPath;
    if (!espeakPath) {
      note('No text-to-speech engine is configured: no test audio was made', TEST_SENTENCES.length);
      return [];
    }
    const made: VoiceEmbeddingResult['testSamples'] = [];
    for (const [sentenceIndex, sentence] of TEST_SENTENCES.entries()) {
      const wavPath = join(workDir, `tts_${sentenceIndex}.wav`);
      const path = join(workDir, testSampleFilename(sampleIndex, sentenceIndex));
      try {
        const spoken = await runEspeak(espeakPath, ['-v', ESPEAK_VOICE, '-w', wavPath, sentence], signal);
        if (!spoken) {
          note('espeak-ng is not installed: no test audio was made', TEST_SENTENCES.length - made.length);
          return [];
        }
        await this.options.ffmpeg.toOpus(wavPath, path, { signal });
      } finally {
        await rm(wavPath, { force: true });
      }
      made.push({ sampleIndex, sentenceIndex, path });
      note(`Spoke test sentence ${sentenceIndex + 1} of ${TEST_SENTENCES.length}`, 1);
    }
    return made;
  }
}

/**
 * The long-term average spectrum over the voiced frames of all samples, pooled exactly
 * from each sample's per-band mean and deviation. `shape_db` removes the overall level, so
 * two recordings of one voice at different loudness compare alike; `vector` (shape then
 * deviation) is what to compare with cosine similarity.
 */
function pooledFingerprint(analyses: AudioAnalysis[]) {
  const voiced = analyses.filter((analysis) => analysis.spectrum.frames > 0);
  const first = voiced[0];
  if (!first) return undefined;
  const frames = voiced.reduce((sum, analysis) => sum + analysis.spectrum.frames, 0);
  const bands = first.spectrum.meanDb.length;
  const meanDb: number[] = [];
  const stdDb: number[] = [];
  for (let band = 0; band < bands; band++) {
    let sum = 0;
    let sumSquares = 0;
    for (const { spectrum } of voiced) {
      const mean = spectrum.meanDb[band] ?? 0;
      const std = spectrum.stdDb[band] ?? 0;
      sum += spectrum.frames * mean;
      sumSquares += spectrum.frames * (std * std + mean * mean);
    }
    const mean = sum / frames;
    meanDb.push(round2(mean));
    stdDb.push(round2(Math.sqrt(Math.max(0, sumSquares / frames - mean * mean))));
  }
  const level = meanDb.reduce((sum, value) => sum + value, 0) / bands;
  const shapeDb = meanDb.map((value) => round2(value - level));
  return {
    kind: 'long-term-average-spectrum',
    description:
      'CPU stand-in for a neural speaker embedding: log energies of 20 mel-spaced bands (100-8000 Hz) ' + 'over the voiced 43 ms frames of all samples',
    band_edges_hz: first.spectrum.bandEdgesHz,
    mean_db: meanDb,
    std_db: stdDb,
    shape_db: shapeDb,
    vector: [...shapeDb, ...stdDb],
    voiced_frames: frames,
  };
}

async function writeArchive(path: string, files: Record<string, string>): Promise<void> {
  const zip = new ZipFile();
  for (const [name, content] of Object.entries(files)) zip.addBuffer(Buffer.from(content, 'utf8'), name);
  zip.end();
  try {
    await pipeline(zip.outputStream, createWriteStream(path));
  } catch (error) {
    await rm(path, { force: true });
    throw new EngineError(`Could not write the embedding archive: ${(error as Error).message}`);
  }
}

/** Resolves false when espeak-ng is not installed, so the caller can go on without test audio. */
async function runEspeak(binary: string, args: string[], signal?: AbortSignal): Promise<boolean> {
  try {
    await runProcess(binary, args, { signal, stderrTailChars: 1000 });
    return true;
  } catch (error) {
    if (error instanceof ProcessNotStarted) {
      if (error.missing) return false;
      throw new EngineError(`The text-to-speech engine espeak-ng could not be started: ${error.message}`);
    }
    if (error instanceof ProcessFailed) {
      throw new EngineError(`The text-to-speech engine espeak-ng failed (exit code ${error.exitCode}): ${error.stderrTail.trim() || 'no error output'}`);
    }
    throw error;
  }
}

function clamp01(value: number): number {
  return Math.min(1, Math.max(0, value));
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

measureEngineMethods(LocalVoiceEngine.prototype, 'local-voice', ['embed']);
