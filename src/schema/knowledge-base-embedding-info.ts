import { isEmbeddingStale, type KnowledgeBaseRecord } from '../domain/knowledge-base/knowledge-base.types';
import { builder } from './builder';

export const KnowledgeBaseEmbeddingInfoRef = builder.objectRef<KnowledgeBaseRecord>('KnowledgeBaseEmbeddingInfo').implement({
  description: 'The short form of the embedding status that the REST listings carry.',
  fields: (t) => ({
    lastSuccessfulUpdateTime: t.field({ type: 'DateTime', nullable: true, resolve: (kb) => kb.embedding.lastSuccessfulUpdateTime }),
    lastUpdateStatus: t.string({
      nullable: true,
      description: 'success or failed; null before the first run.',
      resolve: (kb) => kb.embedding.lastUpdateStatus,
    }),
    embeddingStale: t.boolean({ description: 'Documents changed since the last successful run started.', resolve: (kb) => isEmbeddingStale(kb) }),
  }),
});
