import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import { FormData } from 'undici';
import { z } from 'zod';
import type { CallLimits } from '../domain/shared/call-limits';
import { EngineNotConfigured } from '../domain/shared/engine-error';
import type { TranscriptWord } from '../domain/transcription/transcript.types';
import { withRetries } from './engine-http';
import { endpointUrl, postOpenAi, type OpenAiClientOptions } from './openai-http';
import { measureEngineMethods } from '../observability/metrics';
import { asEngine } from '../observability/tracing';

/** Its own name, apart from plain speech-to-text: the two are configured apart, and the engines list says how each answered. */
const ENGINE = 'diarizing-speech-to-text';

/** A speaker the engine is told about: the name it should answer with, and a 2-10 s clip of them as a `data:` URL. */
export interface KnownSpeaker {
  name: string;
  reference: string;
}

export interface DiarizeOptions {
  /** A language code such as `en` or `en_us`; the region is dropped because the protocol takes ISO-639-1. */
  language?: string;
  /** At most four (OpenAI's limit); the caller chooses which. */
  knownSpeakers?: readonly KnownSpeaker[];
  filename?: string;
  signal?: AbortSignal;
  deadline?: number;
}

/** One speaker's stretch as the engine labels it; milliseconds in the file sent. */
export interface DiarizedTurn {
  /** One of the known speakers' names, or the engine's own label (a letter) for a speaker it does not know. */
  speaker: string;
  start: number;
  end: number;
  text: string;
  /** Only when the engine timed words (OpenAI's diarized_json does not; some compatible servers do). */
  words?: TranscriptWord[];
}

export interface Diarization {
  text: string;
  turns: DiarizedTurn[];
}

/** OpenAI accepts at most this many known_speaker_references[] a request. */
export const MAX_KNOWN_SPEAKERS = 4;

const seconds = z.number().nonnegative();
const word = z.object({ word: z.string(), start: seconds, end: seconds, probability: z.number().min(0).max(1).optional().catch(undefined) });

// OpenAI's diarized_json: { text, duration, segments: [{ type: "transcript.text.segment", id, start, end, text, speaker }] }.
// `type` and `id` are not needed, so not required; words inside a segment are read when a server adds them.
const diarizedResponse = z.object({
  text: z.string(),
  segments: z.array(
    z.object({
      speaker: z.string().min(1),
      start: seconds,
      end: seconds,
      text: z.string(),
      words: z.array(word).optional().catch(undefined),
    }),
  ),
});

const ms = (value: number) => Math.round(value * 1000);

/**
 * Speech-to-text with speakers over an OpenAI-compatible `/audio/transcriptions` endpoint that
 * speaks `response_format=diarized_json` (OpenAI's `gpt-4o-transcribe-diarize`): each answer's
 * segments say who spoke, from the known speakers sent with the request or as letters.
 */
export class DiarizingSpeechToTextClient {
  private readonly timeoutMs: number;

  /** `model` empty: no diarizing engine is configured (ASR_DIARIZE_MODEL unset). */
  constructor(private readonly options: OpenAiClientOptions) {
    this.timeoutMs = options.timeoutMs ?? 600_000;
  }

  /** Throws the not-configured failure at once, before a job spends any work on audio it cannot send. */
  ensureConfigured(): void {
    this.url();
  }

  private url(): string {
    if (!this.options.model) throw new EngineNotConfigured('speaker-labelling speech-to-text', 'ASR_DIARIZE_MODEL');
    return endpointUrl(this.options, '/audio/transcriptions', { engine: 'speaker-labelling speech-to-text', variable: 'ASR_DIARIZE_BASE_URL or ASR_BASE_URL' });
  }

  /** One file's speakers and text; a transient failure is tried again in process as for plain transcription. */
  async diarize(audioPath: string, options: DiarizeOptions = {}): Promise<Diarization> {
    const limits: CallLimits = { signal: options.signal, deadline: options.deadline };
    return withRetries(() => this.request(audioPath, options, limits), limits, this.options.retryDelaysMs);
  }

  private async request(audioPath: string, options: DiarizeOptions, limits: CallLimits): Promise<Diarization> {
    const url = this.url();
    const known = options.knownSpeakers ?? [];
    if (known.length > MAX_KNOWN_SPEAKERS) throw new Error(`At most ${MAX_KNOWN_SPEAKERS} known speakers may be sent, not ${known.length}`);
    const form = new FormData();
    form.append('model', this.options.model);
    form.append('file', await openAsBlob(audioPath), options.filename ?? basename(audioPath));
    form.append('response_format', 'diarized_json');
    // Required by the diarizing model for audio over 30 s; `auto` lets the server cut at pauses.
    form.append('chunking_strategy', 'auto');
    const language = options.language?.split(/[_-]/)[0]?.toLowerCase();
    if (language) form.append('language', language);
    for (const speaker of known) {
      form.append('known_speaker_names[]', speaker.name);
      form.append('known_speaker_references[]', speaker.reference);
    }
    // Its path is plain speech-to-text's, often at the same address: only the call can say which engine its span is.
    const answer = await asEngine(ENGINE, () =>
      postOpenAi({
        engine: 'Speaker-labelling speech-to-text',
        url,
        apiKey: this.options.apiKey,
        timeoutMs: this.timeoutMs,
        maxAnswerBytes: this.options.maxAnswerBytes,
        body: form,
        response: diarizedResponse,
        limits,
      }),
    );
    const turns = answer.segments
      .map((segment): DiarizedTurn => {
        const words = segment.words
          ?.map((timed) => ({
            text: timed.word.trim(),
            start: ms(timed.start),
            end: ms(Math.max(timed.end, timed.start)),
            speaker: segment.speaker,
            ...(timed.probability !== undefined ? { confidence: timed.probability } : {}),
          }))
          .filter((timed) => timed.text !== '');
        return {
          speaker: segment.speaker,
          start: ms(segment.start),
          end: ms(Math.max(segment.end, segment.start)),
          text: segment.text.trim(),
          ...(words ? { words } : {}),
        };
      })
      .filter((turn) => turn.text !== '');
    return { text: answer.text.trim(), turns };
  }
}

measureEngineMethods(DiarizingSpeechToTextClient.prototype, ENGINE, ['diarize']);
