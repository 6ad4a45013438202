import { requireCaller, type GraphqlContext } from './context';

export function completionUpdated(ctx: GraphqlContext, args: { id: string | number }) {
  return ctx.domain.completions.watch(requireCaller(ctx), String(args.id));
}

export function completionOutput(ctx: GraphqlContext, args: { id: string | number; after?: number | null }) {
  return ctx.domain.completions.followOutput(requireCaller(ctx), String(args.id), args.after ?? null);
}
