import { parseCaptionRequest } from '../domain/transcription/transcript.inputs';
import {
  transcriptCaptions,
  transcriptParagraphs,
  transcriptSentences,
  type CaptionFormat,
  type TranscriptParagraph,
  type TranscriptSentence,
} from '../domain/transcription/transcript-structure';
import type { TranscriptRecord } from '../domain/transcription/transcript.types';

// Like `text`, these are null until the transcript is completed; a completed transcript
// without the timings they need is an error that says so, as the REST routes answer 400.

export function captions(
  transcript: TranscriptRecord,
  args: { format: CaptionFormat; charsPerCaption?: number | null; speakerLabels?: boolean | null },
): string | null {
  if (transcript.status !== 'completed') return null;
  const asked = parseCaptionRequest({ chars_per_caption: args.charsPerCaption ?? undefined, speaker_labels: args.speakerLabels ?? undefined });
  return transcriptCaptions(transcript, args.format, asked.charsPerCaption, asked.speakerLabels);
}

export function sentences(transcript: TranscriptRecord): TranscriptSentence[] | null {
  return transcript.status === 'completed' ? transcriptSentences(transcript) : null;
}

export function paragraphs(transcript: TranscriptRecord): TranscriptParagraph[] | null {
  return transcript.status === 'completed' ? transcriptParagraphs(transcript) : null;
}
