import { FormData, request } from 'undici';
import type { z } from 'zod';
import { EngineError, EngineNotConfigured } from '../domain/shared/engine-error';

/** What every OpenAI-compatible client is built from; the caller maps its config onto it. */
export interface OpenAiClientOptions {
  /** In the OpenAI style, including the version: `https://api.openai.com/v1`. */
  baseUrl?: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
}

export interface OpenAiCall<Schema extends z.ZodType> {
  /** Names the engine in failure reasons, e.g. `Speech-to-text`. */
  engine: string;
  url: string;
  apiKey?: string;
  timeoutMs: number;
  body: FormData | Record<string, unknown>;
  response: Schema;
  /** Cancels the request (the job was handed back or another part of it failed). */
  signal?: AbortSignal;
}

export function endpointUrl(options: OpenAiClientOptions, path: string, notConfigured: { engine: string; variable: string }): string {
  if (!options.baseUrl) throw new EngineNotConfigured(notConfigured.engine, notConfigured.variable);
  return `${options.baseUrl.replace(/\/+$/, '')}${path}`;
}

/** The service answered with an HTTP error; its status lets a client decide to ask differently. */
export class EngineHttpError extends EngineError {
  constructor(
    message: string,
    readonly status: number,
    retryable: boolean,
    /** The wait the service asked for (Retry-After), in seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message, retryable);
  }
}

/** POSTs one request and returns the parsed answer, turning every failure into a readable EngineError. */
export async function postOpenAi<Schema extends z.ZodType>(call: OpenAiCall<Schema>): Promise<z.infer<Schema>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (!(call.body instanceof FormData)) headers['content-type'] = 'application/json';
  if (call.apiKey) headers.authorization = `Bearer ${call.apiKey}`;
  const timeout = AbortSignal.timeout(call.timeoutMs);
  const signal = call.signal ? AbortSignal.any([timeout, call.signal]) : timeout;
  let status: number;
  let text: string;
  let retryAfter: string | string[] | undefined;
  try {
    const response = await request(call.url, {
      method: 'POST',
      headers,
      body: call.body instanceof FormData ? call.body : JSON.stringify(call.body),
      signal,
      headersTimeout: call.timeoutMs,
      bodyTimeout: call.timeoutMs,
    });
    status = response.statusCode;
    retryAfter = response.headers['retry-after'];
    text = await response.body.text();
  } catch (error) {
    if (call.signal?.aborted) throw call.signal.reason instanceof Error ? call.signal.reason : new Error('The request was cancelled');
    if (timeout.aborted) {
      throw new EngineError(`${call.engine} request timed out after ${formatSeconds(call.timeoutMs)} s`);
    }
    throw new EngineError(`${call.engine} service unreachable: ${describeNetworkError(error)}`);
  }
  if (status < 200 || status > 299) {
    const reason = errorMessage(text);
    throw new EngineHttpError(
      `${call.engine} request failed: HTTP ${status}${reason ? `: ${reason}` : ''}`,
      status,
      status >= 500 || status === 408 || status === 429,
      retryAfterSeconds(retryAfter),
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new EngineError(`${call.engine} returned a response that is not JSON`, false);
  }
  const parsed = call.response.safeParse(json);
  if (!parsed.success) throw new EngineError(`${call.engine} returned an unexpected response`, false);
  return parsed.data;
}

/** The server's own words when it gives any: OpenAI's `{"error":{"message"}}` and the shapes other servers use. */
function errorMessage(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === 'object') {
      const { error, message, detail } = body as { error?: unknown; message?: unknown; detail?: unknown };
      if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
        return excerpt((error as { message: string }).message);
      }
      for (const candidate of [error, message, detail]) {
        if (typeof candidate === 'string') return excerpt(candidate);
      }
    }
  } catch {
    // Not JSON: the plain text below is all the server said.
  }
  return excerpt(text);
}

/** Retry-After in seconds; the HTTP-date form is rare from API servers and is left aside. */
function retryAfterSeconds(header: string | string[] | undefined): number | undefined {
  const value = Number(Array.isArray(header) ? header[0] : header);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

function excerpt(text: string): string | undefined {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (!flat) return undefined;
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
}

function describeNetworkError(error: unknown): string {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (code === 'ECONNREFUSED') return 'connection refused';
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
    if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'connection closed by the server';
    if (typeof code === 'string') return code;
  }
  return error instanceof Error ? error.message : String(error);
}

function formatSeconds(ms: number): string {
  return String(Number((ms / 1000).toFixed(1)));
}
