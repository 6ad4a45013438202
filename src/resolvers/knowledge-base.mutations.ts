import { createKnowledgeBaseInput } from '../domain/knowledge-base/knowledge-base.inputs';
import { parseInput } from '../domain/shared/validation';
import type { GraphqlContext } from './context';
import { underRestNames } from './under-rest-names';

type Maybe<T> = T | null | undefined;

export async function createKnowledgeBase(ctx: GraphqlContext, args: { partner: string; name: string; expertName?: Maybe<string>; userEmail?: Maybe<string> }) {
  return ctx.domain.knowledgeBases.create(args.partner, parseInput(createKnowledgeBaseInput, underRestNames(args)));
}

export async function deleteKnowledgeBase(ctx: GraphqlContext, args: { partner: string; name: string }) {
  await ctx.domain.knowledgeBases.delete(args.partner, args.name);
  return true;
}
