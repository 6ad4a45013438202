import type { VoiceRecord } from '../domain/voice/voice.types';
import * as resolvers from '../resolvers/voice.subscriptions';
import type { ChangeEvent } from '../domain/domain';
import { builder } from './builder';
import { VoiceRef, type VoiceShape } from './voice';

const toVoice = (event: ChangeEvent<VoiceRecord>): VoiceShape => ({ ...event.data, deleted: event.deleted });

builder.subscriptionFields((t) => ({
  voiceUpdated: t.field({
    type: VoiceRef,
    description: 'The voice now, then after every change; ends after the event of its deletion.',
    args: { partner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    subscribe: (_root, args, ctx) => resolvers.voiceUpdated(ctx, args),
    resolve: (event: ChangeEvent<VoiceRecord>) => toVoice(event),
  }),
  voicesUpdated: t.field({
    type: VoiceRef,
    description: 'Every voice of the partner now, then each voice that changes (deletions have deleted: true).',
    args: { partner: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    subscribe: (_root, args, ctx) => resolvers.voicesUpdated(ctx, args),
    resolve: (event: ChangeEvent<VoiceRecord>) => toVoice(event),
  }),
}));
