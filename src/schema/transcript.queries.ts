import { RECENT_TRANSCRIPTS_KEPT, TRANSCRIPTS_LISTED } from '../domain/transcription/transcript.repository';
import { recentTranscripts, transcript, transcriptsConnection } from '../resolvers/transcript.queries';
import { builder } from './builder';
import { TranscriptRef, TranscriptStatusEnum } from './transcript';

builder.queryField('transcript', (t) =>
  t.field({
    type: TranscriptRef,
    args: { id: t.arg.id({ required: true, description: '/v2/transcript/<uuid> or the bare uuid.' }) },
    authScopes: { owner: true },
    resolve: (_root, args, ctx) => transcript(ctx, args),
  }),
);

builder.queryField('recentTranscripts', (t) =>
  t.field({
    type: [TranscriptRef],
    description: `The transcripts this API key submitted, newest first; the ${RECENT_TRANSCRIPTS_KEPT} newest at most, and only while they are kept.`,
    args: {
      first: t.arg.int({ required: true, defaultValue: 20, description: `How many, 1 to ${RECENT_TRANSCRIPTS_KEPT}.` }),
    },
    authScopes: { owner: true },
    resolve: (_root, args, ctx) => recentTranscripts(ctx, args),
  }),
);

builder.queryField('transcriptsConnection', (t) =>
  t.connection(
    {
      type: TranscriptRef,
      description: `The transcripts this API key submitted, newest first, a page at a time (first/after forward, last/before backward; at most 100 a page, 20 by default): the ${TRANSCRIPTS_LISTED} newest at most, and only while they are kept. Cursors are submission times: newer transcripts do not shift later pages.`,
      args: { status: t.arg({ type: TranscriptStatusEnum, description: 'Only transcripts in this status.' }) },
      authScopes: { owner: true },
      resolve: (_root, args, ctx) => transcriptsConnection(ctx, args),
    },
    { name: 'TranscriptConnection' },
    { name: 'TranscriptEdge' },
  ),
);
