import { VoiceService } from './domain/voice/voice.service';
import { VoicePipelineService } from './domain/voice/voice-pipeline.service';
import { VoiceRepository } from './domain/voice/voice.repository';
import { VoiceJobs } from './domain/voice/voice.jobs';
import { DocumentContentService } from './domain/knowledge-base/document-content.service';
import { DocumentProcessingService } from './domain/knowledge-base/document-processing.service';
import { DocumentService } from './domain/knowledge-base/document.service';
import { KnowledgeBaseEmbeddingService } from './domain/knowledge-base/knowledge-base-embedding.service';
import { KnowledgeBaseRetrievalService } from './domain/knowledge-base/knowledge-base-retrieval.service';
import { KnowledgeBaseRepository } from './domain/knowledge-base/knowledge-base.repository';
import { KnowledgeBaseService } from './domain/knowledge-base/knowledge-base.service';
import { KnowledgeBaseJobs } from './domain/knowledge-base/knowledge-base.jobs';
import { DocumentJobs } from './domain/knowledge-base/document.jobs';
import { createDocumentParser, type DocumentParser } from './engines/digitize/document-parser';
import { documentTextExtractor } from './engines/digitize/text-extractor';
import { createTextEmbedder, type TextEmbedder } from './engines/text-embeddings.client';
import { CompletionJobs } from './domain/completion/completion.jobs';
import { CompletionRepository } from './domain/completion/completion.repository';
import { CompletionService } from './domain/completion/completion.service';
import { TranscriptJobs } from './domain/transcription/transcript.jobs';
import { TranscriptRepository } from './domain/transcription/transcript.repository';
import { TranscriptService } from './domain/transcription/transcript.service';
import { ChatCompletionsClient } from './engines/chat-completions.client';
import { SpeechToTextClient } from './engines/speech-to-text.client';
import { DiarizingSpeechToTextClient } from './engines/diarizing-speech-to-text.client';
import type { OpenAiClientOptions } from './engines/openai-http';
import type { Config } from './config/config';
import { analyzeAudio } from './engines/audio-analysis';
import { SegmentedTranscriber } from './engines/long-audio/segmented-transcriber';
import { Ffmpeg } from './engines/ffmpeg';
import { GpuJobsClient } from './engines/gpu-jobs.client';
import { LocalVoiceEngine } from './engines/local-voice-engine';
import type { VoiceEmbeddingEngine } from './engines/voice-embedding';
import { EndpointDirectory } from './domain/webhooks/endpoint-directory';
import { WebhookDeliveryService } from './domain/webhooks/webhook-delivery.service';
import { WebhookDispatcher } from './domain/webhooks/webhook-dispatcher';
import { WebhookJobs } from './domain/webhooks/webhook.jobs';
import type { ResourceBodies, WebhookSender } from './domain/webhooks/webhook.ports';
import { WebhookRepository } from './domain/webhooks/webhook.repository';
import { WebhookService } from './domain/webhooks/webhook.service';
import { webhookSender, webhookUrlGuard } from './engines/webhook-sender';
import type { Domain } from './domain/domain';
import { EngineCatalog } from './domain/engines/engine-catalog';
import { missingNames, uploadRefusal, type AudioTool } from './domain/engines/audio-tools';
import { describeEngines } from './config/engines';
import type { Platform } from './platform';
import { documentJson, embeddingStatusJson } from './rest/knowledge-base/knowledge-base.wire';
import { completionJson, transcriptJson } from './rest/v2.wire';
import { voiceDetail } from './rest/voice.wire';
import { trackInFlight, type InFlightRule } from './domain/shared/queued-work';
import { OutputLog } from './domain/output/output-log';
import { OutputEventStore } from './store/output-events';

/** The domain services and the engines, built once per process over the platform; workers get all of it. */
export interface Services extends Domain {
  platform: Platform;
  ffmpeg: Ffmpeg;
  voiceEmbedding: VoiceEmbeddingEngine;
  voicePipeline: VoicePipelineService;
  speechToText: SpeechToTextClient;
  /** Speech-to-text with speakers (ASR_DIARIZE_MODEL), for transcripts with speaker_labels. */
  diarizingSpeechToText: DiarizingSpeechToTextClient;
  /** Speech-to-text for recordings of any length, in segments that fit the engine. */
  segmentedTranscriber: SegmentedTranscriber;
  chat: ChatCompletionsClient;
  textEmbedder: TextEmbedder;
  /** Reads documents in child processes, for uploads read during a request and for digitize jobs alike. */
  documentParser: DocumentParser;
  webhookDeliveries: WebhookDeliveryService;
  webhookJobs: WebhookJobs;
  webhookSender: WebhookSender;
  /** Output written over time (replies, transcripts, rewrites), logged per resource for live readers: what workers write through. */
  output: OutputLog;
  /** Each kind of record's work in flight, as its jobs say it: what the in-flight index and the reconciler read. */
  inFlight: readonly InFlightRule[];
}

/** Webhook events carry each resource exactly as its REST GET answers it. */
const restBodies: ResourceBodies = {
  voice: voiceDetail,
  document: documentJson,
  knowledgeBaseEmbedding: embeddingStatusJson,
  transcript: transcriptJson,
  completion: completionJson,
};

/** An OpenAI-compatible engine's client options, from the variables named after it (`ASR_BASE_URL`, ...). */
function openAiEngine(config: Config, engine: 'ASR' | 'LLM' | 'EMBEDDINGS'): OpenAiClientOptions {
  return {
    baseUrl: config[`${engine}_BASE_URL`],
    apiKey: config[`${engine}_API_KEY`],
    model: config[`${engine}_MODEL`],
    timeoutMs: config[`${engine}_TIMEOUT_SECONDS`] * 1000,
    maxAnswerBytes: config.ENGINE_MAX_ANSWER_MB * 1024 * 1024,
  };
}

/**
 * The domain and its engines, set up from `config` over the platform. `tools`: the audio tools as
 * found at start (`checkAudioTools`), which the engine catalog and readiness report.
 */
export function createServices(config: Config, platform: Platform, tools: readonly AudioTool[]): Services {
  const ffmpeg = new Ffmpeg({ ffmpegPath: config.FFMPEG_PATH, ffprobePath: config.FFPROBE_PATH });
  const voiceEmbedding: VoiceEmbeddingEngine = config.GPU_JOBS_URL
    ? new GpuJobsClient({
        baseUrl: config.GPU_JOBS_URL,
        apiKey: config.GPU_JOBS_API_KEY,
        pollIntervalMs: config.GPU_JOBS_POLL_MS,
        timeoutMs: config.GPU_JOBS_TIMEOUT_SECONDS * 1000,
        maxAnswerBytes: config.ENGINE_MAX_ANSWER_MB * 1024 * 1024,
        maxFileBytes: config.GPU_JOBS_MAX_FILE_MB * 1024 * 1024,
      })
    : new LocalVoiceEngine({ ffmpeg, espeakPath: config.ESPEAK_PATH });
  // Uploaded audio (a voice's, a transcript's, a document's) goes on to ffmpeg's work: without a required tool it is refused at the door, not accepted to fail in its job.
  const mediaRefusal = () => uploadRefusal(tools);
  const probeUpload = (path: string) => {
    const refusal = mediaRefusal();
    return refusal ? Promise.reject(refusal) : ffmpeg.probe(path);
  };
  const voiceRecords = new VoiceRepository(platform.records);
  const voiceJobs = new VoiceJobs(platform.queues);
  const voices = new VoiceService({
    repository: voiceRecords,
    events: platform.events,
    blobs: platform.blobs,
    jobs: voiceJobs,
    audio: { probe: probeUpload, toOpus: (input, output) => ffmpeg.toOpus(input, output), measure: (path) => analyzeAudio(ffmpeg, path) },
    defaultTtsType: config.DEFAULT_TTS_TYPE,
  });
  const voicePipeline = new VoicePipelineService({ repository: voiceRecords, blobs: platform.blobs, jobs: voiceJobs });
  const speechToText = new SpeechToTextClient(openAiEngine(config, 'ASR'));
  // The same engine's address and key unless ASR_DIARIZE_BASE_URL names another; no model, no diarizing engine.
  const diarizingSpeechToText = new DiarizingSpeechToTextClient({
    ...openAiEngine(config, 'ASR'),
    baseUrl: config.ASR_DIARIZE_BASE_URL ?? config.ASR_BASE_URL,
    model: config.ASR_DIARIZE_MODEL ?? '',
  });
  const segmentedTranscriber = new SegmentedTranscriber({
    ffmpeg,
    speechToText,
    maxUploadBytes: config.ASR_MAX_UPLOAD_MB * 1024 * 1024,
    maxSegmentSeconds: config.ASR_MAX_SEGMENT_SECONDS,
    concurrency: config.ASR_CONCURRENCY,
  });
  const chat = new ChatCompletionsClient(openAiEngine(config, 'LLM'));
  const output = new OutputLog({
    store: new OutputEventStore(platform.redis.commands, platform.keys),
    bus: platform.events,
    maxEventsPerResource: config.OUTPUT_EVENTS_MAX_PER_RESOURCE,
    coalesceMs: config.OUTPUT_COALESCE_MS,
    onWriteError: (error) => platform.logger.warn({ err: error }, 'streamed output not written yet; it is kept and written again'),
  });
  const stores = { events: platform.events, blobs: platform.blobs, audio: { probe: probeUpload } };
  const urlGuard = webhookUrlGuard(config.ALLOW_PRIVATE_URLS);
  const transcriptJobs = new TranscriptJobs(platform.queues);
  const transcripts = new TranscriptService({
    ...stores,
    repository: new TranscriptRepository(platform.records),
    jobs: transcriptJobs,
    urlGuard,
    voices,
    keepAudio: config.TRANSCRIPT_KEEP_AUDIO,
    output,
  });
  const completionJobs = new CompletionJobs(platform.queues);
  const completions = new CompletionService({
    ...stores,
    repository: new CompletionRepository(platform.records, config.COMPLETION_TTL_SECONDS),
    jobs: completionJobs,
    output,
  });
  const textEmbedder = createTextEmbedder(openAiEngine(config, 'EMBEDDINGS'));
  const kbRepository = new KnowledgeBaseRepository(platform.records);
  const kbStores = { repository: kbRepository, blobs: platform.blobs, events: platform.events };
  const documentJobs = new DocumentJobs(platform.queues);
  const knowledgeBaseJobs = new KnowledgeBaseJobs(platform.queues);
  const knowledgeBaseEmbedding = new KnowledgeBaseEmbeddingService({
    ...kbStores,
    jobs: knowledgeBaseJobs,
    index: platform.chunkIndex,
    embeddingModel: textEmbedder.model,
    onIndexError: (error, context) => platform.logger.error({ err: error }, `retrieval index: ${context}`),
  });
  const retrieval = new KnowledgeBaseRetrievalService({ repository: kbRepository, index: platform.chunkIndex, embedder: textEmbedder });
  const documentProcessing = new DocumentProcessingService({ ...kbStores, jobs: documentJobs, output });
  const megabytes = (value: number) => value * 1024 * 1024;
  const documentParser = createDocumentParser({
    concurrency: config.DOCUMENT_PARSERS,
    timeoutMs: config.DOCUMENT_PARSE_TIMEOUT_SECONDS * 1000,
    maxMemoryMb: config.DOCUMENT_PARSE_MAX_MB,
    limits: {
      maxHtmlBytes: megabytes(config.DOCUMENT_HTML_MAX_MB),
      maxDocxPartBytes: megabytes(config.DOCUMENT_DOCX_PART_MAX_MB),
      maxTextBytes: megabytes(config.DOCUMENT_TEXT_MAX_MB),
    },
  });
  const textExtractor = documentTextExtractor(documentParser, megabytes(config.DOCUMENT_TEXT_MAX_MB));
  const documents = new DocumentService({
    ...kbStores,
    jobs: documentJobs,
    embedding: knowledgeBaseEmbedding,
    textExtractor,
    mediaRefusal,
  });
  const documentContent = new DocumentContentService({ ...kbStores, textExtractor, mediaRefusal });
  const knowledgeBases = new KnowledgeBaseService({ repository: kbRepository, documents, embedding: knowledgeBaseEmbedding });

  const webhookRepository = new WebhookRepository(platform.records);
  const directory = new EndpointDirectory(webhookRepository);
  directory.watch(platform.events).catch((error: unknown) => platform.logger.error({ err: error }, 'webhook endpoint changes are not followed'));
  const webhookJobs = new WebhookJobs(platform.queues, { attempts: config.WEBHOOK_ATTEMPTS, backoffMs: config.WEBHOOK_BACKOFF_MS });
  const dispatcher = new WebhookDispatcher({ directory, bodies: restBodies, knowledgeBase: (id) => kbRepository.getKnowledgeBase(id) });
  platform.records.leaveInOutbox(dispatcher.outboxEntries);
  const webhooks = new WebhookService({ repository: webhookRepository, directory, jobs: webhookJobs, urlGuard });
  const webhookDeliveries = new WebhookDeliveryService({ repository: webhookRepository, directory, transcript: (id) => transcripts.getById(id) });
  const services: Services = {
    platform,
    ffmpeg,
    voiceEmbedding,
    voices,
    voicePipeline,
    speechToText,
    diarizingSpeechToText,
    segmentedTranscriber,
    chat,
    transcripts,
    completions,
    textEmbedder,
    documentParser,
    knowledgeBases,
    documents,
    documentContent,
    documentProcessing,
    knowledgeBaseEmbedding,
    retrieval,
    webhooks,
    engines: new EngineCatalog(describeEngines(config, missingNames(tools)), platform.engineCalls, tools),
    webhookDeliveries,
    webhookJobs,
    output,
    webhookSender: webhookSender({ timeoutMs: config.WEBHOOK_TIMEOUT_SECONDS * 1000, allowPrivate: config.ALLOW_PRIVATE_URLS }),
    inFlight: [
      voiceJobs.inFlight(voicePipeline),
      documentJobs.inFlight(documentProcessing),
      knowledgeBaseJobs.inFlight(knowledgeBaseEmbedding),
      transcriptJobs.inFlight(transcripts),
      completionJobs.inFlight(completions),
      webhookJobs.inFlight(webhookDeliveries),
    ],
  };
  trackInFlight(platform.records, services.inFlight);
  return services;
}
