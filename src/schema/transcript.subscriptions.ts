import type { TranscriptRecord } from '../domain/transcription/transcript.types';
import { transcriptOutput, transcriptUpdated } from '../resolvers/transcript.subscriptions';
import type { OutputEvent } from '../domain/output/output-log';
import type { ChangeEvent } from '../domain/domain';
import { builder } from './builder';
import { OutputEventRef } from './output-event';
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

builder.subscriptionField('transcriptOutput', (t) =>
  t.field({
    type: OutputEventRef,
    description:
      "The text as it grows, one event a segment in the recording's order: the events after `after`, or first a snapshot (reset, the whole text so far), then each new one; ends after done, with the output then exactly the transcript's text. Same access as transcript(id).",
    args: { id: t.arg.id({ required: true }), after: t.arg.int({ description: 'The last seq you have: replay resumes after it.' }) },
    authScopes: { owner: true },
    subscribe: (_root, args, ctx) => transcriptOutput(ctx, args),
    resolve: (event: OutputEvent) => event,
  }),
);
