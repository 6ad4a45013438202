import type { Services } from '../services';
import { completeProcessor } from './complete.worker';
import { digitizeProcessor } from './digitize.worker';
import { kbEmbedProcessor } from './kb-embed.worker';
import { rewriteProcessor } from './rewrite.worker';
import { transcribeProcessor } from './transcribe.worker';
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
  const audioToText = {
    ffmpeg,
    blobs: platform.blobs,
    speechToText: services.speechToText,
    download: {
      maxBytes: platform.config.DOWNLOAD_MAX_MB * 1024 * 1024,
      timeoutMs: platform.config.DOWNLOAD_TIMEOUT_SECONDS * 1000,
      allowPrivate: platform.config.ALLOW_PRIVATE_URLS,
    },
  };
  processors.push(
    transcribeProcessor({ ...audioToText, transcripts: services.transcripts }) as JobProcessor<never>,
    completeProcessor({ ...audioToText, completions: services.completions, chat: services.chat }) as JobProcessor<never>,
  );
  const { knowledgeBases } = services;
  processors.push(
    digitizeProcessor({ ...audioToText, knowledgeBases }) as JobProcessor<never>,
    rewriteProcessor({
      knowledgeBases,
      chat: services.chat,
      models: { standard: platform.config.LLM_MODEL, economy: platform.config.LLM_MODEL_ECONOMY ?? platform.config.LLM_MODEL },
    }) as JobProcessor<never>,
    kbEmbedProcessor({ knowledgeBases, embedder: services.textEmbedder, blobs: platform.blobs }) as JobProcessor<never>,
  );
  return processors;
}
