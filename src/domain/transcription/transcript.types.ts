import type { Caller } from '../shared/caller';
import type { Versioned } from '../../store/record-store';
import { progressOf, type Progress, type StoredProgress } from '../shared/progress';

export const TRANSCRIPT_STATUSES = ['queued', 'processing', 'completed', 'error'] as const;
export type TranscriptStatus = (typeof TRANSCRIPT_STATUSES)[number];

export const LANGUAGE_CODES = ['en', 'en_us', 'en_uk', 'en_au', 'es', 'fr', 'de', 'id', 'it', 'ja', 'nl', 'pl', 'pt', 'ru', 'tr', 'uk', 'ca'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

/** Containers the spec promises to read; anything else is refused at the door. */
export const AUDIO_FORMATS = ['mp3', 'wav', 'ogg', 'flac', 'm4a', 'mp4', 'webm'] as const;

// ffprobe's demuxer names for the containers the spec lists (mp4 and m4a share one demuxer,
// as do webm and matroska).
const ACCEPTED_DEMUXERS = new Set(['mp3', 'wav', 'ogg', 'flac', 'mov,mp4,m4a,3gp,3g2,mj2', 'matroska,webm']);

export function isAcceptedContainer(formatName: string): boolean {
  return ACCEPTED_DEMUXERS.has(formatName);
}

export const MAX_BOOSTED_WORDS = 100;

export interface TranscriptOptions {
  languageCode: LanguageCode;
  languageAuto: boolean;
  fillerWords: boolean;
  formatText: boolean;
  boostedWords: string[];
  /** speaker_labels: diarize, so the transcript says who said what (docs/transcripts.md#speakers). */
  speakerLabels: boolean;
  /** speakers_expected (1-10): the partner's word for how many speakers there are; null when not given. */
  speakersExpected: number | null;
  /** speaker_voices: the partner's voices whose speakers are named by them, as resolved at submission. */
  speakerVoices: SpeakerVoice[];
}

/** What a request that sets no option asks for. */
export const DEFAULT_TRANSCRIPT_OPTIONS: TranscriptOptions = {
  languageCode: 'en_us',
  languageAuto: false,
  fillerWords: false,
  formatText: true,
  boostedWords: [],
  speakerLabels: false,
  speakersExpected: null,
  speakerVoices: [],
};

/** A voice a transcript's speakers may be recognised as: its record, and its name and partner as they were at submission. */
export interface SpeakerVoice {
  voiceId: string;
  partner: string;
  name: string;
}

/** One speaker's turn: what they said without another speaker in between; times in milliseconds. */
export interface Utterance {
  /** A voice's name when the speaker was recognised as one of speaker_voices, else a letter (A, B, ...). */
  speaker: string;
  start: number;
  end: number;
  text: string;
  /** Only when the engine timed the words. */
  words?: TranscriptWord[];
}

/** A speaker of the transcript: its label, the voice it was matched to (null when unknown), and how long it spoke. */
export interface TranscriptSpeaker {
  label: string;
  voice: SpeakerVoice | null;
  /** Milliseconds: the sum of its utterances' lengths. */
  speakingTime: number;
}

/** One recognised word; times are milliseconds from the start of the audio, as AssemblyAI gives them. */
export interface TranscriptWord {
  text: string;
  start: number;
  end: number;
  /** 0 to 1, only when the engine scores its words. */
  confidence?: number;
  /** With speaker_labels: the speaker who said it. */
  speaker?: string;
}

/**
 * A stretch of text with its place in the audio, as Whisper-style engines time their output
 * (a phrase or sentence); times are milliseconds from the start of the audio.
 */
export interface TimedText {
  text: string;
  start: number;
  end: number;
}

/** What a finished transcription adds to the record; the optional parts only when the engine gives them. */
export interface TranscriptResult {
  text: string;
  /** Whole seconds. */
  audioDuration: number;
  words?: TranscriptWord[];
  /** The engine's timed phrases, kept only when it gave no word timings: captions can still be timed from them. */
  segments?: TimedText[];
  /** ISO-639 code of the language the engine detected; recorded only with language_auto. */
  detectedLanguageCode?: string;
  /** 0 to 1, only when the engine says how sure its language detection is. */
  languageConfidence?: number;
  /** With speaker_labels: who said what, in order. */
  utterances?: Utterance[];
  speakers?: TranscriptSpeaker[];
}

/** Where the audio comes from: a partner's URL (fetched by the job) or an upload kept as a blob. */
export type TranscriptSource =
  | { kind: 'url'; url: string }
  | {
      kind: 'upload';
      blobId: string;
      filename: string;
      /** Kept as long as the transcript (TRANSCRIPT_KEEP_AUDIO when it was submitted) rather than removed once it finishes. */
      keep: boolean;
      /** Signs the kept recording's playback URLs (see transcript-audio.ts); null when it is not kept. */
      secret: string | null;
      /** The media type of the upload, as probed (`application/octet-stream` on uploads made before it was). */
      contentType: string;
    };

/** Where the finished transcript is POSTed (webhook_url), with the partner's own header if it gave one. */
export interface TranscriptWebhook {
  url: string;
  authHeader: { name: string; value: string } | null;
}

export interface TranscriptRecord extends Versioned {
  id: string;
  /** The API key that submitted it: transcripts belong to a key, not to a partner. */
  keyId: string;
  status: TranscriptStatus;
  source: TranscriptSource;
  options: TranscriptOptions;
  text: string | null;
  audioDuration: number | null;
  words?: TranscriptWord[];
  segments?: TimedText[];
  detectedLanguageCode?: string;
  languageConfidence?: number;
  /** With speaker_labels: once completed, and while processing the utterances of the segments done so far. */
  utterances?: Utterance[];
  speakers?: TranscriptSpeaker[];
  error: string | null;
  /** The transcribe job's last report; a transcript has one job, so its generation is always 0. */
  progress: StoredProgress | null;
  createdAt: string;
  updatedAt: string;
  /** The submitting key's partners at submission, whose webhook endpoints hear of the transcript (none on transcripts submitted before it was kept). */
  partners: string[];
  webhook: TranscriptWebhook | null;
}

/** The progress of the transcription now running, or null. */
export function transcriptProgress(transcript: TranscriptRecord): Progress | null {
  return progressOf(transcript.progress, transcript.status === 'processing', 0);
}

export function isFinished(transcript: TranscriptRecord): boolean {
  return transcript.status === 'completed' || transcript.status === 'error';
}

export const TRANSCRIPT_PATH = '/v2/transcript/';

export function transcriptPath(id: string): string {
  return `${TRANSCRIPT_PATH}${id}`;
}

/** Transcripts and completions belong to the API key that submitted them; the admin key sees all. */
export function canSee(caller: Caller, record: { keyId: string }): boolean {
  return caller.admin || record.keyId === caller.keyId;
}

/** The record kind of transcripts in the record store. */
export const TRANSCRIPT_KIND = 'transcript';

/** The upload a transcript holds until it is transcribed, which the orphan sweep keeps. */
export function transcriptBlobs(transcript: TranscriptRecord): (string | null)[] {
  return [transcript.source.kind === 'upload' ? transcript.source.blobId : null];
}

/** Why a transcript failed, as both doors show it; null unless its status is error. */
export function transcriptFailure(transcript: TranscriptRecord): string | null {
  return transcript.status === 'error' ? (transcript.error ?? 'Transcription failed') : null;
}
