import type { ChangeEvent } from '../store/record-store';
import type { VoiceRecord } from '../domain/voice/voice.types';
import { voiceResolvers as resolvers } from '../resolvers/voice.resolvers';
import { builder } from './builder';
import { VoiceRef, type VoiceShape } from './voice';
import { VoiceSampleRef } from './voice-sample';

const toVoice = (event: ChangeEvent<VoiceRecord>): VoiceShape => ({ ...event.data, deleted: event.deleted });

builder.queryFields((t) => ({
  voices: t.field({
    type: [VoiceRef],
    args: { partner: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.voices(ctx, args.partner),
  }),
  voice: t.field({
    type: VoiceRef,
    nullable: true,
    args: { partner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.voice(ctx, args.partner, args.name),
  }),
}));

builder.mutationFields((t) => ({
  createVoice: t.field({
    type: VoiceRef,
    description: 'Creates a voice; with a file, splitting and then embedding start on their own.',
    args: {
      partner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      file: t.arg({ type: 'Upload' }),
      creatorName: t.arg.string(),
      creatorEmail: t.arg.string(),
    },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.createVoice(ctx, args),
  }),
  createEmptyVoice: t.field({
    type: VoiceRef,
    args: { partner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.createVoice(ctx, { partner: args.partner, name: args.name }),
  }),
  renameVoice: t.field({
    type: VoiceRef,
    args: { partner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), newName: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.renameVoice(ctx, args.partner, args.name, args.newName),
  }),
  deleteVoice: t.boolean({
    args: { partner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.deleteVoice(ctx, args.partner, args.name),
  }),
  uploadVoiceSample: t.field({
    type: VoiceSampleRef,
    args: { partner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), file: t.arg({ type: 'Upload', required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.uploadVoiceSample(ctx, args.partner, args.name, args.file),
  }),
  deleteVoiceSample: t.field({
    type: VoiceRef,
    args: { partner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), index: t.arg.int({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.deleteVoiceSample(ctx, args.partner, args.name, args.index),
  }),
  splitVoice: t.field({
    type: VoiceRef,
    description: 'Re-splits the original recording, replacing the samples.',
    args: {
      partner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      maxSamples: t.arg.int({ description: '1-100, default 25.' }),
      sampleDuration: t.arg.int({ description: 'Seconds, 5-60, default 15.' }),
    },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.splitVoice(ctx, args.partner, args.name, args.maxSamples, args.sampleDuration),
  }),
  embedVoice: t.field({
    type: VoiceRef,
    args: { partner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), ttsType: t.arg.string() },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.embedVoice(ctx, args.partner, args.name, args.ttsType),
  }),
  deleteVoiceTestFiles: t.field({
    type: VoiceRef,
    args: { partner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), ttsType: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.deleteVoiceTestFiles(ctx, args.partner, args.name, args.ttsType),
  }),
  setPreferredSample: t.field({
    type: VoiceRef,
    description: 'Sets the preferred sample; a null index clears it.',
    args: { partner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), sampleIndex: t.arg.int() },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.setPreferredSample(ctx, args.partner, args.name, args.sampleIndex),
  }),
}));

builder.subscriptionFields((t) => ({
  voiceUpdated: t.field({
    type: VoiceRef,
    description: 'The voice now, then after every change; ends after the event of its deletion.',
    args: { partner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    subscribe: (_root, args, ctx) => resolvers.voiceUpdated(ctx, args.partner, args.name),
    resolve: (event: ChangeEvent<VoiceRecord>) => toVoice(event),
  }),
  voicesUpdated: t.field({
    type: VoiceRef,
    description: "Every voice of the partner now, then each voice that changes (deletions have deleted: true).",
    args: { partner: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    subscribe: (_root, args, ctx) => resolvers.voicesUpdated(ctx, args.partner),
    resolve: (event: ChangeEvent<VoiceRecord>) => toVoice(event),
  }),
}));
