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
