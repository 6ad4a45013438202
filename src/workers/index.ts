import { SAMPLE_TRUE_PEAK_DBTP } from '../domain/voice/sample-plan';
import type { AnyQueueDefinition } from '../queues/queue-registry';
import { embedVoiceQueue } from '../domain/voice/voice.queues';
import type { Services } from '../services';
import { completeProcessor } from './complete.worker';
import { digitizeProcessor } from './digitize.worker';
import { knowledgeBaseEmbedProcessor } from './knowledge-base-embed.worker';
import { documentStageReconcile, knowledgeBaseEmbedReconcile } from './knowledge-base.reconcile';
import type { ReconcileSource } from './reconciler';
import { rewriteProcessor } from './rewrite.worker';
import { transcribeProcessor } from './transcribe.worker';
import { completeReconcile, transcribeReconcile } from './transcription.reconcile';
import { embedVoiceProcessor } from './voice-embed.worker';
import { voiceEmbedReconcile, voiceSplitReconcile } from './voice.reconcile';
import { splitVoiceProcessor } from './voice-split.worker';
import { deliverWebhookProcessor } from './webhook-deliver.worker';
import { deliverWebhookReconcile } from './webhook.reconcile';
import { processorFor, type JobProcessor } from './worker-runner';

/**
 * A kind of job, registered once: its queue (the definition in src/queues names it, its
 * payload, job id and lane), the processor that runs it, and the reconcile rule that finds
 * records waiting on a job that is gone.
 */
export interface JobKind {
  queue: AnyQueueDefinition;
  processor: JobProcessor;
  reconcile: ReconcileSource;
}

function kind(processor: JobProcessor, reconcile: ReconcileSource): JobKind {
  // A rule for another queue would find lost jobs where this one's are not.
  if (reconcile.queue !== processor.queue) throw new Error(`${processor.queue.name}: its reconcile rule is for ${reconcile.queue.name}`);
  return { queue: processor.queue, processor, reconcile };
}

/**
 * Every kind of job: the one list that the workers, the reconciler, the in-flight index, the
 * queue board, the metrics and the layout migration read.
 */
export function jobKinds(services: Services): JobKind[] {
  const { voicePipeline, ffmpeg, voiceEmbedding, platform, documentProcessing, knowledgeBaseEmbedding } = services;
  const audioToText = {
    ffmpeg,
    blobs: platform.blobs,
    transcriber: services.segmentedTranscriber,
    download: {
      maxBytes: platform.config.DOWNLOAD_MAX_MB * 1024 * 1024,
      timeoutMs: platform.config.DOWNLOAD_TIMEOUT_SECONDS * 1000,
      allowPrivate: platform.config.ALLOW_PRIVATE_URLS,
    },
  };
  return [
    kind(
      processorFor(
        splitVoiceProcessor({
          pipeline: voicePipeline,
          ffmpeg,
          blobs: platform.blobs,
          loudness: { integratedLufs: platform.config.SAMPLE_LOUDNESS_LUFS, truePeakDbtp: SAMPLE_TRUE_PEAK_DBTP },
        }),
      ),
      voiceSplitReconcile(voicePipeline),
    ),
    kind(
      processorFor(
        embedVoiceProcessor({
          pipeline: voicePipeline,
          engine: voiceEmbedding,
          blobs: platform.blobs,
          engineBacklog: (jobId, backlog) => platform.queues.reportEngineBacklog(embedVoiceQueue, jobId, backlog ?? undefined),
        }),
      ),
      voiceEmbedReconcile(voicePipeline),
    ),
    kind(processorFor(transcribeProcessor({ ...audioToText, transcripts: services.transcripts })), transcribeReconcile(services.transcripts)),
    kind(processorFor(completeProcessor({ ...audioToText, completions: services.completions, chat: services.chat })), completeReconcile(services.completions)),
    kind(
      processorFor(
        digitizeProcessor({
          ...audioToText,
          // A page is fetched no larger than it may be parsed.
          download: { ...audioToText.download, maxHtmlBytes: platform.config.DOCUMENT_HTML_MAX_MB * 1024 * 1024 },
          processing: documentProcessing,
          parser: services.documentParser,
        }),
      ),
      documentStageReconcile(documentProcessing, 'digitize'),
    ),
    kind(
      processorFor(
        rewriteProcessor({
          processing: documentProcessing,
          blobs: platform.blobs,
          chat: services.chat,
          models: { standard: platform.config.LLM_MODEL, economy: platform.config.LLM_MODEL_ECONOMY ?? platform.config.LLM_MODEL },
        }),
      ),
      documentStageReconcile(documentProcessing, 'rewrite'),
    ),
    kind(
      processorFor(knowledgeBaseEmbedProcessor({ embedding: knowledgeBaseEmbedding, embedder: services.textEmbedder })),
      knowledgeBaseEmbedReconcile(knowledgeBaseEmbedding),
    ),
    kind(
      processorFor(deliverWebhookProcessor({ deliveries: services.webhookDeliveries, sender: services.webhookSender })),
      deliverWebhookReconcile(services.webhookDeliveries),
    ),
  ];
}

/** Every job kind's reconcile rule: what the reconciler and the in-flight index read. */
export function reconcileSources(services: Services): ReconcileSource[] {
  return jobKinds(services).map((job) => job.reconcile);
}
