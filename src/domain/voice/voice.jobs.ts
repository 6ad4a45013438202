import { embedVoiceQueue, splitVoiceQueue } from '../../queues/voice.queues';
import type { JobOrigin, QueueRegistry } from '../../queues/queue-registry';
import { queuedWork, type QueuedWork } from '../shared/queued-work';
import { voiceProgress, type SplitSettings, type VoiceRecord } from './voice.types';

/** Queues a voice's jobs for the generation its record was just moved to. */
export class VoiceJobs {
  constructor(private readonly queues: QueueRegistry) {}

  /** Whether an embedding waits for the split is on the record (embedding in progress), not in the job. */
  async split(voice: VoiceRecord, settings: SplitSettings, origin?: JobOrigin): Promise<void> {
    await this.queues.add(
      splitVoiceQueue,
      {
        voiceId: voice.id,
        partner: voice.partner,
        generation: voice.splitting.generation,
        maxSamples: settings.maxSamples,
        sampleDurationSeconds: settings.sampleDurationSeconds,
        splitMode: settings.mode,
      },
      origin,
    );
  }

  async embed(voice: VoiceRecord, origin?: JobOrigin): Promise<void> {
    await this.queues.add(
      embedVoiceQueue,
      { voiceId: voice.id, partner: voice.partner, generation: voice.embedding.generation, ttsType: voice.embeddingType },
      origin,
    );
  }

  /** The job the voice's split or embedding is under way in, if any. */
  workOf(voice: VoiceRecord): QueuedWork | null {
    const reporting = voiceProgress(voice) !== null;
    if (voice.splitting.status === 'in_progress') return queuedWork(splitVoiceQueue, { voiceId: voice.id, generation: voice.splitting.generation }, reporting);
    if (voice.embedding.status === 'in_progress') return queuedWork(embedVoiceQueue, { voiceId: voice.id, generation: voice.embedding.generation }, reporting);
    return null;
  }
}
