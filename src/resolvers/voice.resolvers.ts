import type { VoiceRecord } from '../domain/voice/voice.types';
import { createVoiceInput, embedVoiceInput, preferredSampleInput, renameVoiceInput, splitVoiceInput } from '../domain/voice/voice.inputs';
import { sortByName } from '../domain/voice/voice.service';
import { Invalid } from '../domain/errors';
import { parseInput } from '../domain/shared/validation';
import type { UploadedFile } from '../domain/shared/uploaded-file';
import type { GraphqlContext } from './context';

/** REST path of a voice, which GraphQL hands out for its audio files. */
export function voiceUrl(voice: VoiceRecord): string {
  return `/api/voices/${encodeURIComponent(voice.partner)}/${encodeURIComponent(voice.name)}`;
}

type Ctx = GraphqlContext;

/** GraphQL's doors to the voice service: authorize, validate with the domain schemas, call. */
export const voiceResolvers = {
  async voices(ctx: Ctx, partner: string) {
    const ids = await ctx.services.voices.listIds(partner);
    return sortByName(await ctx.loaders.voiceById.loadMany(ids));
  },

  async voice(ctx: Ctx, partner: string, name: string) {
    return ctx.services.voices.find(partner, name);
  },

  async createVoice(ctx: Ctx, args: { partner: string; name: string; file?: UploadedFile | null; creatorName?: string | null; creatorEmail?: string | null }) {
    const input = parseInput(createVoiceInput, { name: args.name, creator_name: args.creatorName ?? undefined, creator_email: args.creatorEmail ?? undefined });
    return ctx.services.voices.create(args.partner, { name: input.name, creatorName: input.creator_name, creatorEmail: input.creator_email }, args.file ?? undefined);
  },

  async renameVoice(ctx: Ctx, partner: string, name: string, newName: string) {
    return ctx.services.voices.rename(partner, name, parseInput(renameVoiceInput, { name: newName }).name);
  },

  async deleteVoice(ctx: Ctx, partner: string, name: string) {
    await ctx.services.voices.delete(partner, name);
    return true;
  },

  async uploadVoiceSample(ctx: Ctx, partner: string, name: string, file: UploadedFile) {
    const sample = await ctx.services.voices.addSample(partner, name, file);
    const voice = await ctx.services.voices.get(partner, name);
    return { voice, sample };
  },

  async deleteVoiceSample(ctx: Ctx, partner: string, name: string, index: number) {
    if (index < 0) throw Invalid.param('index', 'must not be negative');
    return ctx.services.voices.deleteSample(partner, name, index);
  },

  async splitVoice(ctx: Ctx, partner: string, name: string, maxSamples?: number | null, sampleDuration?: number | null) {
    const input = parseInput(splitVoiceInput, { max_samples: maxSamples ?? undefined, sample_duration: sampleDuration ?? undefined });
    return ctx.services.voices.split(partner, name, { maxSamples: input.max_samples, sampleDurationSeconds: input.sample_duration });
  },

  async embedVoice(ctx: Ctx, partner: string, name: string, ttsType?: string | null) {
    const input = parseInput(embedVoiceInput, { tts_type: ttsType ?? undefined });
    return ctx.services.voices.embed(partner, name, input.tts_type);
  },

  async deleteVoiceTestFiles(ctx: Ctx, partner: string, name: string, ttsType: string) {
    return ctx.services.voices.deleteTestFiles(partner, name, parseInput(embedVoiceInput, { tts_type: ttsType }).tts_type ?? ttsType);
  },

  async setPreferredSample(ctx: Ctx, partner: string, name: string, sampleIndex?: number | null) {
    const input = parseInput(preferredSampleInput, { sample_index: sampleIndex ?? '' });
    return ctx.services.voices.setPreferredSample(partner, name, input.sample_index);
  },

  voiceUpdated(ctx: Ctx, partner: string, name: string) {
    return ctx.services.voices.watch(partner, name);
  },

  voicesUpdated(ctx: Ctx, partner: string) {
    return ctx.services.voices.watchAll(partner);
  },
};
