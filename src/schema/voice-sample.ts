import type { SampleQuality } from '../domain/voice/sample-quality';
import type { VoiceRecord, VoiceSample } from '../domain/voice/voice.types';
import { sampleUrl } from '../domain/voice/voice.urls';
import { builder } from './builder';
import { SampleQualityRef } from './sample-quality';

/**
 * A sample as GraphQL shows it: each field a property of the same name, so graphql-jit reads
 * it inline (see `exposed` in ./builder), and the voice, so it can say where its audio lives.
 */
export interface VoiceSampleShape {
  voice: VoiceRecord;
  index: number;
  sourceTimestamp: string | null;
  sourceStart: number | null;
  duration: number;
  speechSeconds: number | null;
  quality: SampleQuality | null;
}

export function voiceSampleShape(voice: VoiceRecord, sample: VoiceSample): VoiceSampleShape {
  return {
    voice,
    index: sample.index,
    sourceTimestamp: sample.sourceTimestamp,
    sourceStart: sample.sourceStartSeconds,
    duration: sample.durationSeconds,
    speechSeconds: sample.speechSeconds,
    quality: sample.quality,
  };
}

export const VoiceSampleRef = builder.objectRef<VoiceSampleShape>('VoiceSample').implement({
  description: 'A cut of the recording (or an uploaded clip): Ogg Opus, 96 kbps, mono.',
  fields: (t) => ({
    index: t.exposeInt('index'),
    sourceTimestamp: t.exposeString('sourceTimestamp', {
      nullable: true,
      description: 'MM:SS offset in the original; null for a sample uploaded on its own.',
    }),
    sourceStart: t.exposeFloat('sourceStart', {
      nullable: true,
      description: 'Seconds from the start of the original, to the millisecond; null for uploads and samples made before it was kept.',
    }),
    duration: t.exposeFloat('duration', { description: 'Seconds.' }),
    speechSeconds: t.exposeFloat('speechSeconds', {
      nullable: true,
      description: 'Seconds of speech in the sample; null for samples made before it was measured.',
    }),
    quality: t.expose('quality', {
      type: SampleQualityRef,
      nullable: true,
      description: 'How fit the sample is to clone from, and why; null for samples made before it was measured.',
    }),
    url: t.string({ description: 'REST path of the audio file.', resolve: ({ voice, index }) => sampleUrl(voice, index) }),
  }),
});
