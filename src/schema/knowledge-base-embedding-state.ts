import type { EmbeddingStatus } from '../domain/knowledge-base/knowledge-base.types';
import { builder } from './builder';

export const KnowledgeBaseEmbeddingStateEnum = builder.enumType('KnowledgeBaseEmbeddingState', {
  description: 'Where the embedding run of a knowledge base stands.',
  values: {
    IDLE: { value: 'idle' as EmbeddingStatus },
    IN_PROGRESS: { value: 'in_progress' as EmbeddingStatus },
    COMPLETED: { value: 'completed' as EmbeddingStatus },
    FAILED: { value: 'failed' as EmbeddingStatus },
  },
});
