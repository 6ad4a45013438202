import { JobFailure } from './job-failure';

/**
 * Failures of the engines (ffmpeg, GPU jobs, speech-to-text, LLM, embeddings, downloads),
 * and so of the ports through which the domain calls them: the domain declares the type,
 * the engines throw it. Their message is stored on the record as the readable failure
 * reason, so it must make sense to a partner reading it.
 */
export class EngineError extends JobFailure {}

/**
 * The engine could not answer now: it answered 5xx, 408 or 429, did not answer in time, or
 * refused or dropped the connection. That says nothing about the work (a restarting or
 * overloaded engine answers so), so the job is tried again with backoff for
 * ENGINE_RETRY_WINDOW_SECONDS before it fails; any other failure of an engine is either final
 * (`retryable` false: 4xx, an answer that is not what the protocol says, one too large) or
 * spends one of the job's few ordinary attempts.
 */
export class EngineUnavailable extends EngineError {
  /** The HTTP status the engine answered with, when it answered. */
  readonly status?: number;
  /** How long the engine asked to be left alone (Retry-After), in milliseconds. */
  readonly retryAfterMs?: number;

  constructor(message: string, details: { status?: number; retryAfterMs?: number } = {}) {
    super(message, true);
    this.status = details.status;
    this.retryAfterMs = details.retryAfterMs;
  }
}

export class EngineNotConfigured extends EngineError {
  constructor(engine: string, variable: string) {
    super(`The ${engine} engine is not configured (set ${variable})`, false);
  }
}

/**
 * A program the server runs (ffmpeg, ffprobe) is not installed or cannot be started: the
 * server's fault, never the input's. A request that needs it is answered 503 naming it; a job
 * fails at once with this reason, since another attempt on the same machine meets the same.
 */
export class ToolUnavailable extends EngineError {
  constructor(message: string) {
    super(message, false);
  }
}

/**
 * One audio tool, by the last part of its path, not installed (no `problem`) or unable to run
 * (`problem` says how): the same words whether a request meets it or a job does.
 */
export function toolUnavailable(path: string, problem?: string): ToolUnavailable {
  const name = path.split(/[\\/]/).pop() ?? path;
  return new ToolUnavailable(problem ? `The audio tool ${name} ${problem}` : `The audio tool ${name} is not installed on the server`);
}

/** Whether an engine's failure says the input cannot be read, rather than that the server cannot read anything. */
export function blamesInput(error: unknown): error is EngineError {
  return error instanceof EngineError && !(error instanceof ToolUnavailable);
}

/** The same failure in other words (saying where it happened, say): a transient one stays transient. */
export function reworded(error: JobFailure, message: string): JobFailure {
  if (error instanceof EngineUnavailable) return new EngineUnavailable(message, { status: error.status, retryAfterMs: error.retryAfterMs });
  if (error instanceof EngineError) return new EngineError(message, error.retryable);
  return new JobFailure(message, error.retryable);
}
