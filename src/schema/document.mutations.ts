import * as resolvers from '../resolvers/document.mutations';
import { builder } from './builder';
import { DocumentBatchResultRef } from './document-batch-result';
import { DocumentRef } from './document';
import { DocumentTypeEnum } from './document-type';
import { ModelTierEnum } from './model-tier';

builder.mutationFields((t) => ({
  createDocument: t.field({
    type: DocumentRef,
    description: 'Creates a document from an uploaded file or a URL and queues its digitization; a missing folder is created.',
    args: {
      partner: t.arg.string({ required: true }),
      kb: t.arg.string({ required: true }),
      folder: t.arg.string({ required: true }),
      type: t.arg({ type: DocumentTypeEnum, description: 'FILE when a file is sent, URL otherwise.' }),
      file: t.arg({ type: 'Upload', description: 'PDF, DOCX, HTML, text, Markdown, audio or video.' }),
      url: t.arg.string(),
      name: t.arg.string({ description: "Defaults to the file's name or the URL's last path segment (then the page title)." }),
      expertName: t.arg.string(),
      userEmail: t.arg.string(),
      autoRewrite: t.arg.boolean({ defaultValue: false, description: 'Queue a rewrite once digitized.' }),
      modelTier: t.arg({ type: ModelTierEnum, defaultValue: 'standard' }),
      useOriginalAsRewritten: t.arg.boolean({ defaultValue: false, description: 'Use the digitized text as the rewrite; no LLM runs.' }),
    },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.createDocument(ctx, args),
  }),
  createDocumentsBatch: t.field({
    type: DocumentBatchResultRef,
    description: 'One URL document per URL (at most 1,000); an invalid URL fails alone.',
    args: {
      partner: t.arg.string({ required: true }),
      kb: t.arg.string({ required: true }),
      folder: t.arg.string({ required: true }),
      urls: t.arg.stringList({ required: true }),
      expertName: t.arg.string(),
      userEmail: t.arg.string(),
      autoRewrite: t.arg.boolean({ defaultValue: false }),
      modelTier: t.arg({ type: ModelTierEnum, defaultValue: 'standard' }),
      useOriginalAsRewritten: t.arg.boolean({ defaultValue: false }),
    },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.createDocumentsBatch(ctx, args),
  }),
  createEmptyDocument: t.field({
    type: DocumentRef,
    description: 'A document without content, for manual editing.',
    args: {
      partner: t.arg.string({ required: true }),
      kb: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      folder: t.arg.string({ required: true }),
      type: t.arg({ type: DocumentTypeEnum, required: true }),
      url: t.arg.string({ description: 'Required when type is URL.' }),
      expertName: t.arg.string(),
      userEmail: t.arg.string(),
    },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.createEmptyDocument(ctx, args),
  }),
  renameDocument: t.field({
    type: DocumentRef,
    args: {
      partner: t.arg.string({ required: true }),
      kb: t.arg.string({ required: true }),
      id: t.arg.id({ required: true }),
      name: t.arg.string({ required: true }),
    },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.renameDocument(ctx, args),
  }),
  updateDocumentType: t.field({
    type: DocumentRef,
    args: {
      partner: t.arg.string({ required: true }),
      kb: t.arg.string({ required: true }),
      id: t.arg.id({ required: true }),
      type: t.arg({ type: DocumentTypeEnum, required: true }),
      url: t.arg.string({ description: 'Required for URL when the document has none.' }),
    },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.updateDocumentType(ctx, args),
  }),
  updateDocumentUrl: t.field({
    type: DocumentRef,
    description: 'Changes the URL without fetching it; queue a DIGITIZE for that.',
    args: {
      partner: t.arg.string({ required: true }),
      kb: t.arg.string({ required: true }),
      id: t.arg.id({ required: true }),
      url: t.arg.string({ required: true }),
    },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.updateDocumentUrl(ctx, args),
  }),
  deleteDocument: t.boolean({
    args: {
      partner: t.arg.string({ required: true }),
      kb: t.arg.string({ required: true }),
      id: t.arg.id({ required: true }),
      force: t.arg.boolean({ defaultValue: true, description: 'Also delete a document that is being processed; false gives CONFLICT then.' }),
    },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.deleteDocument(ctx, args),
  }),
}));
