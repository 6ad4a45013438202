import { parseSubmitCompletionArgs, type SubmitCompletionArgs } from '../domain/completion/completion.inputs';
import { requireCaller, type GraphqlContext } from './context';

export function submitCompletion(ctx: GraphqlContext, args: { input: SubmitCompletionArgs }) {
  return ctx.domain.completions.submit(requireCaller(ctx), parseSubmitCompletionArgs(args.input), ctx.requestId);
}
