import { rm } from 'node:fs/promises';
import type { Job } from 'bullmq';
import { EngineError } from '../domain/shared/engine-error';
import type { CutSlice, Ffmpeg } from '../engines/ffmpeg';
import { formatTimestamp, planSamples, roundSeconds, type SamplePlan } from '../domain/voice/sample-plan';
import type { VoicePipelineService } from '../domain/voice/voice-pipeline.service';
import type { VoiceSample } from '../domain/voice/voice.types';
import { splitVoiceQueue, type SplitVoiceJob } from '../queues/voice.queues';
import type { BlobStore } from '../store/blob-store';
import type { JobProcessor } from './worker-runner';

export interface SplitWorkerDeps {
  pipeline: VoicePipelineService;
  ffmpeg: Ffmpeg;
  blobs: BlobStore;
}

/** The abort reason that tells a superseded split from a failed one. */
const SUPERSEDED = new Error('A newer split superseded this one');

/**
 * Converts a voice's original to Ogg Opus (once) and cuts samples out of that without
 * encoding again, all in one ffmpeg run. Safe to run twice: the conversion is recorded before splitting, and the
 * samples replace the old set in one write that a superseded job cannot make.
 */
export function splitVoiceProcessor({ pipeline, ffmpeg, blobs }: SplitWorkerDeps): JobProcessor<typeof splitVoiceQueue> {
  /**
   * Cuts every slice in one ffmpeg run; null when a newer split superseded this one. The
   * check runs as slices complete, one at a time, and stops ffmpeg early.
   */
  async function cutUnlessSuperseded(
    job: SplitVoiceJob,
    originalPath: string,
    workDir: string,
    plan: SamplePlan[],
    onSliceWritten: (done: number) => void,
  ): Promise<CutSlice[] | null> {
    const superseded = new AbortController();
    let checking = false;
    const check = async () => {
      checking = true;
      try {
        if (!(await pipeline.isCurrent(job.voiceId, 'splitting', job.generation))) superseded.abort(SUPERSEDED);
      } catch {
        // Redis trouble here only delays the check; the final write refuses a superseded split anyway.
      } finally {
        checking = false;
      }
    };
    try {
      return await ffmpeg.cutOpusSlices(originalPath, workDir, plan, {
        signal: superseded.signal,
        onSliceWritten(done) {
          onSliceWritten(done);
          if (!checking) void check();
        },
      });
    } catch (error) {
      if (superseded.signal.aborted && error === SUPERSEDED) return null;
      throw error;
    }
  }

  return {
    queue: splitVoiceQueue,
    async process(job: Job<SplitVoiceJob>) {
      const { voiceId, generation, maxSamples, sampleDurationSeconds } = job.data;
      let voice = await pipeline.isCurrent(voiceId, 'splitting', generation);
      if (!voice) return;
      if (!voice.original) throw new EngineError('The voice has no original recording to split', false);

      if (!voice.original.blobId) {
        if (!voice.original.uploadBlobId) throw new EngineError('The original recording is missing', false);
        const converted = blobs.scratch.tmpPath('.opus');
        await blobs.withLocalFile(voice.original.uploadBlobId, (upload) => ffmpeg.toOpus(upload, converted));
        const probe = await ffmpeg.probe(converted);
        const blobId = await blobs.adopt(converted);
        if (!(await pipeline.recordConvertedOriginal(voiceId, generation, blobId, probe.durationSeconds))) {
          await blobs.remove(blobId);
          return;
        }
        voice = await pipeline.isCurrent(voiceId, 'splitting', generation);
        if (!voice?.original?.blobId) return;
      }

      const plan = planSamples(voice.original.durationSeconds, maxSamples, sampleDurationSeconds);
      const samples: VoiceSample[] = [];
      const progress = pipeline.progress(voiceId, 'splitting', generation);
      progress.report('splitting', 0, plan.length);
      const workDir = await blobs.scratch.tmpDirectory();
      try {
        const cut = await blobs.withLocalFile(voice.original.blobId, (originalPath) =>
          cutUnlessSuperseded(job.data, originalPath, workDir, plan, (done) => progress.report('splitting', done, plan.length)),
        );
        if (!cut) {
          await progress.stop();
          return;
        }
        for (const [position, slice] of plan.entries()) {
          samples.push({
            index: slice.index,
            blobId: await blobs.adopt(cut[position]!.path),
            sourceTimestamp: formatTimestamp(slice.startSeconds),
            durationSeconds: roundSeconds(cut[position]!.durationSeconds),
          });
        }
      } catch (error) {
        await progress.stop();
        await blobs.remove(...samples.map((sample) => sample.blobId));
        throw error;
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
      await progress.flush();
      await pipeline.recordSplit(voiceId, generation, samples);
    },
    failed: (job, reason) => pipeline.recordSplitFailure(job.data.voiceId, job.data.generation, reason),
  };
}
