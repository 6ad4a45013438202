import type { JobOrigin } from '../../queues/queue-registry';
import { queuedWork, RecordJobs, type QueuedWork } from '../shared/queued-work';
import type { VoicePipelineService } from './voice-pipeline.service';
import { embedVoiceQueue, splitVoiceQueue } from './voice.queues';
import { VOICE_KIND, voiceProgress, type SplitSettings, type VoiceRecord } from './voice.types';

/** What ends a voice's lost job: the failure write of the stage it was in. */
type VoiceEndings = Pick<VoicePipelineService, 'recordSplitFailure' | 'recordEmbeddingFailure'>;

/** Queues a voice's jobs for the generation its record was just moved to, superseding the one before. */
export class VoiceJobs extends RecordJobs<VoiceRecord, VoiceEndings> {
  readonly kind = VOICE_KIND;
  readonly waitsIn = [splitVoiceQueue, embedVoiceQueue];

  /** Whether an embedding waits for the split is on the record (embedding in progress), not in the job. */
  async split(voice: VoiceRecord, settings: SplitSettings, origin?: JobOrigin): Promise<void> {
    const { generation } = voice.splitting;
    await this.queues.add(
      splitVoiceQueue,
      {
        voiceId: voice.id,
        partner: voice.partner,
        generation,
        maxSamples: settings.maxSamples,
        sampleDurationSeconds: settings.sampleDurationSeconds,
        splitMode: settings.mode,
      },
      origin,
    );
    await this.withdraw(splitVoiceQueue, { voiceId: voice.id, generation: generation - 1 });
  }

  async embed(voice: VoiceRecord, origin?: JobOrigin): Promise<void> {
    const { generation } = voice.embedding;
    await this.queues.add(embedVoiceQueue, { voiceId: voice.id, partner: voice.partner, generation, ttsType: voice.embeddingType }, origin);
    await this.withdraw(embedVoiceQueue, { voiceId: voice.id, generation: generation - 1 });
  }

  /** While a split runs, an embedding in progress waits for it: the split queues its job when it ends. */
  workOf(voice: VoiceRecord): QueuedWork<VoiceEndings> | null {
    const { id: voiceId, splitting, embedding } = voice;
    const reporting = voiceProgress(voice) !== null;
    if (splitting.status === 'in_progress') {
      const { generation } = splitting;
      return queuedWork({
        queue: splitVoiceQueue,
        key: { voiceId, generation },
        reporting,
        since: splitting.updatedAt,
        // The split settings travel only in the job.
        payload: null,
        fail: (pipeline, reason) => pipeline.recordSplitFailure(voiceId, generation, reason),
      });
    }
    if (embedding.status !== 'in_progress') return null;
    const { generation } = embedding;
    const ttsType = voice.embeddingType;
    return queuedWork({
      queue: embedVoiceQueue,
      key: { voiceId, generation },
      reporting,
      // An embedding that waited for its split was queued when the split ended.
      since: [embedding.updatedAt, splitting.updatedAt].sort().at(-1)!,
      payload: { voiceId, partner: voice.partner, generation, ttsType },
      fail: (pipeline, reason) => pipeline.recordEmbeddingFailure(voiceId, generation, ttsType, reason),
    });
  }
}
