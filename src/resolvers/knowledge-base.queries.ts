import type { GraphqlContext } from './context';

export async function knowledgeBases(ctx: GraphqlContext, args: { partner: string }) {
  const kbs = await ctx.domain.knowledgeBases.list(args.partner);
  for (const kb of kbs) ctx.loaders.knowledgeBaseById.prime(kb.id, kb);
  return kbs;
}

export async function knowledgeBase(ctx: GraphqlContext, args: { partner: string; name: string }) {
  return ctx.domain.knowledgeBases.find(args.partner, args.name);
}
