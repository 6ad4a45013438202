import type { PageRequest } from '../domain/shared/pagination';
import type { TranscriptStatus } from '../domain/transcription/transcript.types';
import { requireCaller, type GraphqlContext } from './context';

export function transcript(ctx: GraphqlContext, args: { id: string | number }) {
  return ctx.domain.transcripts.get(requireCaller(ctx), String(args.id));
}

export function recentTranscripts(ctx: GraphqlContext, args: { first: number }) {
  return ctx.domain.transcripts.recent(requireCaller(ctx), args.first);
}

export function transcriptsConnection(ctx: GraphqlContext, args: PageRequest & { status?: TranscriptStatus | null }) {
  const { status, ...page } = args;
  return ctx.domain.transcripts.page(requireCaller(ctx), page, { status });
}
