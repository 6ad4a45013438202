import type { PageRequest } from '../domain/shared/pagination';
import { sortByName, type VoiceFilter } from '../domain/voice/voice.types';
import type { GraphqlContext } from './context';
import { loadAll } from './loaders';

type VoiceArgs = { partner: string; name: string };

/** The voice queries: one domain read each; the list goes through the request's loader. */
export async function voices(ctx: GraphqlContext, args: { partner: string }) {
  return sortByName(await loadAll(ctx.loaders.voiceById, await ctx.domain.voices.listIds(args.partner)));
}

/** A page of the partner's voices; the domain reads and filters it. */
export function voicesConnection(ctx: GraphqlContext, args: PageRequest & { partner: string } & VoiceFilter) {
  const { partner, status, splitting, embedding, ...page } = args;
  return ctx.domain.voices.page(partner, page, { status, splitting, embedding });
}

export function voice(ctx: GraphqlContext, args: VoiceArgs) {
  return ctx.domain.voices.find(args.partner, args.name);
}
