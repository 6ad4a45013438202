import { requireCaller, type GraphqlContext } from './context';

export function transcript(ctx: GraphqlContext, args: { id: string | number }) {
  return ctx.domain.transcripts.get(requireCaller(ctx), String(args.id));
}

export function recentTranscripts(ctx: GraphqlContext, args: { first: number }) {
  return ctx.domain.transcripts.recent(requireCaller(ctx), args.first);
}
