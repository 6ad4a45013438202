import { expect } from 'vitest';
import { EngineError } from '../../src/domain/shared/engine-error';

/** The EngineError a call failed with; the test fails if it succeeded or threw anything else. */
export async function engineFailure(promise: Promise<unknown>): Promise<EngineError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}
