import type { KnowledgeBaseService } from '../domain/knowledge-base/kb.service';
import type { DocumentRecord, KnowledgeBaseRecord } from '../domain/knowledge-base/kb.types';
import { digitizeQueue, embedKnowledgeBaseQueue, rewriteQueue } from '../queues/knowledge-base.queues';
import { RECORD_KINDS } from './record-kinds';
import { sourceFor, type ReconcileSource } from './reconciler';

/** Document processing and knowledge base embedding as the reconciler sees them. */
export function knowledgeBaseReconcileSources(knowledgeBases: KnowledgeBaseService): ReconcileSource[] {
  // Neither stage can be rebuilt: the follow-up rewrite and its options travel only in the job.
  const documentStage = (stage: 'digitize' | 'rewrite') => (document: DocumentRecord) =>
    document.inQueues.includes(stage)
      ? {
          subject: `document ${document.id}`,
          key: { documentId: document.id, generation: document.generation },
          since: document.updatedAt,
          payload: null,
          fail: (reason: string) => knowledgeBases.recordProcessingFailure(document.id, document.generation, reason),
        }
      : null;
  return [
    sourceFor({ queue: digitizeQueue, kind: RECORD_KINDS.document, claim: documentStage('digitize') }),
    sourceFor({ queue: rewriteQueue, kind: RECORD_KINDS.document, claim: documentStage('rewrite') }),
    sourceFor({
      queue: embedKnowledgeBaseQueue,
      kind: RECORD_KINDS.knowledgeBase,
      claim: (kb: KnowledgeBaseRecord) => {
        if (kb.embedding.status !== 'in_progress') return null;
        const { generation, splitLevel, language } = kb.embedding;
        return {
          subject: `knowledge base ${kb.id}`,
          key: { kbId: kb.id, generation },
          since: kb.updatedAt,
          payload: { kbId: kb.id, generation, splitLevel, language },
          fail: (reason: string) => knowledgeBases.recordEmbeddingFailure(kb.id, generation, reason),
        };
      },
    }),
  ];
}
