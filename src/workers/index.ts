import type { Services } from '../services';
import { embedVoiceProcessor } from './voice-embed.worker';
import { splitVoiceProcessor } from './voice-split.worker';
import type { JobProcessor } from './worker-runner';

/** Every queue's processor; the worker role runs them all. */
export function jobProcessors(services: Services): JobProcessor<never>[] {
  const { voices, ffmpeg, voiceEmbedding, platform } = services;
  const processors: JobProcessor<never>[] = [
    splitVoiceProcessor({ voices, ffmpeg, blobs: platform.blobs }) as JobProcessor<never>,
    embedVoiceProcessor({ voices, engine: voiceEmbedding, blobs: platform.blobs }) as JobProcessor<never>,
  ];
  return processors;
}
