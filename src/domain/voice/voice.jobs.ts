import { embedVoiceQueue, splitVoiceQueue } from './voice.queues';
import type { JobOrigin } from '../../queues/queue-registry';
import { queuedWork, RecordJobs, type QueuedWork } from '../shared/queued-work';
import { voiceProgress, type SplitSettings, type VoiceRecord } from './voice.types';

/** Queues a voice's jobs for the generation its record was just moved to, superseding the one before. */
export class VoiceJobs extends RecordJobs<VoiceRecord> {
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

  workOf(voice: VoiceRecord): QueuedWork | null {
    const reporting = voiceProgress(voice) !== null;
    if (voice.splitting.status === 'in_progress') return queuedWork(splitVoiceQueue, { voiceId: voice.id, generation: voice.splitting.generation }, reporting);
    if (voice.embedding.status === 'in_progress') return queuedWork(embedVoiceQueue, { voiceId: voice.id, generation: voice.embedding.generation }, reporting);
    return null;
  }
}
