import { SAMPLE_TRUE_PEAK_DBTP } from '../domain/voice/sample-plan';
import { embedVoiceQueue } from '../domain/voice/voice.queues';
import type { DownloadOptions } from '../engines/safe-download';
import type { AnyQueueDefinition } from '../queues/queue-registry';
import type { Services } from '../services';
import { completeProcessor } from './complete.worker';
import { digitizeProcessor } from './digitize.worker';
import { knowledgeBaseEmbedProcessor } from './knowledge-base-embed.worker';
import { rewriteProcessor, type RewriteWorkerDeps } from './rewrite.worker';
import { transcribeProcessor } from './transcribe.worker';
import { embedVoiceProcessor } from './voice-embed.worker';
import { splitVoiceProcessor } from './voice-split.worker';
import { deliverWebhookProcessor } from './webhook-deliver.worker';
import { processorFor, type JobProcessor } from './worker-runner';

/**
 * A kind of job, registered once: its queue (the definition beside its record's jobs in the
 * domain names it, its payload, job id and lane) and the processor that runs it. Which records
 * wait on it, and how a lost one ends, is the domain's (`RecordJobs.workOf`).
 */
export interface JobKind {
  queue: AnyQueueDefinition;
  processor: JobProcessor;
}

function kind(processor: JobProcessor): JobKind {
  return { queue: processor.queue, processor };
}

/** What the kinds of job are set up with; from the configuration, handed down by the composition root. */
export interface JobSettings {
  /** Recordings and pages fetched by URL (DOWNLOAD_MAX_MB, DOWNLOAD_TIMEOUT_SECONDS, ALLOW_PRIVATE_URLS). */
  download: Pick<DownloadOptions, 'maxBytes' | 'timeoutMs' | 'allowPrivate'>;
  /** The largest page a document's URL may bring: no larger than it may be parsed (DOCUMENT_HTML_MAX_MB). */
  maxHtmlBytes: number;
  /** The integrated loudness curated samples are levelled to, in LUFS (SAMPLE_LOUDNESS_LUFS). */
  sampleLoudnessLufs: number;
  /** The chat model of each tier a rewrite may ask for (LLM_MODEL, LLM_MODEL_ECONOMY). */
  rewriteModels: RewriteWorkerDeps['models'];
  /** Completions each worker process runs at once (COMPLETION_CONCURRENCY). */
  completionConcurrency: number;
}

/** Every kind of job: the one list that the workers, the queue board, the metrics and the layout migration read. */
export function jobKinds(services: Services, settings: JobSettings): JobKind[] {
  const { voicePipeline, ffmpeg, voiceEmbedding, platform, documentProcessing, knowledgeBaseEmbedding } = services;
  const audioToText = {
    ffmpeg,
    blobs: platform.blobs,
    transcriber: services.segmentedTranscriber,
    download: settings.download,
  };
  return [
    kind(
      processorFor(
        splitVoiceProcessor({
          pipeline: voicePipeline,
          ffmpeg,
          blobs: platform.blobs,
          loudness: { integratedLufs: settings.sampleLoudnessLufs, truePeakDbtp: SAMPLE_TRUE_PEAK_DBTP },
        }),
      ),
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
    ),
    kind(
      processorFor(
        transcribeProcessor({ ...audioToText, transcripts: services.transcripts, diarizer: services.diarizingSpeechToText, voices: services.voices }),
      ),
    ),
    kind(
      processorFor(completeProcessor({ ...audioToText, completions: services.completions, chat: services.chat, concurrency: settings.completionConcurrency })),
    ),
    kind(
      processorFor(
        digitizeProcessor({
          ...audioToText,
          download: { ...settings.download, maxHtmlBytes: settings.maxHtmlBytes },
          processing: documentProcessing,
          parser: services.documentParser,
        }),
      ),
    ),
    kind(
      processorFor(
        rewriteProcessor({
          processing: documentProcessing,
          blobs: platform.blobs,
          chat: services.chat,
          models: settings.rewriteModels,
        }),
      ),
    ),
    kind(processorFor(knowledgeBaseEmbedProcessor({ embedding: knowledgeBaseEmbedding, embedder: services.textEmbedder }))),
    kind(processorFor(deliverWebhookProcessor({ deliveries: services.webhookDeliveries, sender: services.webhookSender }))),
  ];
}
