import type { GraphqlContext } from './context';

/** The voice subscriptions: the domain's live streams, current state first. */
export function voiceUpdated(ctx: GraphqlContext, args: { partner: string; name: string }) {
  return ctx.domain.voices.watch(args.partner, args.name);
}

export function voicesUpdated(ctx: GraphqlContext, args: { partner: string }) {
  return ctx.domain.voices.watchAll(args.partner);
}
