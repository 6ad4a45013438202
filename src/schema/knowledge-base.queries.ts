import * as resolvers from '../resolvers/knowledge-base.queries';
import { builder } from './builder';
import { KnowledgeBaseRef } from './knowledge-base';

builder.queryFields((t) => ({
  knowledgeBases: t.field({
    type: [KnowledgeBaseRef],
    description: "The partner's knowledge bases by name.",
    args: { partner: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.knowledgeBases(ctx, args),
  }),
  knowledgeBase: t.field({
    type: KnowledgeBaseRef,
    nullable: true,
    args: { partner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.knowledgeBase(ctx, args),
  }),
}));
