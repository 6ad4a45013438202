import { DOCUMENT_STATES, documentState } from '../domain/knowledge-base/document-list';
import { documentProgress, documentCharCounts, documentFilenames, type DocumentRecord } from '../domain/knowledge-base/knowledge-base.types';
import * as resolvers from '../resolvers/document';
import { builder } from './builder';
import { DocumentContentKindEnum } from './document-content-kind';
import { DocumentQueueEnum } from './document-queue';
import { DocumentTypeEnum } from './document-type';
import { ModelTierEnum } from './model-tier';
import { QueueWaitRef } from './queue-wait';
import { ProgressRef } from './progress';

/** A document as resolvers pass it around; `deleted` is set on the last subscription event. */
export type DocumentShape = DocumentRecord & { deleted?: boolean };

export const DocumentStateEnum = builder.enumType('DocumentState', {
  values: {
    PROCESSING: { value: DOCUMENT_STATES[0], description: 'Waiting in or running through a queue (inQueues).' },
    FAILED: { value: DOCUMENT_STATES[1], description: 'The last processing run failed (processingError).' },
    READY: { value: DOCUMENT_STATES[2], description: 'Neither: nothing under way, and the last run (if any) succeeded.' },
  },
});

export const DocumentRef = builder.objectRef<DocumentShape>('Document').implement({
  description: 'A knowledge base document. Its state shows in state, inQueues, progress, the file* fields and processingError.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    folder: t.exposeString('folder'),
    state: t.field({
      type: DocumentStateEnum,
      description: 'inQueues and processingError in one word (what documentsConnection(state:) filters by).',
      resolve: (document) => documentState(document),
    }),
    type: t.field({ type: DocumentTypeEnum, resolve: (document) => document.type }),
    url: t.string({ nullable: true, description: 'The source URL when type is URL.', resolve: (document) => document.url }),
    fileOriginal: t.string({ nullable: true, resolve: (document) => documentFilenames(document).original }),
    fileDigitized: t.string({ nullable: true, resolve: (document) => documentFilenames(document).digitized }),
    fileRewrittenDraft: t.string({ nullable: true, resolve: (document) => documentFilenames(document).draft }),
    fileRewritten: t.string({ nullable: true, resolve: (document) => documentFilenames(document).rewritten }),
    originalFormat: t.string({
      nullable: true,
      description: 'pdf, docx, html, text, markdown, audio or video.',
      resolve: (document) => document.original?.format ?? null,
    }),
    userEmail: t.string({ nullable: true, resolve: (document) => document.userEmail }),
    inQueues: t.field({ type: [DocumentQueueEnum], description: 'Empty once processing has ended.', resolve: (document) => document.inQueues }),
    expertName: t.string({ nullable: true, resolve: (document) => document.expertName }),
    autoRewrite: t.exposeBoolean('autoRewrite'),
    modelTier: t.field({ type: ModelTierEnum, resolve: (document) => document.modelTier }),
    useOriginalAsRewritten: t.exposeBoolean('useOriginalAsRewritten'),
    rewriteModel: t.string({ nullable: true, description: 'The LLM that wrote the rewrite.', resolve: (document) => document.rewriteModel }),
    rewriteInputTokens: t.int({ nullable: true, resolve: (document) => document.rewriteInputTokens }),
    rewriteOutputTokens: t.int({ nullable: true, resolve: (document) => document.rewriteOutputTokens }),
    rewriteCompletedAt: t.field({ type: 'DateTime', nullable: true, resolve: (document) => document.rewriteCompletedAt }),
    processingError: t.string({
      nullable: true,
      description: 'Readable reason when the last processing run failed.',
      resolve: (document) => document.processingError,
    }),
    isEmbedded: t.boolean({ description: 'Included in the last successful embedding run.', resolve: (document) => document.isEmbedded }),
    digitizedCharCount: t.int({ resolve: (document) => documentCharCounts(document).digitized }),
    draftRewriteCharCount: t.int({ resolve: (document) => documentCharCounts(document).draft }),
    finalRewriteCharCount: t.int({ resolve: (document) => documentCharCounts(document).rewritten }),
    content: t.string({
      nullable: true,
      description: 'The text of that kind, null when it does not exist. A binary ORIGINAL (PDF, DOCX, audio, video) comes base64-encoded.',
      args: { kind: t.arg({ type: DocumentContentKindEnum, required: true }) },
      resolve: (document, args, ctx) => resolvers.content(ctx, document, args),
    }),
    progress: t.field({
      type: ProgressRef,
      nullable: true,
      description: 'The running job: digitizing (downloading, extracting, or transcribing by seconds of audio) or rewriting (draft, then final).',
      resolve: (document) => documentProgress(document),
    }),
    queue: t.field({
      type: QueueWaitRef,
      nullable: true,
      description: 'Why the digitizing or rewrite has not started yet, and when it should; null once it runs or when none is under way.',
      resolve: (document, _args, ctx) => ctx.domain.documentProcessing.queueWait(document),
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (document) => document.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (document) => document.updatedAt }),
    deleted: t.boolean({ description: 'True only on the last subscription event of a deleted document.', resolve: (document) => document.deleted ?? false }),
  }),
});
