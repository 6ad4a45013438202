import type { VoiceRecord } from '../domain/voice/voice.types';
import { testSampleUrl } from '../domain/voice/voice.urls';
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
    url: t.string({ resolve: (file) => testSampleUrl(file.voice, file.ttsType, file.filename) }),
  }),
});
