import type { Job } from 'bullmq';
import { EngineError } from '../domain/shared/engine-error';
import type { Ffmpeg } from '../engines/ffmpeg';
import { formatTimestamp, planSamples, roundSeconds } from '../domain/voice/sample-plan';
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

/**
 * Converts a voice's original to Ogg Opus (once) and cuts samples out of that without
 * encoding again. Safe to run twice: the conversion is recorded before splitting, and the
 * samples replace the old set in one write that a superseded job cannot make.
 */
export function splitVoiceProcessor({ pipeline, ffmpeg, blobs }: SplitWorkerDeps): JobProcessor<typeof splitVoiceQueue> {
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

      const plan = planSamples(voice.original!.durationSeconds, maxSamples, sampleDurationSeconds);
      const samples: VoiceSample[] = [];
      const progress = pipeline.progress(voiceId, 'splitting', generation);
      progress.report('splitting', 0, plan.length);
      try {
        const superseded = await blobs.withLocalFile(voice.original!.blobId!, async (originalPath) => {
          for (const slice of plan) {
            // A newer split makes this one pointless; stop cutting early.
            if (!(await pipeline.isCurrent(voiceId, 'splitting', generation))) return true;
            const output = blobs.scratch.tmpPath('.opus');
            await ffmpeg.cutOpus(originalPath, output, { startSeconds: slice.startSeconds, durationSeconds: slice.durationSeconds });
            const probe = await ffmpeg.probe(output);
            samples.push({
              index: slice.index,
              blobId: await blobs.adopt(output),
              sourceTimestamp: formatTimestamp(slice.startSeconds),
              durationSeconds: roundSeconds(probe.durationSeconds),
            });
            progress.report('splitting', samples.length, plan.length);
          }
          return false;
        });
        if (superseded) {
          await progress.stop();
          await blobs.remove(...samples.map((sample) => sample.blobId));
          return;
        }
      } catch (error) {
        await progress.stop();
        await blobs.remove(...samples.map((sample) => sample.blobId));
        throw error;
      }
      await progress.flush();
      await pipeline.recordSplit(voiceId, generation, samples);
    },
    failed: (job, reason) => pipeline.recordSplitFailure(job.data.voiceId, job.data.generation, reason),
  };
}
