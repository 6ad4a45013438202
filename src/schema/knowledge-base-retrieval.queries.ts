import { MAX_TOP_K } from '../domain/knowledge-base/knowledge-base.inputs';
import * as resolvers from '../resolvers/knowledge-base-retrieval.queries';
import { builder } from './builder';
import { KnowledgeBaseEmbeddingPreviewRef } from './knowledge-base-embedding-preview';
import { KnowledgeBaseSearchResultRef } from './knowledge-base-search-result';
import { RetrievalModeEnum } from './retrieval-mode';

builder.queryFields((t) => ({
  searchKnowledgeBase: t.field({
    type: KnowledgeBaseSearchResultRef,
    description: 'The chunks of the last successful embedding run that answer the query best, with their place in their source.',
    args: {
      partner: t.arg.string({ required: true }),
      kb: t.arg.string({ required: true }),
      query: t.arg.string({ required: true }),
      topK: t.arg.int({ defaultValue: 5, description: `Results at most, 1 to ${MAX_TOP_K}.` }),
      mode: t.arg({ type: RetrievalModeEnum, defaultValue: 'hybrid' }),
      scoreThreshold: t.arg.float({ description: 'Leaves out results scoring below it.' }),
      folder: t.arg.string({ description: 'Only documents of this folder.' }),
      documentIds: t.arg.stringList({ description: 'Only these documents.' }),
    },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.searchKnowledgeBase(ctx, args),
  }),
  embeddingPreview: t.field({
    type: KnowledgeBaseEmbeddingPreviewRef,
    description: 'What embedding the knowledge base now would add, change, remove and send to the engine; nothing runs.',
    args: {
      partner: t.arg.string({ required: true }),
      kb: t.arg.string({ required: true }),
      splitLevel: t.arg.int({ description: 'Heading level to split at, 0-6; the last run’s when left out.' }),
      language: t.arg.string({ description: 'The last run’s when left out.' }),
    },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.embeddingPreview(ctx, args),
  }),
}));
