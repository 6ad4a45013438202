import { requireCaller, type GraphqlContext } from './context';

export function me(ctx: GraphqlContext) {
  return requireCaller(ctx);
}
