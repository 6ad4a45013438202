import * as resolvers from '../resolvers/voice.queries';
import { builder } from './builder';
import { VoiceRef } from './voice';

builder.queryFields((t) => ({
  voices: t.field({
    type: [VoiceRef],
    args: { partner: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.voices(ctx, args),
  }),
  voice: t.field({
    type: VoiceRef,
    nullable: true,
    args: { partner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.voice(ctx, args),
  }),
}));
