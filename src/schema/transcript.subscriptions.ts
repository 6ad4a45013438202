import type { TranscriptRecord } from '../domain/transcription/transcript.types';
import { transcriptUpdated } from '../resolvers/transcript.subscriptions';
import type { ChangeEvent } from '../domain/domain';
import { builder } from './builder';
import { TranscriptRef } from './transcript';

builder.subscriptionField('transcriptUpdated', (t) =>
  t.field({
    type: TranscriptRef,
    description: 'The transcript now, then after every change; ends once it is COMPLETED or ERROR.',
    args: { id: t.arg.id({ required: true }) },
    authScopes: { owner: true },
    subscribe: (_root, args, ctx) => transcriptUpdated(ctx, args),
    resolve: (event: ChangeEvent<TranscriptRecord>) => event.data,
  }),
);
