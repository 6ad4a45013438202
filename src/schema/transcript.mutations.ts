import { submitTranscript } from '../resolvers/transcript.mutations';
import { builder } from './builder';
import { SubmitTranscriptInput, TranscriptRef } from './transcript';

builder.mutationField('submitTranscript', (t) =>
  t.field({
    type: TranscriptRef,
    description: 'Queues a transcription; follow it with transcriptUpdated.',
    args: { input: t.arg({ type: SubmitTranscriptInput, required: true }) },
    authScopes: { owner: true },
    resolve: (_root, args, ctx) => submitTranscript(ctx, args),
  }),
);
