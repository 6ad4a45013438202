import type { ContentKind, DocumentRecord } from '../domain/knowledge-base/knowledge-base.types';
import type { GraphqlContext } from './context';

export async function content(ctx: GraphqlContext, document: DocumentRecord, args: { kind: ContentKind }): Promise<string | null> {
  return (await ctx.domain.documentContent.contentOf(document, args.kind))?.content ?? null;
}
