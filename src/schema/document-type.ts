import type { DocumentType } from '../domain/knowledge-base/knowledge-base.types';
import { builder } from './builder';

export const DocumentTypeEnum = builder.enumType('DocumentType', {
  description: 'Where a document comes from.',
  values: {
    FILE: { value: 'file' satisfies DocumentType, description: 'An uploaded file.' },
    URL: { value: 'url' satisfies DocumentType, description: 'A page or media file fetched from its URL.' },
  },
});
