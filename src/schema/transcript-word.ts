import type { TranscriptWord } from '../domain/transcription/transcript.types';
import { builder } from './builder';

export const TranscriptWordRef = builder.objectRef<TranscriptWord>('TranscriptWord').implement({
  description: 'One recognised word, after fillerWords and formatText, with its place in the audio.',
  fields: (t) => ({
    text: t.exposeString('text'),
    start: t.exposeInt('start', { description: 'Milliseconds from the start of the audio.' }),
    end: t.exposeInt('end', { description: 'Milliseconds from the start of the audio.' }),
    confidence: t.float({
      nullable: true,
      description: '0 to 1; null when the speech-to-text engine does not score its words.',
      resolve: (word) => word.confidence ?? null,
    }),
    speaker: t.string({
      nullable: true,
      description: 'With speakerLabels: who said it (a voice name or a letter); null otherwise.',
      resolve: (word) => word.speaker ?? null,
    }),
  }),
});
