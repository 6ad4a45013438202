import * as resolvers from '../resolvers/content-types.queries';
import { builder } from './builder';

builder.queryField('contentTypes', (t) =>
  t.stringList({
    description: 'The rewrite templates a document can use; needs no API key.',
    authScopes: { public: true },
    resolve: () => resolvers.contentTypes(),
  }),
);
