import * as resolvers from '../resolvers/document.queries';
import { builder } from './builder';
import { DocumentRef } from './document';

builder.queryFields((t) => ({
  document: t.field({
    type: DocumentRef,
    nullable: true,
    description: 'Null when the knowledge base or the document does not exist.',
    args: { partner: t.arg.string({ required: true }), kb: t.arg.string({ required: true }), id: t.arg.id({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.document(ctx, args),
  }),
}));
