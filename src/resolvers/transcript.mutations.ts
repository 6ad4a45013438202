import { parseSubmitTranscriptArgs, type SubmitTranscriptArgs } from '../domain/transcription/transcript.inputs';
import { requireCaller, type GraphqlContext } from './context';

export function submitTranscript(ctx: GraphqlContext, args: { input: SubmitTranscriptArgs }) {
  return ctx.domain.transcripts.submit(requireCaller(ctx), parseSubmitTranscriptArgs(args.input), ctx.requestId);
}
