import { isEmbeddingStale, type EmbeddingInfo, type VoiceRecord } from '../domain/voice/voice.types';
import { builder } from './builder';
import { TestSampleRef } from './test-sample';

export const SampleScoreRef = builder.objectRef<{ sampleIndex: number; score: number }>('SampleScore').implement({
  fields: (t) => ({
    sampleIndex: t.exposeInt('sampleIndex'),
    score: t.exposeFloat('score', { description: '0 (unusable) to 1 (clean reference audio).' }),
  }),
});

export const EmbeddingInfoRef = builder.objectRef<{ voice: VoiceRecord; info: EmbeddingInfo }>('EmbeddingInfo').implement({
  description: 'The outcome of the last embedding run.',
  fields: (t) => ({
    ttsType: t.string({ resolve: ({ info }) => info.ttsType }),
    lastUpdateStatus: t.string({ description: 'success or failed.', resolve: ({ info }) => info.lastUpdateStatus }),
    lastUpdateTime: t.field({ type: 'DateTime', resolve: ({ info }) => info.lastUpdateTime }),
    testSamples: t.field({
      type: [TestSampleRef],
      resolve: ({ voice, info }) => info.testSamples.map((file) => ({ ...file, voice, ttsType: info.ttsType })),
    }),
    sampleScores: t.field({ type: [SampleScoreRef], resolve: ({ info }) => info.sampleScores }),
    stale: t.boolean({
      description: "True when the voice's samples changed since this embedding was made (an upload, a deletion or a re-split).",
      resolve: ({ voice }) => isEmbeddingStale(voice),
    }),
  }),
});
