import type { RetrievalMode } from '../domain/knowledge-base/knowledge-base.inputs';
import { builder } from './builder';

export const RetrievalModeEnum = builder.enumType('RetrievalMode', {
  description: 'How a knowledge base search ranks chunks.',
  values: {
    HYBRID: { value: 'hybrid' satisfies RetrievalMode, description: 'Keyword and vector rankings fused by reciprocal rank; score 0-1.' },
    SEMANTIC: { value: 'semantic' satisfies RetrievalMode, description: 'Vector search; score is the cosine similarity.' },
    KEYWORD: { value: 'keyword' satisfies RetrievalMode, description: 'BM25 full-text search; score is the BM25 score.' },
  },
});
