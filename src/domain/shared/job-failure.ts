/**
 * Why a job failed, in words a partner can read: its message is stored on the record as the
 * failure reason. `retryable` false ends the job at once (bad input, nothing to work on, an
 * engine not configured) instead of spending its attempts. Engines throw the `EngineError`
 * kind of it; workers throw it directly for what they find wrong before or after an engine.
 */
export class JobFailure extends Error {
  constructor(
    message: string,
    /** False when trying again cannot help. */
    readonly retryable = true,
  ) {
    super(message);
  }
}
