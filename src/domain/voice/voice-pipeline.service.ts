import type { BlobStore } from '../../store/blob-store';
import { throttledProgress, type ProgressReporter } from '../shared/progress';
import { roundSeconds } from './sample-plan';
import type { VoiceJobs } from './voice.jobs';
import type { VoiceRepository } from './voice.repository';
import { now, type SplitMode, type TtsEmbedding, type VoicePipeline, type VoiceRecord, type VoiceSample } from './voice.types';

export interface VoicePipelineDeps {
  repository: VoiceRepository;
  blobs: BlobStore;
  jobs: VoiceJobs;
}

/**
 * The worker-facing side of voices: what split and embed jobs report. Each change takes the
 * generation its job was started with and changes nothing when a newer trigger has
 * superseded that job.
 */
export class VoicePipelineService {
  constructor(private readonly deps: VoicePipelineDeps) {}

  /** The voice while a job of this generation is still the one that counts, else null. */
  async voiceIfCurrent(voiceId: string, pipeline: VoicePipeline, generation: number): Promise<VoiceRecord | null> {
    const voice = await this.deps.repository.getById(voiceId);
    return voice && voice[pipeline].generation === generation && voice[pipeline].status === 'in_progress' ? voice : null;
  }

  /** Where a split or embed job reports how far it has come, throttled. */
  progress(voiceId: string, pipeline: VoicePipeline, generation: number): ProgressReporter {
    return throttledProgress((progress) => this.deps.repository.recordProgress(voiceId, pipeline, generation, progress));
  }

  /** The original as the split job should read it: converted when present, else the raw upload. */
  async recordConvertedOriginal(voiceId: string, generation: number, blobId: string, durationSeconds: number): Promise<boolean> {
    let uploadBlobId: string | null = null;
    const updated = await this.deps.repository.updateIfCurrent(voiceId, 'splitting', generation, (current) => {
      if (!current.original) return null;
      uploadBlobId = current.original.uploadBlobId;
      return { ...current, original: { ...current.original, blobId, uploadBlobId: null, durationSeconds: roundSeconds(durationSeconds) } };
    });
    if (updated) await this.deps.blobs.remove(uploadBlobId);
    return updated !== null;
  }

  /**
   * Replaces the samples with the split's. An embedding in progress while a split runs is
   * waiting for it (creation, a re-split of an embedded voice, or embed during the split),
   * so it starts now, or fails when the recording gave no samples.
   */
  async recordSplit(voiceId: string, generation: number, samples: VoiceSample[], splitMode: SplitMode = 'fixed'): Promise<boolean> {
    let superseded: string[] = [];
    const updated = await this.deps.repository.updateIfCurrent(voiceId, 'splitting', generation, (current) => {
      superseded = [...current.samples.map((sample) => sample.blobId), ...current.retiredSampleBlobIds];
      const next: VoiceRecord = {
        ...current,
        samples,
        splitMode,
        retiredSampleBlobIds: [],
        preferredSampleIndex: samples.some((sample) => sample.index === current.preferredSampleIndex) ? current.preferredSampleIndex : null,
        splitting: { ...current.splitting, status: 'completed', error: null, updatedAt: now() },
      };
      if (current.embedding.status === 'in_progress' && samples.length === 0) {
        next.embedding = { ...current.embedding, status: 'failed', error: 'The recording produced no samples to embed', updatedAt: now() };
      }
      return next;
    });
    if (!updated) {
      await this.deps.blobs.remove(...samples.map((sample) => sample.blobId));
      return false;
    }
    await this.deps.blobs.remove(...superseded);
    if (updated.embedding.status === 'in_progress') await this.deps.jobs.embed(updated);
    return true;
  }

  /**
   * The split failed, and so does an embedding that waited for it: an embedding in progress
   * during a split always waits for it, including one started after the job was queued.
   */
  async recordSplitFailure(voiceId: string, generation: number, reason: string): Promise<void> {
    let retired: string[] = [];
    const updated = await this.deps.repository.updateIfCurrent(voiceId, 'splitting', generation, (current) => {
      retired = current.retiredSampleBlobIds;
      return {
        ...current,
        retiredSampleBlobIds: [],
        splitting: { ...current.splitting, status: 'failed', error: reason, updatedAt: now() },
        embedding:
          current.embedding.status === 'in_progress'
            ? { ...current.embedding, status: 'failed', error: `Splitting failed: ${reason}`, updatedAt: now() }
            : current.embedding,
      };
    });
    if (updated) await this.deps.blobs.remove(...retired);
  }

  async recordEmbedding(voiceId: string, generation: number, result: TtsEmbedding): Promise<boolean> {
    let previous: TtsEmbedding | undefined;
    const updated = await this.deps.repository.updateIfCurrent(voiceId, 'embedding', generation, (current) => {
      previous = current.embeddings[result.ttsType];
      return {
        ...current,
        embeddings: { ...current.embeddings, [result.ttsType]: result },
        embeddingType: result.ttsType,
        embeddingInfo: {
          ttsType: result.ttsType,
          lastUpdateStatus: 'success',
          lastUpdateTime: result.completedAt,
          testSamples: result.testSamples.map(({ sampleIndex, sentenceIndex, filename }) => ({ sampleIndex, sentenceIndex, filename })),
          sampleScores: result.sampleScores,
        },
        embedding: { ...current.embedding, status: 'completed', error: null, updatedAt: now() },
      };
    });
    const stale = updated ? previous : result;
    await this.deps.blobs.remove(stale?.archiveBlobId, ...(stale?.testSamples.map((file) => file.blobId) ?? []));
    return updated !== null;
  }

  async recordEmbeddingFailure(voiceId: string, generation: number, ttsType: string, reason: string): Promise<void> {
    await this.deps.repository.updateIfCurrent(voiceId, 'embedding', generation, (current) => ({
      ...current,
      embedding: { ...current.embedding, status: 'failed', error: reason, updatedAt: now() },
      embeddingInfo: current.embeddingInfo
        ? { ...current.embeddingInfo, ttsType, lastUpdateStatus: 'failed', lastUpdateTime: now() }
        : { ttsType, lastUpdateStatus: 'failed', lastUpdateTime: now(), testSamples: [], sampleScores: [] },
    }));
  }
}
