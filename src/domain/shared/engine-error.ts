import { JobFailure } from './job-failure';

/**
 * Failures of the engines (ffmpeg, GPU jobs, speech-to-text, LLM, embeddings, downloads),
 * and so of the ports through which the domain calls them: the domain declares the type,
 * the engines throw it. Their message is stored on the record as the readable failure
 * reason, so it must make sense to a partner reading it.
 */
export class EngineError extends JobFailure {}

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

/** Whether an engine's failure says the input cannot be read, rather than that the server cannot read anything. */
export function blamesInput(error: unknown): error is EngineError {
  return error instanceof EngineError && !(error instanceof ToolUnavailable);
}
