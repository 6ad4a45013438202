import type { KnowledgeBaseRecord } from '../domain/knowledge-base/knowledge-base.types';
import * as resolvers from '../resolvers/knowledge-base-embedding.subscriptions';
import type { ChangeEvent } from '../domain/domain';
import { builder } from './builder';
import { KnowledgeBaseEmbeddingStatusRef } from './knowledge-base-embedding-status';

builder.subscriptionFields((t) => ({
  knowledgeBaseEmbeddingUpdated: t.field({
    type: KnowledgeBaseEmbeddingStatusRef,
    description: 'The embedding status now, then after every change; ends after the deletion of the knowledge base.',
    args: { partner: t.arg.string({ required: true }), kb: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    subscribe: (_root, args, ctx) => resolvers.knowledgeBaseEmbeddingUpdated(ctx, args),
    resolve: (event: ChangeEvent<KnowledgeBaseRecord>) => resolvers.embeddingStatusOf(event),
  }),
}));
