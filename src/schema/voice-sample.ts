import type { VoiceRecord, VoiceSample } from '../domain/voice/voice.types';
import { sampleUrl } from '../domain/voice/voice.urls';
import { builder } from './builder';
import { SampleQualityRef } from './sample-quality';

/** A sample with its voice, so it can say where its audio lives. */
export interface VoiceSampleShape {
  voice: VoiceRecord;
  sample: VoiceSample;
}

export const VoiceSampleRef = builder.objectRef<VoiceSampleShape>('VoiceSample').implement({
  description: 'A cut of the recording (or an uploaded clip): Ogg Opus, 96 kbps, mono.',
  fields: (t) => ({
    index: t.int({ resolve: ({ sample }) => sample.index }),
    sourceTimestamp: t.string({
      nullable: true,
      description: 'MM:SS offset in the original; null for a sample uploaded on its own.',
      resolve: ({ sample }) => sample.sourceTimestamp,
    }),
    sourceStart: t.float({
      nullable: true,
      description: 'Seconds from the start of the original, to the millisecond; null for uploads and samples made before it was kept.',
      resolve: ({ sample }) => sample.sourceStartSeconds ?? null,
    }),
    duration: t.float({ description: 'Seconds.', resolve: ({ sample }) => sample.durationSeconds }),
    speechSeconds: t.float({
      nullable: true,
      description: 'Seconds of speech in the sample; null for samples made before it was measured.',
      resolve: ({ sample }) => sample.speechSeconds ?? null,
    }),
    quality: t.field({
      type: SampleQualityRef,
      nullable: true,
      description: 'How fit the sample is to clone from, and why; null for samples made before it was measured.',
      resolve: ({ sample }) => sample.quality ?? null,
    }),
    url: t.string({ description: 'REST path of the audio file.', resolve: ({ voice, sample }) => sampleUrl(voice, sample.index) }),
  }),
});
