import { contentInput } from '../domain/knowledge-base/knowledge-base.inputs';
import type { ContentKind } from '../domain/knowledge-base/knowledge-base.types';
import type { UploadedFile } from '../domain/shared/uploaded-file';
import { parseInput } from '../domain/shared/validation';
import type { GraphqlContext } from './context';
import { underRestNames } from './under-rest-names';

type ContentArgs = { partner: string; kb: string; id: string | number; kind: ContentKind };

export async function updateDocumentContent(ctx: GraphqlContext, args: ContentArgs & { content: string }) {
  const input = parseInput(contentInput, underRestNames(args));
  return ctx.domain.documentContent.writeContent(args.partner, args.kb, args.id, args.kind, input.content);
}

export async function uploadDocumentContent(ctx: GraphqlContext, args: ContentArgs & { file: UploadedFile }) {
  return ctx.domain.documentContent.uploadContent(args.partner, args.kb, args.id, args.kind, args.file);
}
