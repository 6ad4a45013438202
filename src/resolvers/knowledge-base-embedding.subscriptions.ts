import type { KnowledgeBaseRecord } from '../domain/knowledge-base/knowledge-base.types';
import type { ChangeEvent } from '../domain/domain';
import type { GraphqlContext } from './context';

export function knowledgeBaseEmbeddingUpdated(ctx: GraphqlContext, args: { partner: string; kb: string }) {
  return ctx.domain.knowledgeBaseEmbedding.watchEmbedding(args.partner, args.kb);
}

export function embeddingStatusOf(event: ChangeEvent<KnowledgeBaseRecord>) {
  return { ...event.data, deleted: event.deleted };
}
