import { requireCaller, type GraphqlContext } from './context';

export function completionUpdated(ctx: GraphqlContext, args: { id: string | number }) {
  return ctx.domain.completions.watch(requireCaller(ctx), String(args.id));
}
