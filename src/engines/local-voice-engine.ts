import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { ProcessFailed, ProcessNotStarted, runProcess } from './child-process';
import { EngineError } from '../domain/shared/engine-error';
import { storageFailureOf } from '../domain/shared/storage-failure';
import { assessSample, type SampleQuality } from '../domain/voice/sample-quality';
import { analyzeAudio } from './audio-analysis';
import type { AudioAnalysis } from './signal-analyzer';
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

const ESPEAK_VOICE = 'en-us';

/**
 * Runs the embedding job on the CPU when no GPU job service is configured. It cannot clone
 * a voice, so it does what it honestly can: quality scores of the speech in each sample
 * (src/domain/voice/sample-quality.ts, the model the split explains samples with), test
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

    const analyzed: { index: number; analysis: AudioAnalysis; quality: SampleQuality }[] = [];
    for (const [position, sample] of request.samples.entries()) {
      signal?.throwIfAborted();
      const analysis = await analyzeAudio(this.options.ffmpeg, sample.path, { signal });
      analyzed.push({ index: sample.index, analysis, quality: assessSample(analysis) });
      note(`Analyzed sample ${sample.index} (${position + 1} of ${request.samples.length})`, 1);
    }

    const fingerprint = pooledFingerprint(analyzed.map((entry) => entry.analysis));
    if (!fingerprint) throw new EngineError('None of the samples contains an audible voice', false);

    const best = analyzed.reduce((top, entry) => (entry.quality.score > top.quality.score ? entry : top));
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
      samples: analyzed.map(({ index, analysis, quality }) => ({
        index,
        score: quality.score,
        reasons: quality.reasons,
        features: {
          duration_seconds: analysis.durationSeconds,
          speech_seconds: analysis.speechSeconds,
          noise_seconds: analysis.noiseSeconds,
          speech_level_db: analysis.speechLevelDb,
          rms_db: analysis.rmsDb,
          peak_db: analysis.peakDb,
          clipped_ratio: analysis.clippedRatio,
          silence_ratio: analysis.silenceRatio,
          noise_floor_db: analysis.noiseFloorDb,
          reverb_seconds: analysis.reverbSeconds,
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
      sampleScores: analyzed.map(({ index, quality }) => ({ sampleIndex: index, score: quality.score })),
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
    throw storageFailureOf(error) ?? new EngineError(`Could not write the embedding archive: ${(error as Error).message}`);
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

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

measureEngineMethods(LocalVoiceEngine.prototype, 'local-voice', ['embed']);
