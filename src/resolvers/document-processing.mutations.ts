import type { ContentType } from '../domain/knowledge-base/content-types';
import { bulkRewriteInput, queueProcessInput } from '../domain/knowledge-base/knowledge-base.inputs';
import type { ProcessAction } from '../domain/knowledge-base/knowledge-base.types';
import { parseInput } from '../domain/shared/validation';
import type { GraphqlContext } from './context';
import { underRestNames } from './under-rest-names';

type Ctx = GraphqlContext;
type Maybe<T> = T | null | undefined;

interface RewriteArgs {
  partner: string;
  kb: string;
  contentType?: Maybe<ContentType>;
  personName?: Maybe<string>;
}

type BulkRewriteArgs = RewriteArgs & { skipRewritten?: Maybe<boolean> };

export async function queueDocumentProcessing(ctx: Ctx, args: RewriteArgs & { id: string | number; action?: Maybe<ProcessAction> }) {
  const input = parseInput(queueProcessInput, { ...underRestNames(args), document: { id: String(args.id) } });
  return ctx.domain.documentProcessing.queueProcess(input.partner, input.kb, input, ctx.requestId);
}

export async function bulkRewriteFolder(ctx: Ctx, args: BulkRewriteArgs & { folder: string }) {
  return ctx.domain.documentProcessing.bulkRewrite(args.partner, args.kb, args.folder, parseInput(bulkRewriteInput, underRestNames(args)), ctx.requestId);
}

export async function bulkRewriteKnowledgeBase(ctx: Ctx, args: BulkRewriteArgs) {
  return ctx.domain.documentProcessing.bulkRewrite(args.partner, args.kb, null, parseInput(bulkRewriteInput, underRestNames(args)), ctx.requestId);
}
