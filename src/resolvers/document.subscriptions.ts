import type { DocumentRecord } from '../domain/knowledge-base/knowledge-base.types';
import type { ChangeEvent } from '../domain/domain';
import type { GraphqlContext } from './context';

export function documentUpdated(ctx: GraphqlContext, args: { partner: string; kb: string }) {
  return ctx.domain.documents.watchDocuments(args.partner, args.kb);
}

export function documentRewriteOutput(ctx: GraphqlContext, args: { partner: string; kb: string; id: string | number; after?: number | null }) {
  return ctx.domain.documentProcessing.followRewriteOutput(args.partner, args.kb, args.id, args.after ?? null);
}

export function documentOf(event: ChangeEvent<DocumentRecord>) {
  return { ...event.data, deleted: event.deleted };
}
