import { transcript } from '../resolvers/transcript.queries';
import { builder } from './builder';
import { TranscriptRef } from './transcript';

builder.queryField('transcript', (t) =>
  t.field({
    type: TranscriptRef,
    args: { id: t.arg.id({ required: true, description: '/v2/transcript/<uuid> or the bare uuid.' }) },
    authScopes: { owner: true },
    resolve: (_root, args, ctx) => transcript(ctx, args),
  }),
);
