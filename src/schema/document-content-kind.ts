import type { ContentKind } from '../domain/knowledge-base/knowledge-base.types';
import { builder } from './builder';

export const DocumentContentKindEnum = builder.enumType('DocumentContentKind', {
  description: 'One of the four texts of a document.',
  values: {
    ORIGINAL: { value: 'original' as ContentKind, description: 'The uploaded or downloaded file.' },
    DIGITIZED: { value: 'digitized' as ContentKind, description: 'Text extracted from the original.' },
    DRAFT: { value: 'draft' as ContentKind, description: "The LLM's first rewrite." },
    REWRITTEN: { value: 'rewritten' as ContentKind, description: 'The final rewrite.' },
  },
});
