import type { EmbeddingStatus } from '../domain/knowledge-base/knowledge-base.types';
import { builder } from './builder';

export const KnowledgeBaseEmbeddingStateEnum = builder.enumType('KnowledgeBaseEmbeddingState', {
  description: 'Where the embedding run of a knowledge base stands.',
  values: {
    IDLE: { value: 'idle' satisfies EmbeddingStatus },
    IN_PROGRESS: { value: 'in_progress' satisfies EmbeddingStatus },
    COMPLETED: { value: 'completed' satisfies EmbeddingStatus },
    FAILED: { value: 'failed' satisfies EmbeddingStatus },
  },
});
