import type { GraphqlContext } from './context';

export function engines(ctx: GraphqlContext) {
  return ctx.domain.engines.list();
}
