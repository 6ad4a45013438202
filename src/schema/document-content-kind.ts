import type { ContentKind } from '../domain/knowledge-base/knowledge-base.types';
import { builder } from './builder';

export const DocumentContentKindEnum = builder.enumType('DocumentContentKind', {
  description: 'One of the four texts of a document.',
  values: {
    ORIGINAL: { value: 'original' satisfies ContentKind, description: 'The uploaded or downloaded file.' },
    DIGITIZED: { value: 'digitized' satisfies ContentKind, description: 'Text extracted from the original.' },
    DRAFT: { value: 'draft' satisfies ContentKind, description: "The LLM's first rewrite." },
    REWRITTEN: { value: 'rewritten' satisfies ContentKind, description: 'The final rewrite.' },
  },
});
