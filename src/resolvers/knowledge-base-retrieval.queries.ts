import { retrieveInput, startEmbeddingInput } from '../domain/knowledge-base/knowledge-base.inputs';
import { parseInput } from '../domain/shared/validation';
import type { GraphqlContext } from './context';
import { underRestNames } from './under-rest-names';

type Maybe<T> = T | null | undefined;

export async function searchKnowledgeBase(
  ctx: GraphqlContext,
  args: {
    partner: string;
    kb: string;
    query: string;
    topK?: Maybe<number>;
    mode?: Maybe<string>;
    scoreThreshold?: Maybe<number>;
    folder?: Maybe<string>;
    documentIds?: Maybe<string[]>;
  },
) {
  const { partner, kb, ...query } = args;
  return ctx.domain.retrieval.search(partner, kb, parseInput(retrieveInput, underRestNames(query)));
}

export async function embeddingPreview(ctx: GraphqlContext, args: { partner: string; kb: string; splitLevel?: Maybe<number>; language?: Maybe<string> }) {
  const { partner, kb, ...settings } = args;
  const given = underRestNames(settings);
  const parsed = parseInput(startEmbeddingInput, given);
  return ctx.domain.knowledgeBaseEmbedding.preview(partner, kb, {
    ...(given.split_level !== undefined ? { splitLevel: parsed.splitLevel } : {}),
    ...(given.language !== undefined ? { language: parsed.language } : {}),
  });
}
