import type { DocumentProcessingService } from '../domain/knowledge-base/document-processing.service';
import type { KnowledgeBaseEmbeddingService } from '../domain/knowledge-base/knowledge-base-embedding.service';
import { DOCUMENT_KIND, KNOWLEDGE_BASE_KIND, type DocumentRecord, type KnowledgeBaseRecord } from '../domain/knowledge-base/knowledge-base.types';
import { digitizeQueue, embedKnowledgeBaseQueue, rewriteQueue } from '../queues/knowledge-base.queues';
import { sourceFor, type ReconcileSource } from './reconciler';

/** Document processing and knowledge base embedding as the reconciler sees them. */
export function knowledgeBaseReconcileSources(processing: DocumentProcessingService, embedding: KnowledgeBaseEmbeddingService): ReconcileSource[] {
  // Neither stage can be rebuilt: the follow-up rewrite and its options travel only in the job.
  const documentStage = (stage: 'digitize' | 'rewrite') => (document: DocumentRecord) =>
    document.inQueues.includes(stage)
      ? {
          subject: `document ${document.id}`,
          key: { documentId: document.id, generation: document.generation },
          since: document.updatedAt,
          payload: null,
          fail: (reason: string) => processing.recordProcessingFailure(document.id, document.generation, reason),
        }
      : null;
  return [
    sourceFor({ queue: digitizeQueue, kind: DOCUMENT_KIND, claim: documentStage('digitize') }),
    sourceFor({ queue: rewriteQueue, kind: DOCUMENT_KIND, claim: documentStage('rewrite') }),
    sourceFor({
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
    }),
  ];
}
