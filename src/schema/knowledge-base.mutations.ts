import * as resolvers from '../resolvers/knowledge-base.mutations';
import { builder } from './builder';
import { KnowledgeBaseRef } from './knowledge-base';

builder.mutationFields((t) => ({
  createKnowledgeBase: t.field({
    type: KnowledgeBaseRef,
    args: {
      partner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      expertName: t.arg.string({ description: 'Default author or speaker of its documents.' }),
      userEmail: t.arg.string({ description: 'Default user e-mail of its documents.' }),
    },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.createKnowledgeBase(ctx, args),
  }),
  deleteKnowledgeBase: t.boolean({
    description: 'Deletes the knowledge base with its documents, their files, waiting jobs and its embedding.',
    args: { partner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.deleteKnowledgeBase(ctx, args),
  }),
}));
