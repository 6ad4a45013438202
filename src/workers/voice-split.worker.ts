import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Job } from 'bullmq';
import { JobFailure } from '../domain/shared/job-failure';
import type { ProgressCallback, ProgressReporter } from '../domain/shared/progress';
import { assessSample, isMostlySpeech } from '../domain/voice/sample-quality';
import {
  formatTimestamp,
  PAUSE_SETTINGS,
  planCuratedSamples,
  planSamples,
  roundSeconds,
  type CuratedSamplePlan,
  type SamplePlan,
} from '../domain/voice/sample-plan';
import type { VoicePipelineService } from '../domain/voice/voice-pipeline.service';
import type { VoiceSample } from '../domain/voice/voice.types';
import { analyzeStretches } from '../engines/audio-analysis';
import type { Ffmpeg } from '../engines/ffmpeg';
import type { LoudnessTarget } from '../engines/ffmpeg-loudness';
import type { AudioAnalysis } from '../engines/signal-analyzer';
import { splitVoiceQueue, type SplitVoiceJob } from '../domain/voice/voice.queues';
import type { BlobStore } from '../store/blob-store';
import type { JobProcessor } from './worker-runner';

export interface SplitWorkerDeps {
  pipeline: VoicePipelineService;
  ffmpeg: Ffmpeg;
  blobs: BlobStore;
  /** Where curated samples are levelled to. */
  loudness: LoudnessTarget;
}

/** The abort reason that tells a superseded split from a failed one. */
const SUPERSEDED = new Error('A newer split superseded this one');
/**
 * Curated samples levelled per ffmpeg run: starting ffmpeg costs as much CPU as levelling a
 * short sample, while each loudnorm in a run holds about 9 MB.
 */
const LEVELLED_PER_RUN = 5;
/** How often a running split asks whether a newer one superseded it. */
const SUPERSEDED_CHECK_MS = 500;

/** One split job at work on its local copy of the original. */
interface SplitRun {
  job: SplitVoiceJob;
  originalPath: string;
  durationSeconds: number;
  workDir: string;
  signal: AbortSignal;
  /** The progress callback of a stage. */
  stage: (stage: string) => ProgressCallback;
}

/** A sample file as a split wrote it in its work directory, with what the analysis found. */
interface WrittenSample {
  plan: SamplePlan;
  path: string;
  durationSeconds: number;
  analysis: AudioAnalysis;
  cutInSpeech?: { start: boolean; end: boolean };
}

/**
 * Converts a voice's original to Ogg Opus (once), then cuts samples out of it. Fixed: the
 * documented consecutive slices, measured in one decoding pass, then copied without encoding
 * again in a second ffmpeg run (two runs, whatever the number of samples). Curated:
 * slices cut at pauses, each levelled to the loudness target. Either way each slice of the
 * original is measured and judged (sample-quality.ts). Safe to run twice: the conversion is
 * recorded before splitting, and the samples replace the old set in one write that a
 * superseded job cannot make.
 */
export function splitVoiceProcessor({ pipeline, ffmpeg, blobs, loudness }: SplitWorkerDeps): JobProcessor<typeof splitVoiceQueue> {
  /**
   * Aborts the engine calls of a job once a newer split supersedes it. The check runs as the
   * work reports progress, at most every SUPERSEDED_CHECK_MS, and one at a time.
   */
  function supersession(job: SplitVoiceJob) {
    const controller = new AbortController();
    let checking = false;
    let lastCheck = 0;
    return {
      signal: controller.signal,
      check() {
        if (checking || controller.signal.aborted || Date.now() - lastCheck < SUPERSEDED_CHECK_MS) return;
        checking = true;
        lastCheck = Date.now();
        pipeline
          .voiceIfCurrent(job.voiceId, 'splitting', job.generation)
          .then((voice) => {
            if (!voice) controller.abort(SUPERSEDED);
          })
          // Redis trouble here only delays the check; the final write refuses a superseded split anyway.
          .catch(() => undefined)
          .finally(() => {
            checking = false;
          });
      },
      superseded: (error: unknown) => controller.signal.aborted && error === SUPERSEDED,
    };
  }

  /** Stage by stage: what each stage reports, and a supersession check with every report. */
  function reporting(progress: ProgressReporter, watch: { check(): void }) {
    return (stage: string): ProgressCallback =>
      (done, total) => {
        progress.report(stage, done, total);
        watch.check();
      };
  }

  /** Each planned slice of the original measured, in one decoding pass. */
  function measure(run: SplitRun, plan: readonly SamplePlan[]) {
    return analyzeStretches(ffmpeg, run.originalPath, plan, { signal: run.signal, onProgress: run.stage('analyzing') });
  }

  /** The documented slices: measured in one ffmpeg run, then copied out of the original in another. */
  async function fixedSplit(run: SplitRun): Promise<WrittenSample[]> {
    const plan = planSamples(run.durationSeconds, run.job.maxSamples, run.job.sampleDurationSeconds);
    if (plan.length === 0) return [];
    const analyses = await measure(run, plan);
    const splitting = run.stage('splitting');
    splitting(0, plan.length);
    const cut = await ffmpeg.cutOpusSlices(run.originalPath, run.workDir, plan, { signal: run.signal, onSliceWritten: (done) => splitting(done, plan.length) });
    return plan.map((slice, position) => ({ plan: slice, ...cut[position]!, analysis: analyses[position]! }));
  }

  /**
   * Slices at pauses that hold speech: candidates are measured as many at a time as samples
   * are still wanted, and those that are mostly something else (music, noise, a tone) are
   * left out, until max_samples are found or the recording ends.
   */
  async function speechSlices(run: SplitRun, candidates: CuratedSamplePlan[]) {
    const chosen: { slice: CuratedSamplePlan; analysis: AudioAnalysis }[] = [];
    let next = 0;
    while (chosen.length < run.job.maxSamples && next < candidates.length) {
      const batch = candidates.slice(next, next + run.job.maxSamples - chosen.length);
      next += batch.length;
      const analyses = await measure(run, batch);
      batch.forEach((slice, k) => {
        const analysis = analyses[k]!;
        if (isMostlySpeech(analysis)) chosen.push({ slice: { ...slice, index: chosen.length }, analysis });
      });
    }
    return chosen;
  }

  /** Slices at pauses, measured, then each levelled to the loudness target in two passes. */
  async function curatedSplit(run: SplitRun): Promise<WrittenSample[]> {
    const pauses = await ffmpeg.detectSilences(run.originalPath, PAUSE_SETTINGS, {
      signal: run.signal,
      totalSeconds: run.durationSeconds,
      onProgress: run.stage('finding pauses'),
    });
    const candidates = planCuratedSamples(run.durationSeconds, pauses, Number.MAX_SAFE_INTEGER, run.job.sampleDurationSeconds);
    const chosen = await speechSlices(run, candidates);
    if (chosen.length === 0) throw new JobFailure('No speech was found in the recording', false);
    const splitting = run.stage('splitting');
    splitting(0, chosen.length);
    const written: WrittenSample[] = [];
    for (let first = 0; first < chosen.length; first += LEVELLED_PER_RUN) {
      const batch = chosen.slice(first, first + LEVELLED_PER_RUN);
      const measured = await ffmpeg.measureLoudness(
        run.originalPath,
        batch.map(({ slice }) => slice),
        { signal: run.signal },
      );
      const samples = batch.map(({ slice }, k) => ({ output: join(run.workDir, `${slice.index}.opus`), stretch: slice, measured: measured[k]! }));
      await ffmpeg.toLevelledOpus(run.originalPath, samples, loudness, { signal: run.signal });
      batch.forEach(({ slice, analysis }, k) => {
        written.push({ plan: slice, path: samples[k]!.output, durationSeconds: slice.durationSeconds, analysis, cutInSpeech: slice.cutInSpeech });
      });
      splitting(written.length, chosen.length);
    }
    return written;
  }

  return {
    queue: splitVoiceQueue,
    async process(job: Job<SplitVoiceJob>) {
      const { voiceId, generation, splitMode } = job.data;
      let voice = await pipeline.voiceIfCurrent(voiceId, 'splitting', generation);
      if (!voice) return;
      if (!voice.original) throw new JobFailure('The voice has no original recording to split', false);
      const progress = pipeline.progress(voiceId, 'splitting', generation);
      const watch = supersession(job.data);
      const stage = reporting(progress, watch);
      const samples: VoiceSample[] = [];
      const workDir = await blobs.scratch.tmpDirectory();
      try {
        if (!voice.original.blobId) {
          const { uploadBlobId, durationSeconds } = voice.original;
          if (!uploadBlobId) throw new JobFailure('The original recording is missing', false);
          const converted = blobs.scratch.tmpPath('.opus');
          await blobs.withLocalFile(uploadBlobId, (upload) =>
            ffmpeg.toOpus(upload, converted, { signal: watch.signal, totalSeconds: durationSeconds, onProgress: stage('converting') }),
          );
          const probe = await ffmpeg.probe(converted);
          const blobId = await blobs.adopt(converted);
          if (!(await pipeline.recordConvertedOriginal(voiceId, generation, blobId, probe.durationSeconds))) {
            await blobs.remove(blobId);
            await progress.stop();
            return;
          }
          voice = await pipeline.voiceIfCurrent(voiceId, 'splitting', generation);
          if (!voice?.original?.blobId) {
            await progress.stop();
            return;
          }
        }
        const { blobId, durationSeconds } = voice.original;
        const split = splitMode === 'curated' ? curatedSplit : fixedSplit;
        const written = await blobs.withLocalFile(blobId, (originalPath) =>
          split({ job: job.data, originalPath, durationSeconds, workDir, signal: watch.signal, stage }),
        );
        for (const sample of written) {
          const { analysis, cutInSpeech } = sample;
          // A curated cut knows where the pauses were; a fixed one is judged by the sound at its ends.
          const quality = assessSample(cutInSpeech ? { ...analysis, speechAtStart: cutInSpeech.start, speechAtEnd: cutInSpeech.end } : analysis);
          samples.push({
            index: sample.plan.index,
            blobId: await blobs.adopt(sample.path),
            sourceTimestamp: formatTimestamp(sample.plan.startSeconds),
            sourceStartSeconds: sample.plan.startSeconds,
            durationSeconds: roundSeconds(sample.durationSeconds),
            quality,
            speechSeconds: roundSeconds(analysis.speechSeconds),
          });
        }
      } catch (error) {
        await progress.stop();
        await blobs.remove(...samples.map((sample) => sample.blobId));
        if (watch.superseded(error)) return;
        throw error;
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
      await progress.flush();
      await pipeline.recordSplit(voiceId, generation, samples, splitMode);
    },
    failed: (job, reason) => pipeline.recordSplitFailure(job.data.voiceId, job.data.generation, reason),
  };
}
