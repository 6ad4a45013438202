import { setTimeout as sleep } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import type { CallLimits } from '../domain/shared/call-limits';
import { EngineError, EngineUnavailable } from '../domain/shared/engine-error';

/** What every engine's JSON answer may weigh by default (ENGINE_MAX_ANSWER_MB): 16 MB, many times a real one. */
export const DEFAULT_MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** An error answer is shown as an excerpt: this much of it is read, the rest dropped with the connection. */
const ERROR_BODY_BYTES = 64 * 1024;

/** The waits before each retry in process of a transient failure, unless the engine asks for another. */
export const RETRY_DELAYS_MS: readonly number[] = [1_000, 4_000];

/**
 * The longest wait a worker sleeps through for an engine, holding its slot. A longer
 * Retry-After is left to the job's own retry, which frees the slot meanwhile.
 */
export const MAX_IN_PROCESS_WAIT_MS = 60_000;

/** The engine answered with a status a retry does not change (4xx other than 408 and 429). */
export class EngineHttpError extends EngineError {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message, false);
  }
}

/**
 * The engine did not answer in time. Transient, but not tried again at once: a hung engine
 * would hold the worker's slot for another timeout with each retry; the job's own retries,
 * with backoff, give it time to recover.
 */
export class EngineTimedOut extends EngineUnavailable {}

export function isTransientStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

/** What an HTTP error status means for the work: transient ones carry the wait the engine asked for. */
export function httpFailure(message: string, status: number, retryAfter: string | string[] | undefined): EngineError {
  return isTransientStatus(status) ? new EngineUnavailable(message, { status, retryAfterMs: retryAfterMs(retryAfter) }) : new EngineHttpError(message, status);
}

/** Retry-After in milliseconds, given as seconds or as an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * The answer's body if it is at most `maxBytes`, else null: then the rest is never read (the
 * connection is dropped), so an engine cannot make a worker hold more than that in memory.
 */
export async function readCapped(response: Dispatcher.ResponseData, maxBytes: number): Promise<Buffer | null> {
  const declared = Number(response.headers['content-length']);
  if (declared > maxBytes) {
    response.body.destroy();
    return null;
  }
  const { data, whole } = await readUpTo(response.body, maxBytes);
  return whole ? data : null;
}

/** What the engine said in an error answer, from at most ERROR_BODY_BYTES of it; '' when nothing readable. */
export async function errorWords(response: Dispatcher.ResponseData): Promise<string> {
  try {
    return serverWords((await readUpTo(response.body, ERROR_BODY_BYTES)).data.toString('utf8'));
  } catch {
    return '';
  }
}

async function readUpTo(body: Dispatcher.ResponseData['body'], maxBytes: number): Promise<{ data: Buffer; whole: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Leaving the loop early destroys the body, and with it the connection.
  for await (const chunk of body as AsyncIterable<Buffer>) {
    if (size + chunk.length > maxBytes) {
      chunks.push(chunk.subarray(0, maxBytes - size));
      return { data: Buffer.concat(chunks, maxBytes), whole: false };
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return { data: Buffer.concat(chunks, size), whole: true };
}

/** The server's own words: OpenAI's `{"error":{"message"}}`, the `error`, `message` or `detail` other servers use, or the plain text. */
function serverWords(text: string): string {
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
    // Not JSON (a proxy's HTML page, plain text, or cut off): its start is all there is.
  }
  return excerpt(text);
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 200 ? `${flat.slice(0, 200)}…` : flat;
}

/** A network failure in a few words. */
export function describeNetworkError(error: unknown): string {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (code === 'ECONNREFUSED') return 'connection refused';
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
    if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'connection closed by the server';
    if (typeof code === 'string') return code;
  }
  return error instanceof Error ? error.message : String(error);
}

/** A size limit as people say it: `16 MB`, `512 kB`. */
export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Number((bytes / 1024 / 1024).toFixed(1))} MB` : `${Number((bytes / 1024).toFixed(1))} kB`;
}

/** The final failure of an answer past ENGINE_MAX_ANSWER_MB, however it was read (whole, or as a stream). */
export function answerTooLarge(engine: string, maxBytes: number): EngineError {
  return new EngineError(`${engine} answer too large: over ${formatBytes(maxBytes)}`, false);
}

/**
 * Runs `request`, and after a transient failure runs it again (twice by default): after the
 * wait the engine asked for (Retry-After) or else the next of `delaysMs`. A timeout is not
 * tried again here, nor is a wait longer than MAX_IN_PROCESS_WAIT_MS or one that would run
 * past the job's deadline: those go to the job's own retries, which free the worker's slot
 * while they wait.
 */
export async function withRetries<T>(request: () => Promise<T>, limits: CallLimits = {}, delaysMs: readonly number[] = RETRY_DELAYS_MS): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await request();
    } catch (error) {
      const delay = delaysMs[attempt];
      if (!(error instanceof EngineUnavailable) || error instanceof EngineTimedOut || delay === undefined) throw error;
      const wait = error.retryAfterMs ?? delay;
      if (wait > MAX_IN_PROCESS_WAIT_MS || (limits.deadline !== undefined && Date.now() + wait >= limits.deadline)) throw error;
      await sleep(wait, undefined, { signal: limits.signal });
    }
  }
}
