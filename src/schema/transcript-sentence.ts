import type { TranscriptParagraph } from '../domain/transcription/transcript-structure';
import { builder } from './builder';
import { TranscriptWordRef } from './transcript-word';

function textBlock(name: string, what: string) {
  return builder.objectRef<TranscriptParagraph>(name).implement({
    description: `A ${what} of a completed transcript: a run of its text, with its time and its words.`,
    fields: (t) => ({
      text: t.exposeString('text', { description: `The ${what}, exactly as it stands in the transcript's text.` }),
      start: t.exposeInt('start', { description: "Milliseconds from the start of the audio: its first word's start." }),
      end: t.exposeInt('end', { description: "Milliseconds from the start of the audio: its last word's end." }),
      confidence: t.float({
        nullable: true,
        description: "The mean of its words' confidences; null when the engine does not score words.",
        resolve: (block) => block.confidence ?? null,
      }),
      words: t.field({ type: [TranscriptWordRef], resolve: (block) => block.words }),
      speaker: t.string({
        nullable: true,
        description: 'With speakerLabels (paragraphs only): whose it is; a paragraph ends where the speaker changes. Null otherwise.',
        resolve: (block) => block.speaker ?? null,
      }),
    }),
  });
}

export const TranscriptSentenceRef = textBlock('TranscriptSentence', 'sentence');
export const TranscriptParagraphRef = textBlock('TranscriptParagraph', 'paragraph');
