import { FormData, request, type Dispatcher } from 'undici';
import type { z } from 'zod';
import type { CallLimits } from '../domain/shared/call-limits';
import { EngineError, EngineNotConfigured, EngineUnavailable } from '../domain/shared/engine-error';
import { answerTooLarge, DEFAULT_MAX_ANSWER_BYTES, describeNetworkError, EngineTimedOut, errorWords, httpFailure, readCapped } from './engine-http';

export { EngineHttpError } from './engine-http';

/** What every OpenAI-compatible client is built from; the composition root maps the configuration onto it. */
export interface OpenAiClientOptions {
  /** In the OpenAI style, including the version: `https://api.openai.com/v1`. */
  baseUrl?: string;
  apiKey?: string;
  model: string;
  /** How long one request may take, answer included (ASR_TIMEOUT_SECONDS, LLM_TIMEOUT_SECONDS, EMBEDDINGS_TIMEOUT_SECONDS). */
  timeoutMs?: number;
  /** The largest answer read (ENGINE_MAX_ANSWER_MB); a larger one fails the request. */
  maxAnswerBytes?: number;
  /** Waits before the retries in process of a transient failure (engine-http's RETRY_DELAYS_MS by default). */
  retryDelaysMs?: readonly number[];
}

export interface OpenAiCall<Schema extends z.ZodType> {
  /** Names the engine in failure reasons, e.g. `Speech-to-text`. */
  engine: string;
  url: string;
  apiKey?: string;
  timeoutMs: number;
  maxAnswerBytes?: number;
  body: FormData | Record<string, unknown>;
  response: Schema;
  /** Cancels the request (the job was handed back, ran out of time, or another part of it failed). */
  limits?: CallLimits;
}

export function endpointUrl(options: OpenAiClientOptions, path: string, notConfigured: { engine: string; variable: string }): string {
  if (!options.baseUrl) throw new EngineNotConfigured(notConfigured.engine, notConfigured.variable);
  return `${options.baseUrl.replace(/\/+$/, '')}${path}`;
}

/**
 * POSTs one request and returns the parsed answer, turning every failure into a readable
 * EngineError: transient (EngineUnavailable: 5xx, 408, 429, timeout, connection refused or
 * dropped) or final (another 4xx, an answer that is not JSON or not the protocol's, or one
 * larger than `maxAnswerBytes`, which is never read whole).
 */
export async function postOpenAi<Schema extends z.ZodType>(call: OpenAiCall<Schema>): Promise<z.infer<Schema>> {
  const maxBytes = call.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
  const answer = await exchangeOpenAi(call, 'application/json', (response) => readCapped(response, maxBytes));
  if (answer === null) throw answerTooLarge(call.engine, maxBytes);
  return parseOpenAiJson(call, answer);
}

/** An answer's JSON as the protocol's schema reads it; a final EngineError when it is not. */
export function parseOpenAiJson<Schema extends z.ZodType>(call: Pick<OpenAiCall<Schema>, 'engine' | 'response'>, answer: Buffer): z.infer<Schema> {
  let json: unknown;
  try {
    json = JSON.parse(answer.toString('utf8'));
  } catch {
    throw new EngineError(`${call.engine} returned a response that is not JSON`, false);
  }
  const parsed = call.response.safeParse(json);
  if (!parsed.success) throw new EngineError(`${call.engine} returned an unexpected response`, false);
  return parsed.data;
}

/**
 * Sends one request and hands a successful answer to `read`, which may read it as it comes
 * (a streamed answer); every failure, while sending or while reading, becomes the EngineError
 * postOpenAi describes, and an EngineError that `read` throws is passed on as it is.
 */
export async function exchangeOpenAi<T>(
  call: Omit<OpenAiCall<z.ZodType>, 'response'>,
  accept: string,
  read: (response: Dispatcher.ResponseData) => Promise<T>,
): Promise<T> {
  const headers: Record<string, string> = { accept };
  if (!(call.body instanceof FormData)) headers['content-type'] = 'application/json';
  if (call.apiKey) headers.authorization = `Bearer ${call.apiKey}`;
  const cancel = call.limits?.signal;
  const timeout = AbortSignal.timeout(call.timeoutMs);
  const signal = cancel ? AbortSignal.any([timeout, cancel]) : timeout;
  try {
    const response = await request(call.url, {
      method: 'POST',
      headers,
      body: call.body instanceof FormData ? call.body : JSON.stringify(call.body),
      signal,
      headersTimeout: call.timeoutMs,
      bodyTimeout: call.timeoutMs,
    });
    const status = response.statusCode;
    if (status < 200 || status > 299) {
      const words = await errorWords(response);
      throw httpFailure(`${call.engine} request failed: HTTP ${status}${words ? `: ${words}` : ''}`, status, response.headers['retry-after']);
    }
    return await read(response);
  } catch (error) {
    if (cancel?.aborted) throw cancel.reason instanceof Error ? cancel.reason : new Error('The request was cancelled');
    if (timeout.aborted) throw new EngineTimedOut(`${call.engine} request timed out after ${formatSeconds(call.timeoutMs)} s`);
    if (error instanceof EngineError) throw error;
    throw new EngineUnavailable(`${call.engine} service unreachable: ${describeNetworkError(error)}`);
  }
}

function formatSeconds(ms: number): string {
  return String(Number((ms / 1000).toFixed(1)));
}
