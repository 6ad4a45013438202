import type { EngineCatalog } from './engines/engine-catalog';
import type { CompletionService } from './completion/completion.service';
import type { DocumentContentService } from './knowledge-base/document-content.service';
import type { DocumentProcessingService } from './knowledge-base/document-processing.service';
import type { DocumentService } from './knowledge-base/document.service';
import type { KnowledgeBaseEmbeddingService } from './knowledge-base/knowledge-base-embedding.service';
import type { KnowledgeBaseRetrievalService } from './knowledge-base/knowledge-base-retrieval.service';
import type { KnowledgeBaseService } from './knowledge-base/knowledge-base.service';
import type { TranscriptService } from './transcription/transcript.service';
import type { VoiceService } from './voice/voice.service';
import type { WebhookService } from './webhooks/webhook.service';

/** A record's change as the domain announces it: what a subscription pushes. */
export type { ChangeEvent } from '../store/record-store';

/**
 * The domain as the doors (REST routes, GraphQL resolvers) see it: one service per area and
 * nothing under them. A door holds no Redis client, queue or engine, so the compiler refuses
 * one that reaches past the domain.
 */
export interface Domain {
  voices: VoiceService;
  transcripts: TranscriptService;
  completions: CompletionService;
  knowledgeBases: KnowledgeBaseService;
  documents: DocumentService;
  documentContent: DocumentContentService;
  documentProcessing: DocumentProcessingService;
  knowledgeBaseEmbedding: KnowledgeBaseEmbeddingService;
  retrieval: KnowledgeBaseRetrievalService;
  webhooks: WebhookService;
  /** Which engines this deployment has (configured, local or missing). */
  engines: EngineCatalog;
}

/** The domain services of a larger set, in an object of their own: a door gets nothing else, not even at run time. */
export function domainOf(services: Domain): Domain {
  return {
    voices: services.voices,
    transcripts: services.transcripts,
    completions: services.completions,
    knowledgeBases: services.knowledgeBases,
    documents: services.documents,
    documentContent: services.documentContent,
    documentProcessing: services.documentProcessing,
    knowledgeBaseEmbedding: services.knowledgeBaseEmbedding,
    retrieval: services.retrieval,
    webhooks: services.webhooks,
    engines: services.engines,
  };
}
