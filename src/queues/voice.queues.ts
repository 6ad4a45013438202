import { defineQueue } from './queue-registry';

export interface SplitVoiceJob {
  voiceId: string;
  generation: number;
  maxSamples: number;
  sampleDurationSeconds: number;
  /** A voice created with a file embeds as soon as its samples exist. */
  thenEmbed: boolean;
}

export interface EmbedVoiceJob {
  voiceId: string;
  generation: number;
  ttsType: string;
}

export const splitVoiceQueue = defineQueue<SplitVoiceJob>('voice-split');
// GPU jobs are long and costly; one retry covers a lost connection without repeating work endlessly.
export const embedVoiceQueue = defineQueue<EmbedVoiceJob>('voice-embed', { attempts: 2 });
