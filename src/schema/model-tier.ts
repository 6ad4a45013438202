import type { ModelTier } from '../domain/knowledge-base/knowledge-base.types';
import { builder } from './builder';

export const ModelTierEnum = builder.enumType('ModelTier', {
  description: 'Which LLM rewrites a document.',
  values: {
    STANDARD: { value: 'standard' satisfies ModelTier },
    ECONOMY: { value: 'economy' satisfies ModelTier },
  },
});
