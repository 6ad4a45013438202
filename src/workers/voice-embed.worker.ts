import { rm } from 'node:fs/promises';
import type { Job } from 'bullmq';
import { JobFailure } from '../domain/shared/job-failure';
import { withProgress } from '../domain/shared/progress';
import { testSampleFilename, type VoiceEmbeddingEngine } from '../engines/voice-embedding';
import type { VoicePipelineService } from '../domain/voice/voice-pipeline.service';
import type { TestSampleFile } from '../domain/voice/voice.types';
import { embedVoiceQueue, type EmbedVoiceJob } from '../domain/voice/voice.queues';
import type { BlobStore } from '../store/blob-store';
import type { JobProcessor } from './worker-runner';

export interface EmbedWorkerDeps {
  pipeline: VoicePipelineService;
  engine: VoiceEmbeddingEngine;
  blobs: BlobStore;
  /** Where the job stands in the engine's own queue, for its wait reason (ENGINE_BUSY); null once it left it. */
  engineBacklog: (jobId: string, backlog: { position: number | null } | null) => Promise<void>;
}

/** Runs a voice's samples through the embedding engine and stores what it made. */
export function embedVoiceProcessor({ pipeline, engine, blobs, engineBacklog }: EmbedWorkerDeps): JobProcessor<typeof embedVoiceQueue> {
  return {
    queue: embedVoiceQueue,
    concurrency: 1,
    async process(job: Job<EmbedVoiceJob>, signal, deadline) {
      const { voiceId, generation, ttsType } = job.data;
      const voice = await pipeline.voiceIfCurrent(voiceId, 'embedding', generation);
      if (!voice) return;
      if (voice.samples.length === 0) throw new JobFailure('The voice has no samples to embed', false);

      const workDir = await blobs.scratch.tmpDirectory();
      const adopted: string[] = [];
      try {
        const result = await withProgress(pipeline.progress(voiceId, 'embedding', generation), (progress) =>
          blobs.withLocalFiles(
            voice.samples.map((sample) => sample.blobId),
            (paths) =>
              engine.embed({
                voiceId,
                ttsType,
                samples: voice.samples.map((sample, at) => ({ index: sample.index, path: paths[at]! })),
                workDir,
                signal,
                deadline,
                onProgress: (_note, done, total) => progress.report('embedding', done, total),
                onEngineQueue: (backlog) => engineBacklog(job.id!, backlog),
              }),
          ),
        );
        const testSamples: TestSampleFile[] = [];
        for (const file of result.testSamples) {
          const blobId = await blobs.adopt(file.path);
          adopted.push(blobId);
          testSamples.push({
            filename: testSampleFilename(file.sampleIndex, file.sentenceIndex),
            blobId,
            sampleIndex: file.sampleIndex,
            sentenceIndex: file.sentenceIndex,
          });
        }
        const archiveBlobId = await blobs.adopt(result.archivePath);
        adopted.push(archiveBlobId);
        await pipeline.recordEmbedding(voiceId, generation, {
          ttsType,
          engine: engine.name,
          archiveBlobId,
          testSamples,
          sampleScores: result.sampleScores,
          completedAt: new Date().toISOString(),
          sampleBlobIds: voice.samples.map((sample) => sample.blobId),
        });
      } catch (error) {
        await blobs.remove(...adopted);
        throw error;
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
    },
    failed: (job, reason) => pipeline.recordEmbeddingFailure(job.data.voiceId, job.data.generation, job.data.ttsType, reason),
  };
}
