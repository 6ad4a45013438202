import type { DocumentRecord } from '../domain/knowledge-base/knowledge-base.types';
import * as resolvers from '../resolvers/document.subscriptions';
import type { ChangeEvent } from '../domain/domain';
import type { OutputEvent } from '../domain/output/output-log';
import { builder } from './builder';
import { DocumentRef } from './document';
import { OutputEventRef } from './output-event';

builder.subscriptionFields((t) => ({
  documentUpdated: t.field({
    type: DocumentRef,
    description: 'Every document of the knowledge base now, then each document that changes (a deletion has deleted: true).',
    args: { partner: t.arg.string({ required: true }), kb: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    subscribe: (_root, args, ctx) => resolvers.documentUpdated(ctx, args),
    resolve: (event: ChangeEvent<DocumentRecord>) => resolvers.documentOf(event),
  }),
  documentRewriteOutput: t.field({
    type: OutputEventRef,
    description:
      "The document's rewrite as the LLM writes it: the draft, then (reset) the final text. The events after `after`, or first a snapshot (reset, the whole text so far), then each new one; ends after done, with the output then exactly the stored rewrite. A new rewrite of the document goes on from the last seq with a reset. Same access as document(partner, kb, id); NOT_FOUND where that query gives null.",
    args: {
      partner: t.arg.string({ required: true }),
      kb: t.arg.string({ required: true }),
      id: t.arg.id({ required: true }),
      after: t.arg.int({ description: 'The last seq you have: replay resumes after it.' }),
    },
    authScopes: (_root, args) => ({ partner: args.partner }),
    subscribe: (_root, args, ctx) => resolvers.documentRewriteOutput(ctx, args),
    resolve: (event: OutputEvent) => event,
  }),
}));
