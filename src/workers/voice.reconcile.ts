import type { VoicePipelineService } from '../domain/voice/voice-pipeline.service';
import { VOICE_KIND, type VoiceRecord } from '../domain/voice/voice.types';
import { embedVoiceQueue, splitVoiceQueue } from '../domain/voice/voice.queues';
import { sourceFor, type ReconcileSource } from './reconciler';

/** A split the voice record says runs: its settings travel only in the job, so a lost one is failed. */
export function voiceSplitReconcile(voices: VoicePipelineService): ReconcileSource {
  return sourceFor({
    queue: splitVoiceQueue,
    kind: VOICE_KIND,
    claim: (voice: VoiceRecord) => {
      if (voice.splitting.status !== 'in_progress') return null;
      const { generation } = voice.splitting;
      return {
        subject: `voice ${voice.id}`,
        key: { voiceId: voice.id, generation },
        since: voice.splitting.updatedAt,
        // The split settings travel only in the job.
        payload: null,
        fail: (reason: string) => voices.recordSplitFailure(voice.id, generation, reason),
      };
    },
  });
}

/** An embedding the voice record says runs (once its split is done): rebuilt from the record when lost. */
export function voiceEmbedReconcile(voices: VoicePipelineService): ReconcileSource {
  return sourceFor({
    queue: embedVoiceQueue,
    kind: VOICE_KIND,
    claim: (voice: VoiceRecord) => {
      // While splitting runs, the embedding's job is the split's to queue.
      if (voice.embedding.status !== 'in_progress' || voice.splitting.status === 'in_progress') return null;
      const { generation } = voice.embedding;
      const ttsType = voice.embeddingType;
      return {
        subject: `voice ${voice.id}`,
        key: { voiceId: voice.id, generation },
        since: [voice.embedding.updatedAt, voice.splitting.updatedAt].sort().at(-1)!,
        payload: { voiceId: voice.id, partner: voice.partner, generation, ttsType },
        fail: (reason: string) => voices.recordEmbeddingFailure(voice.id, generation, ttsType, reason),
      };
    },
  });
}
