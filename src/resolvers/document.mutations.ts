import {
  batchInput,
  createDocumentInput,
  deleteDocumentInput,
  documentTypeInput,
  documentUrlInput,
  emptyDocumentInput,
  renameDocumentInput,
} from '../domain/knowledge-base/knowledge-base.inputs';
import type { DocumentType, ModelTier } from '../domain/knowledge-base/knowledge-base.types';
import type { UploadedFile } from '../domain/shared/uploaded-file';
import { parseInput } from '../domain/shared/validation';
import type { GraphqlContext } from './context';
import { underRestNames } from './under-rest-names';

type Ctx = GraphqlContext;
type Maybe<T> = T | null | undefined;
type DocumentArgs = { partner: string; kb: string; id: string | number };

interface DocumentOptionArgs {
  expertName?: Maybe<string>;
  userEmail?: Maybe<string>;
  autoRewrite?: Maybe<boolean>;
  modelTier?: Maybe<ModelTier>;
  useOriginalAsRewritten?: Maybe<boolean>;
}

interface CreateDocumentArgs extends DocumentOptionArgs {
  partner: string;
  kb: string;
  folder: string;
  type?: Maybe<DocumentType>;
  file?: Maybe<UploadedFile>;
  url?: Maybe<string>;
  name?: Maybe<string>;
}

/** The type follows from what was sent (a file or a URL) unless given. */
export async function createDocument(ctx: Ctx, args: CreateDocumentArgs) {
  const input = parseInput(createDocumentInput, underRestNames({ ...args, type: args.type ?? (args.file ? 'file' : 'url') }));
  return ctx.domain.documents.createDocument(args.partner, args.kb, input, args.file ?? undefined, ctx.requestId);
}

export async function createDocumentsBatch(ctx: Ctx, args: DocumentOptionArgs & { partner: string; kb: string; folder: string; urls: readonly string[] }) {
  return ctx.domain.documents.createBatch(args.partner, args.kb, parseInput(batchInput, underRestNames(args)), ctx.requestId);
}

export async function createEmptyDocument(
  ctx: Ctx,
  args: {
    partner: string;
    kb: string;
    name: string;
    folder: string;
    type: DocumentType;
    url?: Maybe<string>;
    expertName?: Maybe<string>;
    userEmail?: Maybe<string>;
  },
) {
  return ctx.domain.documents.createEmptyDocument(args.partner, args.kb, parseInput(emptyDocumentInput, underRestNames(args)));
}

export async function renameDocument(ctx: Ctx, args: DocumentArgs & { name: string }) {
  const input = parseInput(renameDocumentInput, underRestNames(args));
  return ctx.domain.documents.renameDocument(args.partner, args.kb, args.id, input.name);
}

export async function updateDocumentType(ctx: Ctx, args: DocumentArgs & { type: DocumentType; url?: Maybe<string> }) {
  const input = parseInput(documentTypeInput, underRestNames(args));
  return ctx.domain.documents.setDocumentType(args.partner, args.kb, args.id, input.type, input.url);
}

export async function updateDocumentUrl(ctx: Ctx, args: DocumentArgs & { url: string }) {
  const input = parseInput(documentUrlInput, underRestNames(args));
  return ctx.domain.documents.setDocumentUrl(args.partner, args.kb, args.id, input.url);
}

export async function deleteDocument(ctx: Ctx, args: DocumentArgs & { force?: Maybe<boolean> }) {
  const input = parseInput(deleteDocumentInput, underRestNames(args));
  await ctx.domain.documents.deleteDocument(args.partner, args.kb, args.id, input.force);
  return true;
}
