import { embeddingProgress, type KnowledgeBaseRecord } from '../domain/knowledge-base/knowledge-base.types';
import * as resolvers from '../resolvers/knowledge-base';
import { builder } from './builder';
import { DocumentRef, DocumentStateEnum } from './document';
import { FolderRef } from './folder';
import { KnowledgeBaseEmbeddingInfoRef } from './knowledge-base-embedding-info';
import { KnowledgeBaseEmbeddingStatusRef } from './knowledge-base-embedding-status';
import { KnowledgeBaseStatsRef } from './knowledge-base-stats';
import { QueueWaitRef } from './queue-wait';
import { ProgressRef } from './progress';

export const KnowledgeBaseRef = builder.objectRef<KnowledgeBaseRecord>('KnowledgeBase').implement({
  description: 'A knowledge base of a partner. documents, folders and stats share one read of the documents per request, whatever their number.',
  fields: (t) => ({
    id: t.exposeID('id'),
    partner: t.exposeString('partner'),
    name: t.exposeString('name'),
    expertName: t.string({ nullable: true, description: 'Default author or speaker of new documents.', resolve: (kb) => kb.expertName }),
    userEmail: t.string({ nullable: true, description: 'Default user e-mail of new documents.', resolve: (kb) => kb.userEmail }),
    documents: t.field({ type: [DocumentRef], description: 'Oldest first.', resolve: (kb, _args, ctx) => resolvers.documents(ctx, kb) }),
    documentsConnection: t.connection(
      {
        type: DocumentRef,
        description:
          "The documents oldest first, a page at a time (first/after forward, last/before backward; at most 100 a page, 20 by default), those in the folder and state given only. Cursors are the documents' places by creation: they stay valid while documents come and go.",
        args: {
          folder: t.arg.string({ description: 'Only documents in this folder ("" is the top level).' }),
          state: t.arg({ type: DocumentStateEnum, description: 'Only documents in this state (Document.state).' }),
        },
        resolve: (kb, args, ctx) => resolvers.documentsConnection(ctx, kb, args),
      },
      { name: 'DocumentConnection' },
      { name: 'DocumentEdge' },
    ),
    folders: t.field({ type: [FolderRef], description: 'In creation order.', resolve: (kb, _args, ctx) => resolvers.folders(ctx, kb) }),
    stats: t.field({ type: KnowledgeBaseStatsRef, resolve: (kb, _args, ctx) => resolvers.stats(ctx, kb) }),
    embeddingInfo: t.field({ type: KnowledgeBaseEmbeddingInfoRef, resolve: (kb) => kb }),
    embeddingStatus: t.field({ type: KnowledgeBaseEmbeddingStatusRef, resolve: (kb) => kb }),
    progress: t.field({
      type: ProgressRef,
      nullable: true,
      description: 'The running embedding (stage embedding: chunks embedded of total).',
      resolve: (kb) => embeddingProgress(kb),
    }),
    queue: t.field({
      type: QueueWaitRef,
      nullable: true,
      description: 'Why the embedding run has not started yet, and when it should; null once it runs or when none is under way.',
      resolve: (kb, _args, ctx) => ctx.domain.knowledgeBaseEmbedding.queueWait(kb),
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (kb) => kb.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (kb) => kb.updatedAt }),
  }),
});
