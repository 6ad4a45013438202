import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import { FormData } from 'undici';
import { z } from 'zod';
import { endpointUrl, postOpenAi, type OpenAiClientOptions } from './openai-http';
import { measureEngineMethods } from '../observability/metrics';

export interface TranscribeOptions {
  /** A language code such as `en` or `en_us`; the region is dropped because the protocol takes ISO-639-1. */
  language?: string;
  /** Vocabulary or style hints for the recogniser. */
  prompt?: string;
  /** The name sent with the upload; servers pick the decoder from its extension. */
  filename?: string;
}

export interface Transcription {
  text: string;
  durationSeconds?: number;
  language?: string;
}

const transcriptionResponse = z.object({
  text: z.string(),
  duration: z.number().nonnegative().optional(),
  language: z.string().optional(),
});

/** Speech-to-text over any OpenAI-compatible `/audio/transcriptions` endpoint (Whisper servers, vLLM, OpenAI). */
export class SpeechToTextClient {
  private readonly timeoutMs: number;

  constructor(private readonly options: OpenAiClientOptions) {
    this.timeoutMs = options.timeoutMs ?? 600_000;
  }

  async transcribe(audioPath: string, options: TranscribeOptions = {}): Promise<Transcription> {
    const url = endpointUrl(this.options, '/audio/transcriptions', {
      engine: 'speech-to-text',
      variable: 'ASR_BASE_URL',
    });
    const form = new FormData();
    form.append('model', this.options.model);
    form.append('file', await openAsBlob(audioPath), options.filename ?? basename(audioPath));
    form.append('response_format', 'verbose_json');
    const language = options.language?.split(/[_-]/)[0]?.toLowerCase();
    if (language) form.append('language', language);
    if (options.prompt) form.append('prompt', options.prompt);
    const answer = await postOpenAi({
      engine: 'Speech-to-text',
      url,
      apiKey: this.options.apiKey,
      timeoutMs: this.timeoutMs,
      body: form,
      response: transcriptionResponse,
    });
    return { text: answer.text.trim(), durationSeconds: answer.duration, language: answer.language };
  }
}

measureEngineMethods(SpeechToTextClient.prototype, 'speech-to-text', ['transcribe']);
