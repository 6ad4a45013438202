import type { Services } from '../services';
import { completeProcessor } from './complete.worker';
import { digitizeProcessor } from './digitize.worker';
import { knowledgeBaseEmbedProcessor } from './knowledge-base-embed.worker';
import { knowledgeBaseReconcileSources } from './knowledge-base.reconcile';
import type { ReconcileSource } from './reconciler';
import { rewriteProcessor } from './rewrite.worker';
import { transcribeProcessor } from './transcribe.worker';
import { transcriptionReconcileSources } from './transcription.reconcile';
import { embedVoiceProcessor } from './voice-embed.worker';
import { voiceReconcileSources } from './voice.reconcile';
import { splitVoiceProcessor } from './voice-split.worker';
import { deliverWebhookProcessor } from './webhook-deliver.worker';
import { webhookReconcileSources } from './webhook.reconcile';
import { processorFor, type JobProcessor } from './worker-runner';

/** Every queue's processor; the worker role runs them all. */
export function jobProcessors(services: Services): JobProcessor[] {
  const { voicePipeline, ffmpeg, voiceEmbedding, platform } = services;
  const processors: JobProcessor[] = [
    processorFor(splitVoiceProcessor({ pipeline: voicePipeline, ffmpeg, blobs: platform.blobs })),
    processorFor(embedVoiceProcessor({ pipeline: voicePipeline, engine: voiceEmbedding, blobs: platform.blobs })),
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
    processorFor(transcribeProcessor({ ...audioToText, transcripts: services.transcripts })),
    processorFor(completeProcessor({ ...audioToText, completions: services.completions, chat: services.chat })),
  );
  const { documentProcessing, knowledgeBaseEmbedding } = services;
  processors.push(
    processorFor(digitizeProcessor({ ...audioToText, processing: documentProcessing })),
    processorFor(
      rewriteProcessor({
        processing: documentProcessing,
        blobs: platform.blobs,
        chat: services.chat,
        models: { standard: platform.config.LLM_MODEL, economy: platform.config.LLM_MODEL_ECONOMY ?? platform.config.LLM_MODEL },
      }),
    ),
    processorFor(knowledgeBaseEmbedProcessor({ embedding: knowledgeBaseEmbedding, embedder: services.textEmbedder })),
    processorFor(deliverWebhookProcessor({ deliveries: services.webhookDeliveries, sender: services.webhookSender })),
  );
  return processors;
}

/** Every queue as the reconciler sees it; one source per queue. */
export function reconcileSources(services: Services): ReconcileSource[] {
  return [
    ...voiceReconcileSources(services.voicePipeline),
    ...knowledgeBaseReconcileSources(services.documentProcessing, services.knowledgeBaseEmbedding),
    ...transcriptionReconcileSources(services.transcripts, services.completions),
    ...webhookReconcileSources(services.webhookDeliveries),
  ];
}
