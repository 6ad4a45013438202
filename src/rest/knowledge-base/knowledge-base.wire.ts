import {
  FILENAMES,
  isEmbeddingStale,
  type BatchResult,
  type BulkRewriteResult,
  type DocumentRecord,
  type FolderInfo,
  type KnowledgeBaseRecord,
  type KnowledgeBaseWithDocuments,
} from '../../domain/knowledge-base/knowledge-base.types';

/** The knowledge base service's JSON, field for field as the spec names them. */
export function documentJson(document: DocumentRecord) {
  return {
    id: document.id,
    name: document.name,
    folder: document.folder,
    type: document.type,
    url: document.url,
    file_original: document.original?.filename ?? null,
    file_digitized: document.digitized ? FILENAMES.digitized : null,
    file_rewritten_draft: document.draft ? FILENAMES.draft : null,
    file_rewritten: document.rewritten ? FILENAMES.rewritten : null,
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
    digitized_char_count: document.digitized?.chars ?? 0,
    draft_rewrite_char_count: document.draft?.chars ?? 0,
    final_rewrite_char_count: document.rewritten?.chars ?? 0,
    created_at: document.createdAt,
    updated_at: document.updatedAt,
  };
}

export function embeddingInfoJson(kb: KnowledgeBaseRecord) {
  return {
    last_successful_update_time: kb.embedding.lastSuccessfulUpdateTime,
    last_update_status: kb.embedding.lastUpdateStatus,
    embedding_stale: isEmbeddingStale(kb),
  };
}

export function embeddingStatusJson(kb: KnowledgeBaseRecord) {
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

export function folderJson(folder: FolderInfo) {
  return { name: folder.name, document_count: folder.documentCount };
}

export function knowledgeBaseJson({ kb, documents }: KnowledgeBaseWithDocuments) {
  return {
    name: kb.name,
    expert_name: kb.expertName,
    user_email: kb.userEmail,
    documents: documents.map(documentJson),
    embedding_info: embeddingInfoJson(kb),
    created_at: kb.createdAt,
  };
}

export function batchJson(result: BatchResult) {
  return {
    summary: result.summary,
    results: result.results.map((item) =>
      item.status === 'success'
        ? { url: item.url, status: item.status, document_id: item.documentId }
        : { url: item.url, status: item.status, document_id: null, error: item.error },
    ),
  };
}

export function bulkRewriteJson(result: BulkRewriteResult) {
  return {
    queued_count: result.queued.length,
    skipped_count: result.skipped.length,
    queued: result.queued,
    skipped: result.skipped.map((item) => ({ document_id: item.documentId, reason: item.reason })),
  };
}
