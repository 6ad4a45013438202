import { cleanSpeechSeconds, RECOMMENDED_CLEAN_SPEECH_SECONDS } from '../domain/voice/sample-quality';
import type { ProcessingState, VoiceRecord } from '../domain/voice/voice.types';
import { originalFilenameOf, overallStatus, voiceProgress } from '../domain/voice/voice.types';
import { embeddingArchiveUrl } from '../domain/voice/voice.urls';
import { builder } from './builder';
import { EmbeddingInfoRef } from './embedding-info';
import { ProcessingStatusEnum } from './processing-status';
import { QueueWaitRef } from './queue-wait';
import { ProgressRef } from './progress';
import { SplitModeEnum } from './split-mode';
import { TestSampleRef } from './test-sample';
import { VoiceSampleRef, voiceSampleShape } from './voice-sample';

/** A voice as resolvers pass it around; `deleted` is set on the last subscription event. */
export type VoiceShape = VoiceRecord & { deleted?: boolean };

export const VoicePipelineRef = builder.objectRef<ProcessingState>('VoicePipeline').implement({
  description: 'One of the two processing pipelines of a voice.',
  fields: (t) => ({
    status: t.expose('status', { type: ProcessingStatusEnum }),
    error: t.exposeString('error', { nullable: true, description: 'Readable reason when FAILED.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

export const VoiceStatusRef = builder.objectRef<VoiceRecord>('VoiceStatus').implement({
  fields: (t) => ({
    splitting: t.field({ type: ProcessingStatusEnum, resolve: (voice) => voice.splitting.status }),
    embedding: t.field({ type: ProcessingStatusEnum, resolve: (voice) => voice.embedding.status }),
    overall: t.field({
      type: ProcessingStatusEnum,
      description:
        'Both in one: IN_PROGRESS or FAILED when either pipeline is, COMPLETED once embedded, IDLE otherwise (what voicesConnection(status:) filters by).',
      resolve: (voice) => overallStatus(voice),
    }),
  }),
});

export const VoiceRef = builder.objectRef<VoiceShape>('Voice').implement({
  description: 'A named voice of a partner: its recording, samples and embeddings.',
  fields: (t) => ({
    id: t.exposeID('id'),
    partner: t.exposeString('partner'),
    name: t.exposeString('name'),
    hasOriginal: t.boolean({ resolve: (voice) => voice.original !== null }),
    sampleCount: t.int({ resolve: (voice) => voice.samples.length }),
    status: t.field({ type: VoiceStatusRef, resolve: (voice) => voice }),
    splitting: t.expose('splitting', { type: VoicePipelineRef }),
    embedding: t.expose('embedding', { type: VoicePipelineRef }),
    originalFilename: t.string({ nullable: true, resolve: (voice) => originalFilenameOf(voice) }),
    originalUploadedName: t.string({ nullable: true, resolve: (voice) => voice.original?.uploadedName ?? null }),
    originalDuration: t.float({ nullable: true, description: 'Seconds.', resolve: (voice) => voice.original?.durationSeconds ?? null }),
    samples: t.field({ type: [VoiceSampleRef], resolve: (voice) => voice.samples.map((sample) => voiceSampleShape(voice, sample)) }),
    splitMode: t.expose('splitMode', {
      type: SplitModeEnum,
      nullable: true,
      description: 'How the samples were cut from the original; null before the first split.',
    }),
    cleanSpeechSeconds: t.float({
      description: 'Seconds of speech in the samples whose quality has no reason against it.',
      resolve: (voice) => cleanSpeechSeconds(voice.samples),
    }),
    recommendedCleanSpeechSeconds: t.float({
      description: 'The clean speech a voice should have to be cloned well (docs/voice-samples.md).',
      resolve: () => RECOMMENDED_CLEAN_SPEECH_SECONDS,
    }),
    meetsCleanSpeechRecommendation: t.boolean({
      description: 'Whether cleanSpeechSeconds reaches recommendedCleanSpeechSeconds.',
      resolve: (voice) => cleanSpeechSeconds(voice.samples) >= RECOMMENDED_CLEAN_SPEECH_SECONDS,
    }),
    embeddingInfo: t.field({
      type: EmbeddingInfoRef,
      nullable: true,
      resolve: (voice) => (voice.embeddingInfo ? { voice, info: voice.embeddingInfo } : null),
    }),
    embeddingType: t.exposeString('embeddingType'),
    embeddingZipUrl: t.string({
      nullable: true,
      resolve: (voice) => embeddingArchiveUrl(voice),
    }),
    testSamples: t.field({
      type: [TestSampleRef],
      args: { ttsType: t.arg.string({ description: 'Defaults to the configured default TTS type.' }) },
      resolve: (voice, args, context) => {
        const { ttsType, files } = context.domain.voices.testSamples(voice, args.ttsType);
        return files.map((file) => ({ ...file, voice, ttsType }));
      },
    }),
    preferredSampleIndex: t.exposeInt('preferredSampleIndex', { nullable: true }),
    creatorName: t.exposeString('creatorName', { nullable: true }),
    creatorEmail: t.exposeString('creatorEmail', { nullable: true }),
    progress: t.field({
      type: ProgressRef,
      nullable: true,
      description:
        'The running split or embedding. A split reports converting (seconds of the original converted), finding pauses (curated: seconds read), analyzing (seconds of the samples measured) and splitting (samples written of planned); an embedding reports embedding.',
      resolve: (voice) => voiceProgress(voice),
    }),
    queue: t.field({
      type: QueueWaitRef,
      nullable: true,
      description: 'Why the split or embedding has not started yet, and when it should; null once it runs or when none is under way.',
      resolve: (voice, _args, ctx) => ctx.domain.voices.queueWait(voice),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    deleted: t.boolean({ description: 'True only on the last subscription event of a deleted voice.', resolve: (voice) => voice.deleted ?? false }),
  }),
});
