import { requireCaller, type GraphqlContext } from './context';

export function completion(ctx: GraphqlContext, args: { id: string | number }) {
  return ctx.domain.completions.get(requireCaller(ctx), String(args.id));
}
