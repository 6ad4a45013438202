import { z } from 'zod';
import { COMPLETION_STATES, completionPath, type CompletionRecord } from '../domain/completion/completion.types';
import type { TranscriptParagraph, TranscriptSentence } from '../domain/transcription/transcript-structure';
import { TRANSCRIPT_STATUSES, transcriptFailure, transcriptPath, type TranscriptRecord } from '../domain/transcription/transcript.types';

const transcriptWordSchema = z
  .object({
    text: z.string(),
    start: z.int().meta({ description: 'Milliseconds from the start of the audio.' }),
    end: z.int().meta({ description: 'Milliseconds from the start of the audio.' }),
    confidence: z.number().min(0).max(1).optional().meta({ description: 'Present when the engine gives one.' }),
    speaker: z.string().optional().meta({ description: 'With speaker_labels: who said it (a voice name or a letter).' }),
  })
  .meta({ id: 'TranscriptWord' });

const utteranceSchema = z
  .object({
    speaker: z
      .string()
      .meta({ description: 'The name of the voice (speaker_voices) the speaker was recognised as, else a letter: A, B, ... in the order first heard.' }),
    start: z.int().meta({ description: 'Milliseconds from the start of the audio.' }),
    end: z.int().meta({ description: 'Milliseconds from the start of the audio.' }),
    text: z.string(),
    words: z.array(transcriptWordSchema).optional().meta({ description: 'Present when the engine timed the words.' }),
  })
  .meta({ id: 'TranscriptUtterance' });

const speakerSchema = z
  .object({
    label: z.string().meta({ description: 'As the utterances name the speaker.' }),
    voice: z.string().nullable().meta({ description: 'The name of the voice it was matched to; null for a speaker no voice was given for.' }),
    speaking_time: z.int().meta({ description: 'Milliseconds: the length of all its utterances.' }),
  })
  .meta({ id: 'TranscriptSpeaker' });

export const transcriptSchema = z
  .object({
    id: z.string().meta({ description: "The transcript's path (/v2/transcript/<uuid>): poll it with GET." }),
    status: z.enum(TRANSCRIPT_STATUSES),
    text: z.string().optional().meta({ description: 'Present when status is completed.' }),
    audio_duration: z.number().optional().meta({ description: 'Seconds; present when status is completed.' }),
    error: z.string().optional().meta({ description: 'Why it failed; present when status is error.' }),
    words: z
      .array(transcriptWordSchema)
      .optional()
      .meta({ description: 'Each word with its timing; present once completed when the speech-to-text engine gives word timestamps.' }),
    language_code: z
      .string()
      .optional()
      .meta({ description: 'The detected language; present once completed with language_auto, when the engine detects one.' }),
    language_confidence: z.number().min(0).max(1).optional().meta({ description: 'How sure the engine is of the detected language; present when it says.' }),
    utterances: z.array(utteranceSchema).optional().meta({ description: 'Who said what, in order; present once completed when speaker_labels was asked for.' }),
    speakers: z
      .array(speakerSchema)
      .optional()
      .meta({ description: 'Each speaker heard, in the order first heard; present once completed when speaker_labels was asked for.' }),
  })
  .meta({ id: 'Transcript' });

/** A sentence or a paragraph: a run of the transcript's text with its words. */
const textBlockSchema = (id: string, what: string, more: z.ZodRawShape = {}) =>
  z
    .object({
      text: z.string().meta({ description: `The ${what}, exactly as it stands in the transcript's text.` }),
      start: z.int().meta({ description: "Milliseconds from the start of the audio: its first word's start." }),
      end: z.int().meta({ description: "Milliseconds from the start of the audio: its last word's end." }),
      confidence: z.number().min(0).max(1).optional().meta({ description: "The mean of its words' confidences; present when the engine scores words." }),
      words: z.array(transcriptWordSchema),
      ...more,
    })
    .meta({ id });

export const sentencesSchema = z
  .object({
    id: z.string().meta({ description: "The transcript's path." }),
    audio_duration: z.number().meta({ description: 'Seconds.' }),
    sentences: z.array(textBlockSchema('TranscriptSentence', 'sentence')).meta({ description: 'In order; together they are the text, each part once.' }),
  })
  .meta({ id: 'TranscriptSentences' });

export const paragraphsSchema = z
  .object({
    id: z.string().meta({ description: "The transcript's path." }),
    audio_duration: z.number().meta({ description: 'Seconds.' }),
    paragraphs: z
      .array(
        textBlockSchema('TranscriptParagraph', 'paragraph', {
          speaker: z.string().optional().meta({
            description: 'With speaker_labels: whose it is (a paragraph ends where the speaker changes; words are [] when the engine did not time them).',
          }),
        }),
      )
      .meta({
        description:
          'In order; together they are the text, each part once. A paragraph ends at a pause of 2 s or after a minute, and with speaker_labels where the speaker changes.',
      }),
  })
  .meta({ id: 'TranscriptParagraphs' });

export function sentencesJson(answer: { transcript: TranscriptRecord; sentences: TranscriptSentence[] }): z.output<typeof sentencesSchema> {
  return { id: transcriptPath(answer.transcript.id), audio_duration: answer.transcript.audioDuration ?? 0, sentences: answer.sentences };
}

export function paragraphsJson(answer: { transcript: TranscriptRecord; paragraphs: TranscriptParagraph[] }): z.output<typeof paragraphsSchema> {
  return { id: transcriptPath(answer.transcript.id), audio_duration: answer.transcript.audioDuration ?? 0, paragraphs: answer.paragraphs };
}

export const completionSchema = z
  .object({
    id: z.string().meta({ description: "The completion's path (/v2/completions/<uuid>): poll it with GET." }),
    state: z.enum(COMPLETION_STATES),
    output: z
      .union([
        z.object({
          message: z.object({ role: z.literal('assistant'), content: z.string() }),
          usage: z.object({ prompt_tokens: z.int(), completion_tokens: z.int(), total_tokens: z.int() }),
          model: z.string(),
          transcripts: z.record(z.string(), z.string()).meta({ description: 'The text heard in each audio file, by its name.' }),
        }),
        z.object({ error: z.string() }),
      ])
      .nullable()
      .meta({ description: 'null while in-progress; the answer once completed; {error} once failed.' }),
  })
  .meta({ id: 'Completion' });

/**
 * The /v2 JSON: a transcript shows its text and duration once completed, its reason once
 * failed. Words and the detected language are added in AssemblyAI's names, only when the
 * engine gave them, so clients of the spec's shape see nothing new.
 */
export function transcriptJson(transcript: TranscriptRecord): z.output<typeof transcriptSchema> {
  const failure = transcriptFailure(transcript);
  return {
    id: transcriptPath(transcript.id),
    status: transcript.status,
    ...(transcript.status === 'completed' ? completedJson(transcript) : {}),
    ...(failure !== null ? { error: failure } : {}),
  };
}

function completedJson(transcript: TranscriptRecord) {
  return {
    text: transcript.text ?? '',
    audio_duration: transcript.audioDuration ?? 0,
    ...(transcript.words ? { words: transcript.words } : {}),
    ...(transcript.detectedLanguageCode ? { language_code: transcript.detectedLanguageCode } : {}),
    ...(transcript.languageConfidence !== undefined ? { language_confidence: transcript.languageConfidence } : {}),
    ...(transcript.options.speakerLabels && transcript.utterances ? { utterances: transcript.utterances } : {}),
    ...(transcript.options.speakerLabels && transcript.speakers
      ? {
          speakers: transcript.speakers.map((speaker) => ({
            label: speaker.label,
            voice: speaker.voice?.name ?? null,
            speaking_time: speaker.speakingTime,
          })),
        }
      : {}),
  };
}

export function completionJson(completion: CompletionRecord): z.output<typeof completionSchema> {
  return { id: completionPath(completion.id), state: completion.state, output: completion.output };
}
