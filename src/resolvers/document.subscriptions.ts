import type { DocumentRecord } from '../domain/knowledge-base/knowledge-base.types';
import type { ChangeEvent } from '../store/record-store';
import type { GraphqlContext } from './context';

export function documentUpdated(ctx: GraphqlContext, args: { partner: string; kb: string }) {
  return ctx.services.documents.watchDocuments(args.partner, args.kb);
}

export function documentOf(event: ChangeEvent<DocumentRecord>) {
  return { ...event.data, deleted: event.deleted };
}
