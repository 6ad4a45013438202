import type { TranscriptSpeaker, Utterance } from '../domain/transcription/transcript.types';
import * as resolvers from '../resolvers/transcript-speaker';
import { builder } from './builder';
import { TranscriptWordRef } from './transcript-word';
import { VoiceRef } from './voice';

export const TranscriptUtteranceRef = builder.objectRef<Utterance>('TranscriptUtterance').implement({
  description: "One speaker's turn: what they said with no other speaker in between (speakerLabels).",
  fields: (t) => ({
    speaker: t.exposeString('speaker', {
      description: 'The name of the voice (speakerVoices) the speaker was recognised as, else a letter: A, B, ... in the order first heard.',
    }),
    start: t.exposeInt('start', { description: 'Milliseconds from the start of the audio.' }),
    end: t.exposeInt('end', { description: 'Milliseconds from the start of the audio.' }),
    text: t.exposeString('text'),
    words: t.field({
      type: [TranscriptWordRef],
      nullable: true,
      description: 'Null when the engine did not time the words.',
      resolve: (utterance) => utterance.words ?? null,
    }),
  }),
});

export const TranscriptSpeakerRef = builder.objectRef<TranscriptSpeaker>('TranscriptSpeaker').implement({
  description: 'A speaker heard in a transcript with speakerLabels.',
  fields: (t) => ({
    label: t.exposeString('label', { description: 'As the utterances name the speaker.' }),
    voice: t.field({
      type: VoiceRef,
      nullable: true,
      description: 'The voice it was matched to; null for a speaker no voice was given for (or a voice since deleted or out of reach).',
      resolve: (speaker, _args, ctx) => resolvers.speakerVoice(ctx, speaker),
    }),
    speakingTime: t.exposeInt('speakingTime', { description: 'Milliseconds: the length of all its utterances.' }),
  }),
});
