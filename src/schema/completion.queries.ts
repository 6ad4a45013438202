import { completion } from '../resolvers/completion.queries';
import { builder } from './builder';
import { CompletionRef } from './completion';

builder.queryField('completion', (t) =>
  t.field({
    type: CompletionRef,
    args: { id: t.arg.id({ required: true, description: '/v2/completions/<uuid> or the bare uuid.' }) },
    authScopes: { owner: true },
    resolve: (_root, args, ctx) => completion(ctx, args),
  }),
);
