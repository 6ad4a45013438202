import type { TranscriptSentence } from '../domain/transcription/transcript-structure';
import { builder } from './builder';
import { TranscriptWordRef } from './transcript-word';

function textBlock(name: string, what: string) {
  return builder.objectRef<TranscriptSentence>(name).implement({
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
    }),
  });
}

export const TranscriptSentenceRef = textBlock('TranscriptSentence', 'sentence');
export const TranscriptParagraphRef = textBlock('TranscriptParagraph', 'paragraph');
