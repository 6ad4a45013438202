import * as resolvers from '../resolvers/voice.queries';
import { builder } from './builder';
import { ProcessingStatusEnum } from './processing-status';
import { VoiceRef } from './voice';

builder.queryFields((t) => ({
  voices: t.field({
    type: [VoiceRef],
    args: { partner: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.voices(ctx, args),
  }),
  voicesConnection: t.connection(
    {
      type: VoiceRef,
      description: `The partner's voices in name order, a page at a time (first/after forward, last/before backward; at most 100 a page, 20 by default). Every filter given must hold. Cursors are the voices' places by name: they stay valid while voices come and go.`,
      args: {
        partner: t.arg.string({ required: true }),
        status: t.arg({ type: ProcessingStatusEnum, description: 'The overall status (VoiceStatus.overall).' }),
        splitting: t.arg({ type: ProcessingStatusEnum }),
        embedding: t.arg({ type: ProcessingStatusEnum }),
      },
      authScopes: (_root, args) => ({ partner: args.partner }),
      resolve: (_root, args, ctx) => resolvers.voicesConnection(ctx, args),
    },
    { name: 'VoiceConnection' },
    { name: 'VoiceEdge' },
  ),
  voice: t.field({
    type: VoiceRef,
    nullable: true,
    args: { partner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.voice(ctx, args),
  }),
}));
