import { startEmbeddingInput } from '../domain/knowledge-base/knowledge-base.inputs';
import { parseInput } from '../domain/shared/validation';
import type { GraphqlContext } from './context';
import { underRestNames } from './under-rest-names';

type Maybe<T> = T | null | undefined;

export async function startKnowledgeBaseEmbedding(
  ctx: GraphqlContext,
  args: { partner: string; kb: string; splitLevel?: Maybe<number>; language?: Maybe<string> },
) {
  return ctx.domain.knowledgeBaseEmbedding.startEmbedding(args.partner, args.kb, parseInput(startEmbeddingInput, underRestNames(args)), ctx.requestId);
}
