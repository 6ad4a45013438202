import type { TranscriptService } from '../domain/transcription/transcript.service';
import { applyTextOptions, applyWordOptions } from '../domain/transcription/transcript-text';
import { referenceSampleOf } from '../domain/transcription/speaker-voices';
import type {
  SpeakerVoice,
  TranscriptOptions,
  TranscriptRecord,
  TranscriptResult,
  TranscriptSpeaker,
  Utterance,
} from '../domain/transcription/transcript.types';
import type { VoiceService } from '../domain/voice/voice.service';
import type { DiarizingSpeechToTextClient } from '../engines/diarizing-speech-to-text.client';
import type { Ffmpeg } from '../engines/ffmpeg';
import { DiarizedSegments } from '../engines/long-audio/diarized-segments';
import type { Transcription } from '../engines/speech-to-text.client';
import type { BlobStore } from '../store/blob-store';

export interface SpeakerLabelDeps {
  ffmpeg: Ffmpeg;
  blobs: BlobStore;
  /** The diarizing engine (ASR_DIARIZE_MODEL); not configured, a speaker_labels transcript fails naming it. */
  diarizer: DiarizingSpeechToTextClient;
  voices: Pick<VoiceService, 'getMany'>;
}

/**
 * The segment engine of a transcript with speaker_labels: its segments go through the diarizing
 * engine in order, its named voices are recognised by their reference samples, and each
 * segment's utterances reach the transcript's subscribers as the segment comes back.
 */
export function speakerLabelEngine(deps: SpeakerLabelDeps & { transcripts: TranscriptService }, transcript: TranscriptRecord): DiarizedSegments {
  const { options } = transcript;
  return new DiarizedSegments({
    ffmpeg: deps.ffmpeg,
    client: deps.diarizer,
    voices: options.speakerVoices,
    language: options.languageAuto ? undefined : options.languageCode,
    withVoiceSample: async <T>(voice: SpeakerVoice, use: (path: string) => Promise<T>) => {
      // A voice deleted (or left without samples) since submission is not named: its speaker gets a letter.
      const [record] = await deps.voices.getMany([voice.voiceId]);
      const sample = record ? referenceSampleOf(record) : null;
      return sample ? deps.blobs.withLocalFile(sample.blobId, use) : null;
    },
    onUtterances: async (utterances) => {
      const heard = withTextOptions(utterances, options);
      await deps.transcripts.reportUtterances(transcript.id, { utterances: heard, speakers: speakersOf(heard, options.speakerVoices) });
    },
  });
}

/** The result's speaker parts: utterances after filler_words and format_text, the speakers with their time, words with their speaker. */
export function speakerResult(
  result: Transcription,
  options: TranscriptOptions,
): Pick<TranscriptResult, 'utterances' | 'speakers'> & { words?: TranscriptResult['words'] } {
  const utterances = withTextOptions(result.utterances ?? [], options);
  const words = utterances.every((utterance) => utterance.words) && utterances.length > 0 ? utterances.flatMap((utterance) => utterance.words!) : undefined;
  return { utterances, speakers: speakersOf(utterances, options.speakerVoices), ...(words ? { words } : {}) };
}

function withTextOptions(utterances: readonly Utterance[], options: TranscriptOptions): Utterance[] {
  return utterances
    .map((utterance) => ({
      ...utterance,
      text: applyTextOptions(utterance.text, options),
      ...(utterance.words ? { words: applyWordOptions(utterance.words, options) } : {}),
    }))
    .filter((utterance) => utterance.text !== '');
}

/** Each speaker heard, in the order first heard, with the voice it is (by its label) and its time. */
function speakersOf(utterances: readonly Utterance[], voices: readonly SpeakerVoice[]): TranscriptSpeaker[] {
  const time = new Map<string, number>();
  for (const utterance of utterances) time.set(utterance.speaker, (time.get(utterance.speaker) ?? 0) + utterance.end - utterance.start);
  return [...time.entries()].map(([label, speakingTime]) => ({ label, voice: voices.find((voice) => voice.name === label) ?? null, speakingTime }));
}
