import { canAccessPartner } from '../domain/shared/caller';
import type { TranscriptSpeaker } from '../domain/transcription/transcript.types';
import type { VoiceRecord } from '../domain/voice/voice.types';
import type { GraphqlContext } from './context';

/** The voice a speaker was matched to, when it still exists and the caller may see its partner. */
export async function speakerVoice(ctx: GraphqlContext, speaker: TranscriptSpeaker): Promise<VoiceRecord | null> {
  if (!speaker.voice || !ctx.caller) return null;
  const voice = await ctx.loaders.voiceById.load(speaker.voice.voiceId);
  return voice && canAccessPartner(ctx.caller, voice.partner) ? voice : null;
}
