import type { VoiceRecord } from '../domain/voice/voice.types';
import { voiceUrl } from '../resolvers/voice.resolvers';
import { builder } from './builder';

export interface TestSampleShape {
  voice: VoiceRecord;
  ttsType: string;
  sampleIndex: number;
  sentenceIndex: number;
  filename: string;
}

export const TestSampleRef = builder.objectRef<TestSampleShape>('TestSample').implement({
  description: 'TTS audio made while embedding, speaking a fixed test sentence in the voice.',
  fields: (t) => ({
    ttsType: t.exposeString('ttsType'),
    sampleIndex: t.exposeInt('sampleIndex'),
    sentenceIndex: t.exposeInt('sentenceIndex'),
    filename: t.exposeString('filename'),
    url: t.string({
      resolve: (file) =>
        `${voiceUrl(file.voice)}/test-samples/${encodeURIComponent(file.filename)}?tts_type=${encodeURIComponent(file.ttsType)}`,
    }),
  }),
});
