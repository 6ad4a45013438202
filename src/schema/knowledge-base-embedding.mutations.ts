import * as resolvers from '../resolvers/knowledge-base-embedding.mutations';
import { builder } from './builder';
import { KnowledgeBaseEmbeddingStatusRef } from './knowledge-base-embedding-status';

builder.mutationFields((t) => ({
  startKnowledgeBaseEmbedding: t.field({
    type: KnowledgeBaseEmbeddingStatusRef,
    description: 'Splits every document by heading and embeds the chunks; follow it with knowledgeBaseEmbeddingUpdated.',
    args: {
      partner: t.arg.string({ required: true }),
      kb: t.arg.string({ required: true }),
      splitLevel: t.arg.int({ defaultValue: 0, description: 'Heading level to split at, 0-6.' }),
      language: t.arg.string({ defaultValue: 'english', description: 'Language of the content.' }),
    },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.startKnowledgeBaseEmbedding(ctx, args),
  }),
}));
