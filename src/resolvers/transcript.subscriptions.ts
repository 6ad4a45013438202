import { requireCaller, type GraphqlContext } from './context';

export function transcriptUpdated(ctx: GraphqlContext, args: { id: string | number }) {
  return ctx.domain.transcripts.watch(requireCaller(ctx), String(args.id));
}

export function transcriptOutput(ctx: GraphqlContext, args: { id: string | number; after?: number | null }) {
  return ctx.domain.transcripts.followOutput(requireCaller(ctx), String(args.id), args.after ?? null);
}
