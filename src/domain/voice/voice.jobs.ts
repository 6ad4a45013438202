import { embedVoiceQueue, splitVoiceQueue } from '../../queues/voice.queues';
import type { QueueRegistry } from '../../queues/queue-registry';
import type { SplitSettings, VoiceRecord } from './voice.types';

/** Queues a voice's jobs for the generation its record was just moved to. */
export class VoiceJobs {
  constructor(private readonly queues: QueueRegistry) {}

  /** Whether an embedding waits for the split is on the record (embedding in progress), not in the job. */
  async split(voice: VoiceRecord, settings: SplitSettings, requestId?: string): Promise<void> {
    await this.queues.add(
      splitVoiceQueue,
      {
        voiceId: voice.id,
        generation: voice.splitting.generation,
        maxSamples: settings.maxSamples,
        sampleDurationSeconds: settings.sampleDurationSeconds,
        splitMode: settings.mode,
      },
      requestId,
    );
  }

  async embed(voice: VoiceRecord, requestId?: string): Promise<void> {
    await this.queues.add(embedVoiceQueue, { voiceId: voice.id, generation: voice.embedding.generation, ttsType: voice.embeddingType }, requestId);
  }
}
