import { sortByName } from '../domain/voice/voice.types';
import type { GraphqlContext } from './context';
import { loadAll } from './loaders';

type VoiceArgs = { partner: string; name: string };

/** The voice queries: one domain read each; the list goes through the request's loader. */
export async function voices(ctx: GraphqlContext, args: { partner: string }) {
  return sortByName(await loadAll(ctx.loaders.voiceById, await ctx.domain.voices.listIds(args.partner)));
}

export function voice(ctx: GraphqlContext, args: VoiceArgs) {
  return ctx.domain.voices.find(args.partner, args.name);
}
