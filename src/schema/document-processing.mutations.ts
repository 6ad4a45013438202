import * as resolvers from '../resolvers/document-processing.mutations';
import { builder } from './builder';
import { BulkRewriteResultRef } from './bulk-rewrite-result';
import { DocumentRef } from './document';
import { ProcessActionEnum } from './process-action';
import { RewriteContentTypeEnum } from './rewrite-content-type';

const PERSON_NAME = "Author or speaker named in the prompt; defaults to the document's expertName.";
const SKIP_REWRITTEN = 'Skip documents that already have a rewrite.';

builder.mutationFields((t) => ({
  queueDocumentProcessing: t.field({
    type: DocumentRef,
    description: 'Queues digitizing, rewriting or both, superseding whatever ran before; follow it with documentUpdated.',
    args: {
      partner: t.arg.string({ required: true }),
      kb: t.arg.string({ required: true }),
      id: t.arg.id({ required: true }),
      action: t.arg({ type: ProcessActionEnum, defaultValue: 'process' }),
      contentType: t.arg({ type: RewriteContentTypeEnum, defaultValue: 'auto' }),
      personName: t.arg.string({ description: PERSON_NAME }),
    },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.queueDocumentProcessing(ctx, args),
  }),
  bulkRewriteFolder: t.field({
    type: BulkRewriteResultRef,
    args: {
      partner: t.arg.string({ required: true }),
      kb: t.arg.string({ required: true }),
      folder: t.arg.string({ required: true }),
      skipRewritten: t.arg.boolean({ defaultValue: true, description: SKIP_REWRITTEN }),
      contentType: t.arg({ type: RewriteContentTypeEnum, defaultValue: 'auto' }),
      personName: t.arg.string({ description: PERSON_NAME }),
    },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.bulkRewriteFolder(ctx, args),
  }),
  bulkRewriteKnowledgeBase: t.field({
    type: BulkRewriteResultRef,
    args: {
      partner: t.arg.string({ required: true }),
      kb: t.arg.string({ required: true }),
      skipRewritten: t.arg.boolean({ defaultValue: true, description: SKIP_REWRITTEN }),
      contentType: t.arg({ type: RewriteContentTypeEnum, defaultValue: 'auto' }),
      personName: t.arg.string({ description: PERSON_NAME }),
    },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.bulkRewriteKnowledgeBase(ctx, args),
  }),
}));
