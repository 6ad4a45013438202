import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import { FormData } from 'undici';
import { z } from 'zod';
import type { CallLimits } from '../domain/shared/call-limits';
import type { TimedText, TranscriptWord, Utterance } from '../domain/transcription/transcript.types';
import { withRetries } from './engine-http';
import { EngineHttpError, endpointUrl, postOpenAi, type OpenAiClientOptions } from './openai-http';
import { languageCodeOf } from './whisper-languages';
import { measureEngineMethods } from '../observability/metrics';

export interface TranscribeOptions {
  /** A language code such as `en` or `en_us`; the region is dropped because the protocol takes ISO-639-1. */
  language?: string;
  /** Vocabulary or style hints for the recogniser. */
  prompt?: string;
  /** The name sent with the upload; servers pick the decoder from its extension. */
  filename?: string;
  /** Asks for word timestamps, which cost the engine an extra alignment pass: only when they are kept. */
  words?: boolean;
  /** Cancels the request and any retry still to come. */
  signal?: AbortSignal;
  /** When the job must be done (epoch ms): no retry waits past it. */
  deadline?: number;
}

export interface Transcription {
  text: string;
  durationSeconds?: number;
  /** The ISO code of the language the engine reports, when it reports one Whisper knows. */
  languageCode?: string;
  /** 0 to 1, when the engine says how sure its language detection is. */
  languageConfidence?: number;
  /** Only when asked for and the engine gave them. */
  words?: TranscriptWord[];
  /** The engine's timed phrases (verbose_json `segments`), when it gave them with times and text. */
  segments?: TimedText[];
  /** With speaker labels (a diarizing engine): who said what, on the recording's timeline, labelled for the whole recording. */
  utterances?: Utterance[];
}

// Everything past `text` is optional and read leniently (`catch`): a server that fills an
// extra field oddly still gives its text, only without that extra.
const probability = z.number().min(0).max(1).optional().catch(undefined);
const timedWord = z.object({ word: z.string(), start: z.number().nonnegative(), end: z.number().nonnegative(), probability });
const timedWords = z.array(timedWord).optional().catch(undefined);

const transcriptionResponse = z.object({
  text: z.string(),
  duration: z.number().nonnegative().optional().catch(undefined),
  language: z.string().optional().catch(undefined),
  // faster-whisper based servers name it language_probability, whisper.cpp's server detected_language_probability.
  language_probability: probability,
  detected_language_probability: probability,
  // OpenAI lists the words at the top; some servers list them inside each segment instead.
  words: timedWords,
  segments: z
    .array(
      z.object({
        words: timedWords,
        text: z.string().optional().catch(undefined),
        start: z.number().nonnegative().optional().catch(undefined),
        end: z.number().nonnegative().optional().catch(undefined),
      }),
    )
    .optional()
    .catch(undefined),
});

type TranscriptionResponse = z.infer<typeof transcriptionResponse>;

/** Statuses with which servers refuse a parameter they do not support (FastAPI servers answer 422). */
const REFUSED_PARAMETER = new Set([400, 422]);

/** Speech-to-text over any OpenAI-compatible `/audio/transcriptions` endpoint (Whisper servers, vLLM, OpenAI). */
export class SpeechToTextClient {
  private readonly timeoutMs: number;
  /**
   * Set once the engine refused verbose_json and then answered plain json: later requests
   * ask for plain json at once instead of paying a refused request each time.
   */
  private plainJsonOnly = false;

  constructor(private readonly options: OpenAiClientOptions) {
    this.timeoutMs = options.timeoutMs ?? 600_000;
  }

  /**
   * Asks for verbose_json (duration, language, words). An engine that refuses it is asked
   * once more for plain json, which every OpenAI-compatible engine speaks. A transient
   * failure is tried again in process (engine-http's `withRetries`: twice, after 1 s and 4 s
   * or the wait the engine asks for).
   */
  async transcribe(audioPath: string, options: TranscribeOptions = {}): Promise<Transcription> {
    const limits: CallLimits = { signal: options.signal, deadline: options.deadline };
    return withRetries(() => this.transcribeOnce(audioPath, options, limits), limits, this.options.retryDelaysMs);
  }

  private async transcribeOnce(audioPath: string, options: TranscribeOptions, limits: CallLimits): Promise<Transcription> {
    if (this.plainJsonOnly) return this.request(audioPath, options, limits, false);
    try {
      return await this.request(audioPath, options, limits, true);
    } catch (error) {
      if (!(error instanceof EngineHttpError && REFUSED_PARAMETER.has(error.status))) throw error;
    }
    const plain = await this.request(audioPath, options, limits, false);
    this.plainJsonOnly = true;
    return plain;
  }

  /** Throws the not-configured failure at once, before a job spends any work on audio it cannot send. */
  ensureConfigured(): void {
    this.url();
  }

  private url(): string {
    return endpointUrl(this.options, '/audio/transcriptions', { engine: 'speech-to-text', variable: 'ASR_BASE_URL' });
  }

  private async request(audioPath: string, options: TranscribeOptions, limits: CallLimits, verbose: boolean): Promise<Transcription> {
    const url = this.url();
    const form = new FormData();
    form.append('model', this.options.model);
    form.append('file', await openAsBlob(audioPath), options.filename ?? basename(audioPath));
    form.append('response_format', verbose ? 'verbose_json' : 'json');
    if (verbose && options.words) form.append('timestamp_granularities[]', 'word');
    const language = options.language?.split(/[_-]/)[0]?.toLowerCase();
    if (language) form.append('language', language);
    if (options.prompt) form.append('prompt', options.prompt);
    const answer = await postOpenAi({
      engine: 'Speech-to-text',
      url,
      apiKey: this.options.apiKey,
      timeoutMs: this.timeoutMs,
      maxAnswerBytes: this.options.maxAnswerBytes,
      body: form,
      response: transcriptionResponse,
      limits,
    });
    const words = options.words ? wordsOf(answer) : undefined;
    const segments = segmentsOf(answer);
    return {
      text: answer.text.trim(),
      durationSeconds: answer.duration,
      languageCode: languageCodeOf(answer.language),
      languageConfidence: answer.language_probability ?? answer.detected_language_probability,
      ...(words ? { words } : {}),
      ...(segments ? { segments } : {}),
    };
  }
}

/** The timed phrases, when every one has its text and times; seconds to milliseconds. */
function segmentsOf(answer: TranscriptionResponse): TimedText[] | undefined {
  const segments = answer.segments;
  if (!segments || segments.length === 0) return undefined;
  const timed: TimedText[] = [];
  for (const segment of segments) {
    if (segment.text === undefined || segment.start === undefined || segment.end === undefined) return undefined;
    const text = segment.text.trim();
    if (text) timed.push({ text, start: Math.round(segment.start * 1000), end: Math.round(Math.max(segment.end, segment.start) * 1000) });
  }
  return timed;
}

/** Seconds to milliseconds; Whisper servers pad words with the space that precedes them. */
function wordsOf(answer: TranscriptionResponse): TranscriptWord[] | undefined {
  const inSegments = answer.segments?.some((segment) => segment.words) ? answer.segments : undefined;
  const timed = answer.words ?? inSegments?.flatMap((segment) => segment.words ?? []);
  if (!timed) return undefined;
  return timed
    .map((word) => ({
      text: word.word.trim(),
      start: Math.round(word.start * 1000),
      end: Math.round(Math.max(word.end, word.start) * 1000),
      ...(word.probability !== undefined ? { confidence: word.probability } : {}),
    }))
    .filter((word) => word.text !== '');
}

measureEngineMethods(SpeechToTextClient.prototype, 'speech-to-text', ['transcribe']);
