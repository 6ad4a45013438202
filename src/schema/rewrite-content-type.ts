import type { ContentType } from '../domain/knowledge-base/content-types';
import { builder } from './builder';

export const RewriteContentTypeEnum = builder.enumType('RewriteContentType', {
  description: 'The rewrite template.',
  values: {
    AUTO: { value: 'auto' satisfies ContentType, description: 'VIDEO for a video-platform URL or media, BOOK for a PDF, ARTICLE otherwise.' },
    ARTICLE: { value: 'article' satisfies ContentType },
    VIDEO: { value: 'video' satisfies ContentType },
    BOOK: { value: 'book' satisfies ContentType },
  },
});
