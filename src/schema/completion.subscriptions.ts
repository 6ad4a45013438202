import type { CompletionRecord } from '../domain/completion/completion.types';
import { completionUpdated } from '../resolvers/completion.subscriptions';
import type { ChangeEvent } from '../domain/domain';
import { builder } from './builder';
import { CompletionRef } from './completion';

builder.subscriptionField('completionUpdated', (t) =>
  t.field({
    type: CompletionRef,
    description: 'The completion now, then after every change; ends once it is COMPLETED or FAILED.',
    args: { id: t.arg.id({ required: true }) },
    authScopes: { owner: true },
    subscribe: (_root, args, ctx) => completionUpdated(ctx, args),
    resolve: (event: ChangeEvent<CompletionRecord>) => event.data,
  }),
);
