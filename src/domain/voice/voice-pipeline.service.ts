import type { BlobStore } from '../../store/blob-store';
import { roundSeconds } from './sample-plan';
import type { VoiceJobs } from './voice.jobs';
import type { VoiceRepository } from './voice.repository';
import { now, type TtsEmbedding, type VoicePipeline, type VoiceRecord, type VoiceSample } from './voice.types';

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
  async isCurrent(voiceId: string, pipeline: VoicePipeline, generation: number): Promise<VoiceRecord | null> {
    const voice = await this.deps.repository.getById(voiceId);
    return voice && voice[pipeline].generation === generation && voice[pipeline].status === 'in_progress' ? voice : null;
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

  async recordSplit(voiceId: string, generation: number, samples: VoiceSample[], thenEmbed: boolean): Promise<boolean> {
    let replaced: VoiceSample[] = [];
    const updated = await this.deps.repository.updateIfCurrent(voiceId, 'splitting', generation, (current) => {
      replaced = current.samples;
      const next: VoiceRecord = {
        ...current,
        samples,
        preferredSampleIndex: samples.some((sample) => sample.index === current.preferredSampleIndex) ? current.preferredSampleIndex : null,
        splitting: { ...current.splitting, status: 'completed', error: null, updatedAt: now() },
      };
      if (thenEmbed && samples.length === 0) {
        next.embedding = { ...current.embedding, status: 'failed', error: 'The recording produced no samples to embed', updatedAt: now() };
      }
      return next;
    });
    if (!updated) {
      await this.deps.blobs.remove(...samples.map((sample) => sample.blobId));
      return false;
    }
    await this.deps.blobs.remove(...replaced.map((sample) => sample.blobId));
    if (thenEmbed && samples.length > 0 && updated.embedding.status === 'in_progress') await this.deps.jobs.embed(updated);
    return true;
  }

  async recordSplitFailure(voiceId: string, generation: number, reason: string, thenEmbed: boolean): Promise<void> {
    await this.deps.repository.updateIfCurrent(voiceId, 'splitting', generation, (current) => ({
      ...current,
      splitting: { ...current.splitting, status: 'failed', error: reason, updatedAt: now() },
      embedding:
        thenEmbed && current.embedding.status === 'in_progress'
          ? { ...current.embedding, status: 'failed', error: `Splitting failed: ${reason}`, updatedAt: now() }
          : current.embedding,
    }));
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
