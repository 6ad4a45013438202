import type { GraphqlContext } from './context';

/** The voice subscriptions: the domain's live streams, current state first. */
export function voiceUpdated(ctx: GraphqlContext, args: { partner: string; name: string }) {
  return ctx.services.voices.watch(args.partner, args.name);
}

export function voicesUpdated(ctx: GraphqlContext, args: { partner: string }) {
  return ctx.services.voices.watchAll(args.partner);
}
