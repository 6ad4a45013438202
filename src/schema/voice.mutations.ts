import * as resolvers from '../resolvers/voice.mutations';
import { builder } from './builder';
import { SplitModeEnum } from './split-mode';
import { VoiceRef } from './voice';
import { VoiceSampleRef, voiceSampleShape } from './voice-sample';

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
      splitMode: t.arg({ type: SplitModeEnum, description: 'How the file is split; FIXED by default.' }),
    },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.createVoice(ctx, args),
  }),
  createEmptyVoice: t.field({
    type: VoiceRef,
    args: { partner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.createEmptyVoice(ctx, args),
  }),
  renameVoice: t.field({
    type: VoiceRef,
    args: { partner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), newName: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.renameVoice(ctx, args),
  }),
  deleteVoice: t.boolean({
    args: { partner: t.arg.string({ required: true }), name: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.deleteVoice(ctx, args),
  }),
  uploadVoiceSample: t.field({
    type: VoiceSampleRef,
    args: { partner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), file: t.arg({ type: 'Upload', required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: async (_root, args, ctx) => {
      const { voice, sample } = await resolvers.uploadVoiceSample(ctx, args);
      return voiceSampleShape(voice, sample);
    },
  }),
  deleteVoiceSample: t.field({
    type: VoiceRef,
    args: { partner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), index: t.arg.int({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.deleteVoiceSample(ctx, args),
  }),
  splitVoice: t.field({
    type: VoiceRef,
    description: 'Re-splits the original recording, replacing the samples.',
    args: {
      partner: t.arg.string({ required: true }),
      name: t.arg.string({ required: true }),
      maxSamples: t.arg.int({ description: '1-100, default 25.' }),
      sampleDuration: t.arg.int({ description: 'Seconds, 5-60, default 15.' }),
      splitMode: t.arg({ type: SplitModeEnum, description: 'FIXED by default.' }),
    },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.splitVoice(ctx, args),
  }),
  embedVoice: t.field({
    type: VoiceRef,
    args: { partner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), ttsType: t.arg.string() },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.embedVoice(ctx, args),
  }),
  deleteVoiceTestFiles: t.field({
    type: VoiceRef,
    args: { partner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), ttsType: t.arg.string({ required: true }) },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.deleteVoiceTestFiles(ctx, args),
  }),
  setPreferredSample: t.field({
    type: VoiceRef,
    description: 'Sets the preferred sample; a null index clears it.',
    args: { partner: t.arg.string({ required: true }), name: t.arg.string({ required: true }), sampleIndex: t.arg.int() },
    authScopes: (_root, args) => ({ partner: args.partner }),
    resolve: (_root, args, ctx) => resolvers.setPreferredSample(ctx, args),
  }),
}));
