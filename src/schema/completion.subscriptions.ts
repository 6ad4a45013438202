import type { CompletionRecord } from '../domain/completion/completion.types';
import { completionOutput, completionUpdated } from '../resolvers/completion.subscriptions';
import type { OutputEvent } from '../domain/output/output-log';
import type { ChangeEvent } from '../domain/domain';
import { builder } from './builder';
import { CompletionRef } from './completion';
import { OutputEventRef } from './output-event';

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

builder.subscriptionField('completionOutput', (t) =>
  t.field({
    type: OutputEventRef,
    description:
      'The reply as the LLM writes it: the events after `after`, or first a snapshot (reset, the whole text so far), then each new one; ends after done. Same access as completion(id).',
    args: { id: t.arg.id({ required: true }), after: t.arg.int({ description: 'The last seq you have: replay resumes after it.' }) },
    authScopes: { owner: true },
    subscribe: (_root, args, ctx) => completionOutput(ctx, args),
    resolve: (event: OutputEvent) => event,
  }),
);
