import type { VoiceRecord, VoiceSample } from '../domain/voice/voice.types';
import { sampleUrl } from '../domain/voice/voice.urls';
import { builder } from './builder';

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
    duration: t.float({ description: 'Seconds.', resolve: ({ sample }) => sample.durationSeconds }),
    url: t.string({ description: 'REST path of the audio file.', resolve: ({ voice, sample }) => sampleUrl(voice, sample.index) }),
  }),
});
