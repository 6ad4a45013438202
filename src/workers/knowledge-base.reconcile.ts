import type { DocumentProcessingService } from '../domain/knowledge-base/document-processing.service';
import type { KnowledgeBaseEmbeddingService } from '../domain/knowledge-base/knowledge-base-embedding.service';
import { DOCUMENT_KIND, KNOWLEDGE_BASE_KIND, type DocumentRecord, type KnowledgeBaseRecord } from '../domain/knowledge-base/knowledge-base.types';
import { digitizeQueue, embedKnowledgeBaseQueue, rewriteQueue } from '../domain/knowledge-base/knowledge-base.queues';
import { sourceFor, type ReconcileSource } from './reconciler';

/**
 * A document stage its record says runs. Neither stage can be rebuilt: the follow-up rewrite
 * and its options travel only in the job, so a lost one is failed.
 */
export function documentStageReconcile(processing: DocumentProcessingService, stage: 'digitize' | 'rewrite'): ReconcileSource {
  return sourceFor({
    queue: stage === 'digitize' ? digitizeQueue : rewriteQueue,
    kind: DOCUMENT_KIND,
    claim: (document: DocumentRecord) =>
      document.inQueues.includes(stage)
        ? {
            subject: `document ${document.id}`,
            key: { documentId: document.id, generation: document.generation },
            since: document.updatedAt,
            payload: null,
            fail: (reason: string) => processing.recordProcessingFailure(document.id, document.generation, reason),
          }
        : null,
  });
}

/** An embedding run its knowledge base says runs: rebuilt from the record when lost. */
export function knowledgeBaseEmbedReconcile(embedding: KnowledgeBaseEmbeddingService): ReconcileSource {
  return sourceFor({
    queue: embedKnowledgeBaseQueue,
    kind: KNOWLEDGE_BASE_KIND,
    claim: (kb: KnowledgeBaseRecord) => {
      if (kb.embedding.status !== 'in_progress') return null;
      const { generation, splitLevel, language } = kb.embedding;
      return {
        subject: `knowledge base ${kb.id}`,
        key: { kbId: kb.id, generation },
        since: kb.updatedAt,
        payload: { kbId: kb.id, partner: kb.partner, generation, splitLevel, language },
        fail: (reason: string) => embedding.recordEmbeddingFailure(kb.id, generation, reason),
      };
    },
  });
}
