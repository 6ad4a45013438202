import { requireCaller, type GraphqlContext } from './context';

export function completion(ctx: GraphqlContext, args: { id: string | number }) {
  return ctx.services.completions.get(requireCaller(ctx), String(args.id));
}
