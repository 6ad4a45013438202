import type { DocumentRecord } from '../domain/knowledge-base/knowledge-base.types';
import * as resolvers from '../resolvers/document.subscriptions';
import type { ChangeEvent } from '../domain/domain';
import { builder } from './builder';
import { DocumentRef } from './document';

builder.subscriptionFields((t) => ({
  documentUpdated: t.field({
    type: DocumentRef,
    description: 'Every document of the knowledge base now, then each document that changes (a deletion has deleted: true).',
    args: { partner: t.arg.string({ required: true }), kb: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    subscribe: (_root, args, ctx) => resolvers.documentUpdated(ctx, args),
    resolve: (event: ChangeEvent<DocumentRecord>) => resolvers.documentOf(event),
  }),
}));
