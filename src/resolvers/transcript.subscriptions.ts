import { requireCaller, type GraphqlContext } from './context';

export function transcriptUpdated(ctx: GraphqlContext, args: { id: string | number }) {
  return ctx.domain.transcripts.watch(requireCaller(ctx), String(args.id));
}
