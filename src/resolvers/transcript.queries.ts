import { requireCaller, type GraphqlContext } from './context';

export function transcript(ctx: GraphqlContext, args: { id: string | number }) {
  return ctx.services.transcripts.get(requireCaller(ctx), String(args.id));
}
