import type { DocumentRecord, KnowledgeBaseRecord } from '../domain/knowledge-base/kb.types';
import { knowledgeBaseResolvers as resolvers } from '../resolvers/knowledge-base.resolvers';
import type { ChangeEvent } from '../store/record-store';
import { builder } from './builder';
import { DocumentRef, type DocumentShape } from './document';
import { DocumentContentKindEnum } from './document-content-kind';
import { DocumentTypeEnum } from './document-type';
import { FolderRef } from './folder';
import { DocumentBatchResultRef } from './kb-batch-result';
import { BulkRewriteResultRef } from './kb-bulk-rewrite-result';
import { RewriteContentTypeEnum } from './kb-content-type';
import { KnowledgeBaseEmbeddingStatusRef, type EmbeddingStatusShape } from './kb-embedding-status';
import { ModelTierEnum } from './kb-model-tier';
import { ProcessActionEnum } from './kb-process-action';
import { KnowledgeBaseRef } from './knowledge-base';

const toDocument = (event: ChangeEvent<DocumentRecord>): DocumentShape => ({ ...event.data, deleted: event.deleted });
const toEmbeddingStatus = (event: ChangeEvent<KnowledgeBaseRecord>): EmbeddingStatusShape => ({ ...event.data, deleted: event.deleted });

builder.queryFields((t) => ({
  knowledgeBases: t.field({
    type: [KnowledgeBaseRef],
    description: "The partner's knowledge bases by name.",
    args: { partner: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.knowledgeBases(ctx, args.partner),
  }),
  knowledgeBase: t.field({
    type: KnowledgeBaseRef,
    nullable: true,
    args: { partner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.knowledgeBase(ctx, args.partner, args.name),
  }),
  document: t.field({
    type: DocumentRef,
    nullable: true,
    description: 'Null when the knowledge base or the document does not exist.',
    args: { partner: t.arg.string({ required: true }), kb: t.arg.string({ required: true }), id: t.arg.id({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.document(ctx, args.partner, args.kb, args.id),
  }),
}));

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
    resolve: (_root, args, ctx) => resolvers.deleteKnowledgeBase(ctx, args.partner, args.name),
  }),
  createFolder: t.field({
    type: FolderRef,
    args: { partner: t.arg.string({ required: true }), kb: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.createFolder(ctx, args.partner, args.kb, args.name),
  }),
  deleteFolder: t.boolean({
    description: 'Deletes the folder and the documents in it, processing or not.',
    args: { partner: t.arg.string({ required: true }), kb: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.deleteFolder(ctx, args.partner, args.kb, args.name),
  }),
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
    args: { partner: t.arg.string({ required: true }), kb: t.arg.string({ required: true }), id: t.arg.id({ required: true }), name: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.renameDocument(ctx, args.partner, args.kb, args.id, args.name),
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
    resolve: (_root, args, ctx) => resolvers.updateDocumentType(ctx, args.partner, args.kb, args.id, args.type, args.url),
  }),
  updateDocumentUrl: t.field({
    type: DocumentRef,
    description: 'Changes the URL without fetching it; queue a DIGITIZE for that.',
    args: { partner: t.arg.string({ required: true }), kb: t.arg.string({ required: true }), id: t.arg.id({ required: true }), url: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.updateDocumentUrl(ctx, args.partner, args.kb, args.id, args.url),
  }),
  deleteDocument: t.boolean({
    args: {
      partner: t.arg.string({ required: true }),
      kb: t.arg.string({ required: true }),
      id: t.arg.id({ required: true }),
      force: t.arg.boolean({ defaultValue: true, description: 'Also delete a document that is being processed; false gives CONFLICT then.' }),
    },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.deleteDocument(ctx, args.partner, args.kb, args.id, args.force),
  }),
  updateDocumentContent: t.field({
    type: DocumentRef,
    description: 'Replaces one text of the document; an ORIGINAL given as text becomes a plain-text original.',
    args: {
      partner: t.arg.string({ required: true }),
      kb: t.arg.string({ required: true }),
      id: t.arg.id({ required: true }),
      kind: t.arg({ type: DocumentContentKindEnum, required: true }),
      content: t.arg.string({ required: true }),
    },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.updateDocumentContent(ctx, args.partner, args.kb, args.id, args.kind, args.content),
  }),
  uploadDocumentContent: t.field({
    type: DocumentRef,
    description: 'Stores a file as the ORIGINAL, or reads a text document (text, Markdown, HTML, PDF, DOCX) into the other kinds.',
    args: {
      partner: t.arg.string({ required: true }),
      kb: t.arg.string({ required: true }),
      id: t.arg.id({ required: true }),
      kind: t.arg({ type: DocumentContentKindEnum, required: true }),
      file: t.arg({ type: 'Upload', required: true }),
    },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.uploadDocumentContent(ctx, args.partner, args.kb, args.id, args.kind, args.file),
  }),
  queueDocumentProcessing: t.field({
    type: DocumentRef,
    description: 'Queues digitizing, rewriting or both, superseding whatever ran before; follow it with documentUpdated.',
    args: {
      partner: t.arg.string({ required: true }),
      kb: t.arg.string({ required: true }),
      id: t.arg.id({ required: true }),
      action: t.arg({ type: ProcessActionEnum, defaultValue: 'process' }),
      contentType: t.arg({ type: RewriteContentTypeEnum, defaultValue: 'auto' }),
      personName: t.arg.string({ description: "Author or speaker named in the prompt; defaults to the document's expertName." }),
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
      skipRewritten: t.arg.boolean({ defaultValue: true, description: 'Skip documents that already have a rewrite.' }),
      contentType: t.arg({ type: RewriteContentTypeEnum, defaultValue: 'auto' }),
      personName: t.arg.string({ description: "Author or speaker named in the prompt; defaults to the document's expertName." }),
    },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.bulkRewrite(ctx, args),
  }),
  bulkRewriteKnowledgeBase: t.field({
    type: BulkRewriteResultRef,
    args: {
      partner: t.arg.string({ required: true }),
      kb: t.arg.string({ required: true }),
      skipRewritten: t.arg.boolean({ defaultValue: true, description: 'Skip documents that already have a rewrite.' }),
      contentType: t.arg({ type: RewriteContentTypeEnum, defaultValue: 'auto' }),
      personName: t.arg.string({ description: "Author or speaker named in the prompt; defaults to the document's expertName." }),
    },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.bulkRewrite(ctx, { ...args, folder: null }),
  }),
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
    resolve: (_root, args, ctx) => resolvers.startKnowledgeBaseEmbedding(ctx, args.partner, args.kb, args.splitLevel, args.language),
  }),
}));

builder.subscriptionFields((t) => ({
  documentUpdated: t.field({
    type: DocumentRef,
    description: 'Every document of the knowledge base now, then each document that changes (a deletion has deleted: true).',
    args: { partner: t.arg.string({ required: true }), kb: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    subscribe: (_root, args, ctx) => resolvers.documentUpdated(ctx, args.partner, args.kb),
    resolve: (event: ChangeEvent<DocumentRecord>) => toDocument(event),
  }),
  knowledgeBaseEmbeddingUpdated: t.field({
    type: KnowledgeBaseEmbeddingStatusRef,
    description: 'The embedding status now, then after every change; ends after the deletion of the knowledge base.',
    args: { partner: t.arg.string({ required: true }), kb: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    subscribe: (_root, args, ctx) => resolvers.knowledgeBaseEmbeddingUpdated(ctx, args.partner, args.kb),
    resolve: (event: ChangeEvent<KnowledgeBaseRecord>) => toEmbeddingStatus(event),
  }),
}));
