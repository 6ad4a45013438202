import { Invalid } from '../domain/errors';
import { parseInput } from '../domain/shared/validation';
import type { UploadedFile } from '../domain/shared/uploaded-file';
import {
  createEmptyVoiceInput,
  createVoiceInput,
  preferredSampleInput,
  renameVoiceInput,
  requiredTtsTypeInput,
  splitVoiceInput,
  ttsTypeInput,
} from '../domain/voice/voice.inputs';
import type { SplitMode } from '../domain/voice/voice.types';
import { underRestNames } from './under-rest-names';
import type { GraphqlContext } from './context';

// Each mutation parses its arguments with the domain's input, under the parameter names the
// REST API uses so that errors name the same parameters on both doors, and makes one domain call.

type Ctx = GraphqlContext;
type VoiceArgs = { partner: string; name: string };
type Optional<T> = T | null | undefined;

export function createVoice(
  ctx: Ctx,
  args: VoiceArgs & { file?: Optional<UploadedFile>; creatorName?: Optional<string>; creatorEmail?: Optional<string>; splitMode?: Optional<SplitMode> },
) {
  const input = parseInput(
    createVoiceInput,
    underRestNames({ name: args.name, creatorName: args.creatorName, creatorEmail: args.creatorEmail, splitMode: args.splitMode }),
  );
  return ctx.domain.voices.create(args.partner, input, args.file ?? undefined, ctx.requestId);
}

export function createEmptyVoice(ctx: Ctx, args: VoiceArgs) {
  return ctx.domain.voices.create(args.partner, parseInput(createEmptyVoiceInput, { name: args.name }), undefined, ctx.requestId);
}

export function renameVoice(ctx: Ctx, args: VoiceArgs & { newName: string }) {
  return ctx.domain.voices.rename(args.partner, args.name, parseInput(renameVoiceInput, { name: args.newName }));
}

export async function deleteVoice(ctx: Ctx, args: VoiceArgs) {
  await ctx.domain.voices.delete(args.partner, args.name);
  return true;
}

export function uploadVoiceSample(ctx: Ctx, args: VoiceArgs & { file: UploadedFile }) {
  return ctx.domain.voices.addSample(args.partner, args.name, args.file);
}

export function deleteVoiceSample(ctx: Ctx, args: VoiceArgs & { index: number }) {
  if (args.index < 0) throw Invalid.param('index', 'must not be negative');
  return ctx.domain.voices.deleteSample(args.partner, args.name, args.index);
}

export function splitVoice(ctx: Ctx, args: VoiceArgs & { maxSamples?: Optional<number>; sampleDuration?: Optional<number>; splitMode?: Optional<SplitMode> }) {
  const settings = parseInput(splitVoiceInput, underRestNames({ maxSamples: args.maxSamples, sampleDuration: args.sampleDuration, splitMode: args.splitMode }));
  return ctx.domain.voices.split(args.partner, args.name, settings, ctx.requestId);
}

export function embedVoice(ctx: Ctx, args: VoiceArgs & { ttsType?: Optional<string> }) {
  return ctx.domain.voices.embed(args.partner, args.name, parseInput(ttsTypeInput, underRestNames({ ttsType: args.ttsType })), ctx.requestId);
}

export function deleteVoiceTestFiles(ctx: Ctx, args: VoiceArgs & { ttsType: string }) {
  return ctx.domain.voices.deleteTestFiles(args.partner, args.name, parseInput(requiredTtsTypeInput, underRestNames({ ttsType: args.ttsType })));
}

export function setPreferredSample(ctx: Ctx, args: VoiceArgs & { sampleIndex?: Optional<number> }) {
  return ctx.domain.voices.setPreferredSample(args.partner, args.name, parseInput(preferredSampleInput, { sample_index: args.sampleIndex ?? '' }));
}
