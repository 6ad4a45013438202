import { submitCompletion } from '../resolvers/completion.mutations';
import { builder } from './builder';
import { CompletionRef, SubmitCompletionInput } from './completion';

builder.mutationField('submitCompletion', (t) =>
  t.field({
    type: CompletionRef,
    description: 'Queues a completion; follow it with completionUpdated.',
    args: { input: t.arg({ type: SubmitCompletionInput, required: true }) },
    authScopes: { owner: true },
    resolve: (_root, args, ctx) => submitCompletion(ctx, args),
  }),
);
