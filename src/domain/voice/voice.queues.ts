import { z } from 'zod';
import { defineQueue, ownerField } from '../../queues/queue-registry';
import { SPLIT_MODES } from './voice.types';

export const splitVoiceQueue = defineQueue({
  name: 'voice-split',
  schema: z.object({
    voiceId: z.string(),
    partner: ownerField,
    generation: z.number().int().nonnegative(),
    maxSamples: z.number().int().positive(),
    sampleDurationSeconds: z.number().positive(),
    // Jobs queued before split modes existed are fixed splits.
    splitMode: z.enum(SPLIT_MODES).default('fixed'),
  }),
  jobId: ({ voiceId, generation }: { voiceId: string; generation: number }) => `${voiceId}_split_${generation}`,
  lane: ({ partner }) => partner,
  resource: ({ voiceId }) => voiceId,
});

export const embedVoiceQueue = defineQueue({
  name: 'voice-embed',
  schema: z.object({
    voiceId: z.string(),
    partner: ownerField,
    generation: z.number().int().nonnegative(),
    ttsType: z.string(),
  }),
  jobId: ({ voiceId, generation }: { voiceId: string; generation: number }) => `${voiceId}_embed_${generation}`,
  lane: ({ partner }) => partner,
  resource: ({ voiceId }) => voiceId,
  // GPU jobs are long and costly; one retry covers a lost connection without repeating work endlessly.
  defaultJobOptions: { attempts: 2 },
});

export type SplitVoiceJob = z.output<typeof splitVoiceQueue.schema>;
export type EmbedVoiceJob = z.output<typeof embedVoiceQueue.schema>;
