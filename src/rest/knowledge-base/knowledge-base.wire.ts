import { z } from 'zod';
import {
  DOCUMENT_TYPES,
  EMBEDDING_STATUSES,
  documentCharCounts,
  documentFilenames,
  MODEL_TIERS,
  PROCESS_ACTIONS,
  isEmbeddingStale,
  type BatchResult,
  type BulkRewriteResult,
  type DocumentRecord,
  type FolderInfo,
  type KnowledgeBaseRecord,
  type KnowledgeBaseWithDocuments,
} from '../../domain/knowledge-base/knowledge-base.types';
import type { RetrievalAnswer } from '../../domain/knowledge-base/knowledge-base-retrieval.service';

// The knowledge base service's JSON, field for field as the spec names them. Each answer has a
// schema (the OpenAPI document shows it, and the REST tests hold every answer to it) and a
// function typed by that schema, so the two cannot disagree.

const timestamp = z.string().meta({ format: 'date-time' });
const count = z.int().min(0);

export const documentSchema = z
  .object({
    id: z.string().meta({ format: 'uuid' }),
    name: z.string(),
    folder: z.string(),
    type: z.enum(DOCUMENT_TYPES),
    url: z.string().nullable().meta({ description: 'Source URL when type is url.' }),
    file_original: z.string().nullable().meta({ description: 'Stored name of the original file (original.pdf, ...).' }),
    file_digitized: z.string().nullable(),
    file_rewritten_draft: z.string().nullable(),
    file_rewritten: z.string().nullable(),
    user_email: z.string().nullable(),
    in_queues: z.array(z.enum(['digitize', 'rewrite'])).meta({ description: 'Processing the document is queued for or in.' }),
    expert_name: z.string().nullable(),
    auto_rewrite: z.boolean(),
    model_tier: z.enum(MODEL_TIERS),
    use_original_as_rewritten: z.boolean(),
    rewrite_model: z.string().nullable(),
    rewrite_input_tokens: z.int().nullable(),
    rewrite_output_tokens: z.int().nullable(),
    rewrite_completed_at: timestamp.nullable(),
    processing_error: z.string().nullable().meta({ description: 'Why the last processing failed.' }),
    is_embedded: z.boolean(),
    digitized_char_count: count,
    draft_rewrite_char_count: count,
    final_rewrite_char_count: count,
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Document' });

export const embeddingInfoSchema = z
  .object({
    last_successful_update_time: timestamp.nullable(),
    last_update_status: z.enum(['success', 'failed']).nullable(),
    embedding_stale: z.boolean().meta({ description: 'Documents changed since the last successful embedding started.' }),
  })
  .meta({ id: 'EmbeddingInfo' });

const embeddingDetails = z
  .object({
    documents: count,
    chunks: count,
    model: z.string(),
    split_level: z.int(),
    language: z.string(),
    chunks_total: count.optional().meta({ description: 'The chunks of the run (as chunks).' }),
    chunks_reused: count.optional().meta({ description: 'Chunks whose vector an earlier run had made: nothing was sent for them.' }),
    chunks_embedded: count.optional().meta({ description: 'Chunks embedded by this run (a text that occurs twice is sent once).' }),
    tokens: count.optional().meta({ description: 'Tokens sent to the embedding engine as it counted them; 0 with the local embedder.' }),
  })
  .nullable();

export const embeddingStatusSchema = z
  .object({
    status: z.enum(EMBEDDING_STATUSES),
    error: z.string().nullable(),
    last_successful_update_time: timestamp.nullable(),
    last_update_time: timestamp.nullable(),
    last_update_status: z.enum(['success', 'failed']).nullable(),
    last_update_details: embeddingDetails,
    last_successful_details: embeddingDetails,
    external_job_id: z.string().nullable(),
    embedding_stale: z.boolean(),
    split_level: z.int(),
    language: z.string(),
  })
  .meta({ id: 'EmbeddingStatus' });

export const folderSchema = z.object({ name: z.string(), document_count: count }).meta({ id: 'Folder' });

export const knowledgeBaseSchema = z
  .object({
    name: z.string(),
    expert_name: z.string().nullable(),
    user_email: z.string().nullable(),
    documents: z.array(documentSchema),
    embedding_info: embeddingInfoSchema,
    created_at: timestamp,
  })
  .meta({ id: 'KnowledgeBase' });

export const knowledgeBaseDataSchema = z
  .object({ name: z.string(), documents: z.array(documentSchema), folders: z.array(folderSchema), embedding_info: embeddingInfoSchema })
  .meta({ id: 'KnowledgeBaseData' });

export const knowledgeBaseStatsSchema = z
  .object({
    document_count: count,
    digitized_count: count,
    draft_rewrite_count: count,
    final_rewrite_count: count,
    total_digitized_chars: count,
    total_draft_rewrite_chars: count,
    total_final_rewrite_chars: count,
    error_count: count,
    embedded_count: count,
  })
  .meta({ id: 'KnowledgeBaseStats' });

export const batchResultSchema = z
  .object({
    summary: z.object({ total: count, succeeded: count, failed: count }),
    results: z.array(
      z.union([
        z.object({ url: z.string(), status: z.literal('success'), document_id: z.string() }),
        z.object({ url: z.string(), status: z.literal('failed'), document_id: z.null(), error: z.string() }),
      ]),
    ),
  })
  .meta({ id: 'BatchResult' });

export const bulkRewriteSchema = z
  .object({
    queued_count: count,
    skipped_count: count,
    queued: z.array(z.string()).meta({ description: 'Ids of the documents queued for rewriting.' }),
    skipped: z.array(z.object({ document_id: z.string(), reason: z.string() })),
  })
  .meta({ id: 'BulkRewriteResult' });

export const processQueuedSchema = z
  .object({ action: z.enum(PROCESS_ACTIONS), queued: z.array(z.enum(['digitize', 'rewrite'])), document: documentSchema })
  .meta({ id: 'ProcessQueued' });

export const documentContentSchema = z
  .object({
    content: z.string(),
    encoding: z.enum(['utf-8', 'base64']).meta({ description: 'Binary originals (PDF, DOCX, media) travel as base64.' }),
    filename: z.string(),
  })
  .meta({ id: 'DocumentContent' });

export function documentJson(document: DocumentRecord): z.output<typeof documentSchema> {
  const files = documentFilenames(document);
  const chars = documentCharCounts(document);
  return {
    id: document.id,
    name: document.name,
    folder: document.folder,
    type: document.type,
    url: document.url,
    file_original: files.original,
    file_digitized: files.digitized,
    file_rewritten_draft: files.draft,
    file_rewritten: files.rewritten,
    user_email: document.userEmail,
    in_queues: document.inQueues,
    expert_name: document.expertName,
    auto_rewrite: document.autoRewrite,
    model_tier: document.modelTier,
    use_original_as_rewritten: document.useOriginalAsRewritten,
    rewrite_model: document.rewriteModel,
    rewrite_input_tokens: document.rewriteInputTokens,
    rewrite_output_tokens: document.rewriteOutputTokens,
    rewrite_completed_at: document.rewriteCompletedAt,
    processing_error: document.processingError,
    is_embedded: document.isEmbedded,
    digitized_char_count: chars.digitized,
    draft_rewrite_char_count: chars.draft,
    final_rewrite_char_count: chars.rewritten,
    created_at: document.createdAt,
    updated_at: document.updatedAt,
  };
}

export function embeddingInfoJson(kb: KnowledgeBaseRecord): z.output<typeof embeddingInfoSchema> {
  return {
    last_successful_update_time: kb.embedding.lastSuccessfulUpdateTime,
    last_update_status: kb.embedding.lastUpdateStatus,
    embedding_stale: isEmbeddingStale(kb),
  };
}

export function embeddingStatusJson(kb: KnowledgeBaseRecord): z.output<typeof embeddingStatusSchema> {
  const { embedding } = kb;
  return {
    status: embedding.status,
    error: embedding.error,
    last_successful_update_time: embedding.lastSuccessfulUpdateTime,
    last_update_time: embedding.lastUpdateTime,
    last_update_status: embedding.lastUpdateStatus,
    last_update_details: embedding.lastUpdateDetails,
    last_successful_details: embedding.lastSuccessfulDetails,
    external_job_id: embedding.externalJobId,
    embedding_stale: isEmbeddingStale(kb),
    split_level: embedding.splitLevel,
    language: embedding.language,
  };
}

export function folderJson(folder: FolderInfo): z.output<typeof folderSchema> {
  return { name: folder.name, document_count: folder.documentCount };
}

export function knowledgeBaseJson({ kb, documents }: KnowledgeBaseWithDocuments): z.output<typeof knowledgeBaseSchema> {
  return {
    name: kb.name,
    expert_name: kb.expertName,
    user_email: kb.userEmail,
    documents: documents.map(documentJson),
    embedding_info: embeddingInfoJson(kb),
    created_at: kb.createdAt,
  };
}

export function batchJson(result: BatchResult): z.output<typeof batchResultSchema> {
  return {
    summary: result.summary,
    results: result.results.map((item) =>
      item.status === 'success'
        ? { url: item.url, status: item.status, document_id: item.documentId }
        : { url: item.url, status: item.status, document_id: null, error: item.error },
    ),
  };
}

export function bulkRewriteJson(result: BulkRewriteResult): z.output<typeof bulkRewriteSchema> {
  return {
    queued_count: result.queued.length,
    skipped_count: result.skipped.length,
    queued: result.queued,
    skipped: result.skipped.map((item) => ({ document_id: item.documentId, reason: item.reason })),
  };
}

export const retrievalResultSchema = z
  .object({
    document_id: z.string(),
    document_name: z.string(),
    folder: z.string(),
    heading_path: z.string().nullable().meta({ description: 'The headings the chunk stands under, joined by " > "; null at split level 0.' }),
    text: z.string(),
    score: z.number().meta({ description: 'hybrid: reciprocal rank fusion scaled to 0-1; semantic: cosine similarity; keyword: BM25. Higher is better.' }),
    char_start: count.meta({ description: 'Where the chunk starts in the text it was cut from (the rewritten text, else the digitized one), in characters.' }),
    char_end: count.meta({ description: 'Where it ends, exclusive.' }),
    start_ms: z.int().nullable().meta({ description: 'Audio and video documents: when the passage starts in the recording.' }),
    end_ms: z.int().nullable().meta({ description: 'Audio and video documents: when it ends.' }),
  })
  .meta({ id: 'RetrievalResult' });

export const retrievalSchema = z
  .object({
    results: z.array(retrievalResultSchema),
    embedding: z.object({ last_successful_update_time: timestamp.nullable(), embedding_stale: z.boolean() }).meta({
      description: 'The run the results come from, and whether documents changed since it started.',
    }),
  })
  .meta({ id: 'Retrieval' });

export function retrievalJson({ kb, results }: RetrievalAnswer): z.output<typeof retrievalSchema> {
  return {
    results: results.map((result) => ({
      document_id: result.documentId,
      document_name: result.documentName,
      folder: result.folder,
      heading_path: result.headingPath,
      text: result.text,
      score: result.score,
      char_start: result.charStart,
      char_end: result.charEnd,
      start_ms: result.startMs,
      end_ms: result.endMs,
    })),
    embedding: { last_successful_update_time: kb.embedding.lastSuccessfulUpdateTime, embedding_stale: isEmbeddingStale(kb) },
  };
}
