import { transcriptFailure, transcriptPath, transcriptProgress, TRANSCRIPT_STATUSES, type TranscriptRecord } from '../domain/transcription/transcript.types';
import * as resolvers from '../resolvers/transcript';
import { builder } from './builder';
import { CaptionFormatEnum } from './caption-format';
import { TranscriptWordRef } from './transcript-word';
import { QueueWaitRef } from './queue-wait';
import { TranscriptParagraphRef, TranscriptSentenceRef } from './transcript-sentence';
import { ProgressRef } from './progress';
import { TranscriptSpeakerRef, TranscriptUtteranceRef } from './transcript-speaker';

export const TranscriptStatusEnum = builder.enumType('TranscriptStatus', {
  description: 'QUEUED, then PROCESSING, then COMPLETED or ERROR.',
  values: Object.fromEntries(TRANSCRIPT_STATUSES.map((status) => [status.toUpperCase(), { value: status }])) as Record<
    'QUEUED' | 'PROCESSING' | 'COMPLETED' | 'ERROR',
    { value: (typeof TRANSCRIPT_STATUSES)[number] }
  >,
});

export const TranscriptRef = builder.objectRef<TranscriptRecord>('Transcript').implement({
  description: 'Speech transcribed from audio; it belongs to the API key that submitted it.',
  fields: (t) => ({
    id: t.id({ description: 'The path form, /v2/transcript/<uuid>, as REST gives it.', resolve: (transcript) => transcriptPath(transcript.id) }),
    status: t.field({ type: TranscriptStatusEnum, resolve: (transcript) => transcript.status }),
    text: t.string({ nullable: true, description: 'Set once COMPLETED.', resolve: (transcript) => transcript.text }),
    partialText: t.string({
      nullable: true,
      description:
        "The text so far while PROCESSING, segment by segment in the recording's order (null before any, and once finished: text has it); transcriptOutput streams it.",
      resolve: (transcript, _args, ctx) => ctx.domain.transcripts.partialText(transcript),
    }),
    audioDuration: t.int({ nullable: true, description: 'Whole seconds; set once COMPLETED.', resolve: (transcript) => transcript.audioDuration }),
    error: t.string({ nullable: true, description: 'Readable reason when ERROR.', resolve: (transcript) => transcriptFailure(transcript) }),
    words: t.field({
      type: [TranscriptWordRef],
      nullable: true,
      description: 'Set once COMPLETED when the speech-to-text engine gives word timestamps; null otherwise.',
      resolve: (transcript) => transcript.words ?? null,
    }),
    captions: t.string({
      nullable: true,
      description:
        'Subtitles (SRT or WebVTT) of at most charsPerCaption characters a caption, timed by the words (or by the engine phrases when it gave no words). Null until COMPLETED; an error when the engine gave no timings at all.',
      args: {
        format: t.arg({ type: CaptionFormatEnum, required: true }),
        charsPerCaption: t.arg.int({ defaultValue: 32, description: '1 to 1000; a longer word stands alone.' }),
        speakerLabels: t.arg.boolean({
          defaultValue: false,
          description: 'Start each caption with its speaker (SRT `Ada: ...`, WebVTT `<v Ada>`); for a transcript with speakerLabels, else an error.',
        }),
      },
      resolve: (transcript, args) => resolvers.captions(transcript, args),
    }),
    sentences: t.field({
      type: [TranscriptSentenceRef],
      nullable: true,
      description: 'The text in sentences, each with its time and words; together they are the text. Null until COMPLETED; an error without word timings.',
      resolve: (transcript) => resolvers.sentences(transcript),
    }),
    paragraphs: t.field({
      type: [TranscriptParagraphRef],
      nullable: true,
      description: 'Sentences grouped at pauses of 2 s or more, or after a minute. Null until COMPLETED; an error without word timings.',
      resolve: (transcript) => resolvers.paragraphs(transcript),
    }),
    utterances: t.field({
      type: [TranscriptUtteranceRef],
      nullable: true,
      description:
        'With speakerLabels: who said what, in order. While PROCESSING, the utterances of the segments done so far (labels never change later); complete once COMPLETED. Null without speakerLabels.',
      resolve: (transcript) => (transcript.options.speakerLabels ? (transcript.utterances ?? null) : null),
    }),
    speakers: t.field({
      type: [TranscriptSpeakerRef],
      nullable: true,
      description:
        'With speakerLabels: each speaker heard, in the order first heard, with the voice it was matched to and its speaking time. Null without speakerLabels.',
      resolve: (transcript) => (transcript.options.speakerLabels ? (transcript.speakers ?? null) : null),
    }),
    speakerLabels: t.boolean({ resolve: (transcript) => transcript.options.speakerLabels }),
    speakersExpected: t.int({ nullable: true, resolve: (transcript) => transcript.options.speakersExpected }),
    speakerVoices: t.stringList({
      description: 'The names of the voices given as speakerVoices, as they were at submission.',
      resolve: (transcript) => transcript.options.speakerVoices.map((voice) => voice.name),
    }),
    languageCode: t.string({
      description: 'The detected language (an ISO-639 code) once COMPLETED with languageAuto and an engine that reports it; the requested code otherwise.',
      resolve: (transcript) => transcript.detectedLanguageCode ?? transcript.options.languageCode,
    }),
    languageConfidence: t.float({
      nullable: true,
      description: '0 to 1: how sure the engine is of the detected language; null unless the engine says.',
      resolve: (transcript) => transcript.languageConfidence ?? null,
    }),
    languageAuto: t.boolean({ resolve: (transcript) => transcript.options.languageAuto }),
    fillerWords: t.boolean({ resolve: (transcript) => transcript.options.fillerWords }),
    formatText: t.boolean({ resolve: (transcript) => transcript.options.formatText }),
    boostedWords: t.stringList({ resolve: (transcript) => transcript.options.boostedWords }),
    progress: t.field({
      type: ProgressRef,
      nullable: true,
      description: 'While PROCESSING: downloading (bytes), then transcribing (seconds of the recording done of its length).',
      resolve: (transcript) => transcriptProgress(transcript),
    }),
    queue: t.field({
      type: QueueWaitRef,
      nullable: true,
      description: 'While QUEUED: why it has not started yet, and when it should; null once it runs.',
      resolve: (transcript, _args, ctx) => ctx.domain.transcripts.queueWait(transcript),
    }),
    audioUrl: t.string({
      nullable: true,
      description:
        'Where the uploaded recording plays from, relative to this service: GET with Range support, authorized by the token in its query (valid about an hour; read the field again for a fresh one), so an <audio> element can use it as is. Null for an audio_url source and when recordings are not kept (TRANSCRIPT_KEEP_AUDIO=false).',
      resolve: (transcript, _args, ctx) => ctx.domain.transcripts.audioUrl(transcript),
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (transcript) => transcript.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (transcript) => transcript.updatedAt }),
  }),
});

export const SubmitTranscriptInput = builder.inputType('SubmitTranscriptInput', {
  description: 'Exactly one of audioUrl and audio; the rest as the REST parameters of the same names.',
  fields: (t) => ({
    audioUrl: t.string(),
    audio: t.field({ type: 'Upload', description: 'At most 100 MB: mp3, wav, ogg, flac, m4a, mp4 or webm.' }),
    languageCode: t.string({ description: 'en, en_us (default), en_uk, en_au, es, fr, de, id, it, ja, nl, pl, pt, ru, tr, uk or ca.' }),
    languageAuto: t.boolean({ description: 'Detect the language instead; default false.' }),
    fillerWords: t.boolean({ description: 'Keep um, uh and the like; default false.' }),
    formatText: t.boolean({ description: 'Capitalization and punctuation; default true.' }),
    boostedWords: t.stringList({ description: 'At most 100 terms to favour.' }),
    speakerLabels: t.boolean({ description: 'Label who said what (utterances, speakers); default false. Needs a diarizing engine (ASR_DIARIZE_MODEL).' }),
    speakersExpected: t.int({ description: 'With speakerLabels: how many people speak, 1 to 10; kept with the transcript.' }),
    speakerVoices: t.stringList({ description: "With speakerLabels: at most 4 of the partner's voice names (each with samples) to recognise speakers by." }),
    webhookUrl: t.string({ description: 'Where the finished transcript is POSTed, as its REST GET answers it.' }),
    webhookAuthHeaderName: t.string({ description: 'A header sent with that POST, for the receiver to check; with webhookAuthHeaderValue.' }),
    webhookAuthHeaderValue: t.string(),
  }),
});
