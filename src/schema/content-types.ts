import { CONTENT_TYPES } from '../domain/knowledge-base/content-types';
import { builder } from './builder';

builder.queryField('contentTypes', (t) =>
  t.stringList({
    description: 'The rewrite templates a document can use; needs no API key.',
    authScopes: { public: true },
    resolve: () => [...CONTENT_TYPES],
  }),
);
