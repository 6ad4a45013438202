import { buffer } from 'node:stream/consumers';
import { NotFound } from '../domain/errors';
import type { ContentType } from '../domain/knowledge-base/content-types';
import { TEXT_FORMATS } from '../domain/knowledge-base/document-files';
import {
  batchInput,
  bulkRewriteInput,
  contentInput,
  createDocumentInput,
  createKnowledgeBaseInput,
  deleteDocumentInput,
  documentTypeInput,
  documentUrlInput,
  emptyDocumentInput,
  folderInput,
  queueProcessInput,
  renameDocumentInput,
  startEmbeddingInput,
} from '../domain/knowledge-base/kb.inputs';
import { byCreation, folderInfos } from '../domain/knowledge-base/kb.service';
import {
  statsOf,
  type ContentKind,
  type DocumentRecord,
  type DocumentType,
  type KnowledgeBaseRecord,
  type ModelTier,
  type ProcessAction,
} from '../domain/knowledge-base/kb.types';
import { parseInput } from '../domain/shared/validation';
import type { UploadedFile } from '../domain/shared/uploaded-file';
import type { GraphqlContext } from './context';

type Ctx = GraphqlContext;
type Maybe<T> = T | null | undefined;

const given = <T>(value: Maybe<T>): T | undefined => value ?? undefined;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A document id argument; anything that is not one of our ids names no document, as on REST. */
function documentId(id: string | number): string {
  const text = String(id);
  if (!UUID.test(text)) throw new NotFound('Document not found');
  return text.toLowerCase();
}

export interface DocumentOptionArgs {
  expertName?: Maybe<string>;
  userEmail?: Maybe<string>;
  autoRewrite?: Maybe<boolean>;
  modelTier?: Maybe<ModelTier>;
  useOriginalAsRewritten?: Maybe<boolean>;
}

export interface CreateDocumentArgs extends DocumentOptionArgs {
  partner: string;
  kb: string;
  folder: string;
  type?: Maybe<DocumentType>;
  file?: Maybe<UploadedFile>;
  url?: Maybe<string>;
  name?: Maybe<string>;
}

export interface RewriteArgs {
  contentType?: Maybe<ContentType>;
  personName?: Maybe<string>;
}

const documentOptions = (args: DocumentOptionArgs) => ({
  expert_name: given(args.expertName),
  user_email: given(args.userEmail),
  auto_rewrite: given(args.autoRewrite),
  model_tier: given(args.modelTier),
  use_original_as_rewritten: given(args.useOriginalAsRewritten),
});

/**
 * GraphQL's doors to the knowledge base service: authorize, validate with the domain schemas
 * under the REST parameter names (so messages and extensions.errors match REST), call.
 */
export const knowledgeBaseResolvers = {
  async knowledgeBases(ctx: Ctx, partner: string) {
    const kbs = await ctx.services.knowledgeBases.list(partner);
    for (const kb of kbs) ctx.loaders.knowledgeBaseById.prime(kb.id, kb);
    return kbs;
  },

  async knowledgeBase(ctx: Ctx, partner: string, name: string) {
    return ctx.services.knowledgeBases.find(partner, name);
  },

  async document(ctx: Ctx, partner: string, kbName: string, id: string | number) {
    if (!UUID.test(String(id))) return null;
    const kb = await ctx.services.knowledgeBases.find(partner, kbName);
    if (!kb) return null;
    const document = await ctx.loaders.documentById.load(String(id).toLowerCase());
    return document && document.kbId === kb.id ? document : null;
  },

  /** One SMEMBERS and one MGET per request, whatever the number of documents or fields asking. */
  async documentsOf(ctx: Ctx, kb: KnowledgeBaseRecord): Promise<DocumentRecord[]> {
    const ids = await ctx.loaders.documentIdsByKb.load(kb.id);
    const documents = await ctx.loaders.documentById.loadMany(ids);
    return documents
      .filter((document): document is DocumentRecord => document !== null && !(document instanceof Error) && document.kbId === kb.id)
      .sort(byCreation);
  },

  async folders(ctx: Ctx, kb: KnowledgeBaseRecord) {
    return folderInfos(kb, await knowledgeBaseResolvers.documentsOf(ctx, kb));
  },

  async stats(ctx: Ctx, kb: KnowledgeBaseRecord) {
    return statsOf(await knowledgeBaseResolvers.documentsOf(ctx, kb));
  },

  /** A text of the document; binary originals (PDF, DOCX, media) come base64-encoded. Null when it does not exist. */
  async content(ctx: Ctx, document: DocumentRecord, kind: ContentKind): Promise<string | null> {
    const kbs = ctx.services.knowledgeBases;
    if (kind === 'original') {
      if (!document.original) return null;
      const bytes = await buffer(kbs.openBlob(document.original.blobId));
      return bytes.toString(TEXT_FORMATS.includes(document.original.format) ? 'utf8' : 'base64');
    }
    const file = document[kind];
    return file ? kbs.readText(file.blobId) : null;
  },

  async createKnowledgeBase(ctx: Ctx, args: { partner: string; name: string; expertName?: Maybe<string>; userEmail?: Maybe<string> }) {
    const input = parseInput(createKnowledgeBaseInput, { name: args.name, expert_name: given(args.expertName), user_email: given(args.userEmail) });
    return ctx.services.knowledgeBases.create(args.partner, { name: input.name, expertName: input.expert_name, userEmail: input.user_email });
  },

  async deleteKnowledgeBase(ctx: Ctx, partner: string, name: string) {
    await ctx.services.knowledgeBases.delete(partner, name);
    return true;
  },

  async createFolder(ctx: Ctx, partner: string, kb: string, name: string) {
    return ctx.services.knowledgeBases.createFolder(partner, kb, parseInput(folderInput, { name }).name);
  },

  async deleteFolder(ctx: Ctx, partner: string, kb: string, name: string) {
    await ctx.services.knowledgeBases.deleteFolder(partner, kb, name);
    return true;
  },

  /** The type follows from what was sent (a file or a URL) unless given. */
  async createDocument(ctx: Ctx, args: CreateDocumentArgs) {
    const input = parseInput(createDocumentInput, {
      type: args.type ?? (args.file ? 'file' : 'url'),
      folder: args.folder,
      url: given(args.url),
      name: given(args.name),
      ...documentOptions(args),
    });
    return ctx.services.knowledgeBases.createDocument(args.partner, args.kb, input, given(args.file));
  },

  async createDocumentsBatch(ctx: Ctx, args: DocumentOptionArgs & { partner: string; kb: string; folder: string; urls: readonly string[] }) {
    const input = parseInput(batchInput, { folder: args.folder, urls: args.urls, ...documentOptions(args) });
    return ctx.services.knowledgeBases.createBatch(args.partner, args.kb, input);
  },

  async createEmptyDocument(
    ctx: Ctx,
    args: { partner: string; kb: string; name: string; folder: string; type: DocumentType; url?: Maybe<string>; expertName?: Maybe<string>; userEmail?: Maybe<string> },
  ) {
    const input = parseInput(emptyDocumentInput, {
      name: args.name,
      folder: args.folder,
      type: args.type,
      url: given(args.url),
      expert_name: given(args.expertName),
      user_email: given(args.userEmail),
    });
    return ctx.services.knowledgeBases.createEmptyDocument(args.partner, args.kb, input);
  },

  async renameDocument(ctx: Ctx, partner: string, kb: string, id: string | number, name: string) {
    const input = parseInput(renameDocumentInput, { name });
    return ctx.services.knowledgeBases.renameDocument(partner, kb, documentId(id), input.name);
  },

  async updateDocumentType(ctx: Ctx, partner: string, kb: string, id: string | number, type: DocumentType, url?: Maybe<string>) {
    const input = parseInput(documentTypeInput, { type, url: given(url) });
    return ctx.services.knowledgeBases.setDocumentType(partner, kb, documentId(id), input.type, input.url);
  },

  async updateDocumentUrl(ctx: Ctx, partner: string, kb: string, id: string | number, url: string) {
    const input = parseInput(documentUrlInput, { url });
    return ctx.services.knowledgeBases.setDocumentUrl(partner, kb, documentId(id), input.url);
  },

  async deleteDocument(ctx: Ctx, partner: string, kb: string, id: string | number, force?: Maybe<boolean>) {
    const input = parseInput(deleteDocumentInput, { force: given(force) });
    await ctx.services.knowledgeBases.deleteDocument(partner, kb, documentId(id), input.force);
    return true;
  },

  async updateDocumentContent(ctx: Ctx, partner: string, kb: string, id: string | number, kind: ContentKind, content: string) {
    const input = parseInput(contentInput, { content });
    return ctx.services.knowledgeBases.writeContent(partner, kb, documentId(id), kind, input.content);
  },

  async uploadDocumentContent(ctx: Ctx, partner: string, kb: string, id: string | number, kind: ContentKind, file: UploadedFile) {
    return ctx.services.knowledgeBases.uploadContent(partner, kb, documentId(id), kind, file);
  },

  async queueDocumentProcessing(ctx: Ctx, args: RewriteArgs & { partner: string; kb: string; id: string | number; action?: Maybe<ProcessAction> }) {
    const input = parseInput(queueProcessInput, {
      document: { id: String(args.id) },
      action: given(args.action),
      partner: args.partner,
      kb: args.kb,
      content_type: given(args.contentType),
      person_name: given(args.personName),
    });
    return ctx.services.knowledgeBases.queueProcess(input.partner, input.kb, documentId(input.document.id), input.action, {
      contentType: input.content_type,
      personName: input.person_name ?? null,
    });
  },

  async bulkRewrite(ctx: Ctx, args: RewriteArgs & { partner: string; kb: string; folder: string | null; skipRewritten?: Maybe<boolean> }) {
    const input = parseInput(bulkRewriteInput, {
      skip_rewritten: given(args.skipRewritten),
      content_type: given(args.contentType),
      person_name: given(args.personName),
    });
    return ctx.services.knowledgeBases.bulkRewrite(args.partner, args.kb, args.folder, {
      skipRewritten: input.skip_rewritten,
      contentType: input.content_type,
      personName: input.person_name ?? null,
    });
  },

  async startKnowledgeBaseEmbedding(ctx: Ctx, partner: string, kb: string, splitLevel?: Maybe<number>, language?: Maybe<string>) {
    const input = parseInput(startEmbeddingInput, { split_level: given(splitLevel), language: given(language) });
    return ctx.services.knowledgeBases.startEmbedding(partner, kb, { splitLevel: input.split_level, language: input.language });
  },

  documentUpdated(ctx: Ctx, partner: string, kb: string) {
    return ctx.services.knowledgeBases.watchDocuments(partner, kb);
  },

  knowledgeBaseEmbeddingUpdated(ctx: Ctx, partner: string, kb: string) {
    return ctx.services.knowledgeBases.watchEmbedding(partner, kb);
  },
};
