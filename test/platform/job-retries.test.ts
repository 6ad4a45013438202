import { describe, expect, it } from 'vitest';
import { EngineError, EngineUnavailable } from '../../src/domain/shared/engine-error';
import { JobFailure } from '../../src/domain/shared/job-failure';
import { afterFailure, duration, MAX_BACKOFF_MS, retryStateOf, type RetryPolicy, type RetryState } from '../../src/workers/job-retries';

const MINUTE = 60_000;
const policy: RetryPolicy = { jobTimeoutMs: 120 * MINUTE, windowMs: 10 * MINUTE, backoffMs: 5_000 };
const now = Date.parse('2030-01-01T12:00:00Z');
const away = (retryAfterMs?: number) => new EngineUnavailable('LLM request failed: HTTP 503: Loading model', { status: 503, retryAfterMs });

function decide(error: unknown, state: RetryState = { retries: 0 }, at = now, options: { attemptsMade?: number; attempts?: number; deadline?: number } = {}) {
  const deadline = options.deadline ?? now + policy.jobTimeoutMs;
  return afterFailure(
    error,
    (error as Error).message,
    { attemptsMade: options.attemptsMade ?? 0, attempts: options.attempts ?? 2, state, deadline },
    at,
    policy,
  );
}

describe('after a failed attempt', () => {
  it('fails at once what a retry cannot mend', () => {
    expect(decide(new EngineError('LLM request failed: HTTP 400: context length exceeded', false))).toEqual({
      kind: 'final',
      reason: 'LLM request failed: HTTP 400: context length exceeded',
    });
  });

  it("spends the queue's attempts on other failures, each attempt with a deadline of its own", () => {
    expect(decide(new JobFailure('Download failed: connection refused'))).toEqual({ kind: 'counted' });
    expect(decide(new JobFailure('Download failed: connection refused'), { retries: 0 }, now, { attemptsMade: 1 })).toMatchObject({ kind: 'final' });
  });

  it('waits for an engine that is away, with a backoff that doubles up to a minute, spending no attempt', () => {
    const first = decide(away(), { retries: 0 }, now, { attemptsMade: 5 });
    expect(first).toEqual({ kind: 'later', at: now + 5_000, state: { deadline: now + policy.jobTimeoutMs, firstFailedAt: now, retries: 1 } });
    const third = decide(away(), { retries: 2, firstFailedAt: now - 20_000 });
    expect(third).toMatchObject({ kind: 'later', at: now + 20_000, state: { firstFailedAt: now - 20_000, retries: 3 } });
    expect(decide(away(), { retries: 9, firstFailedAt: now - 5 * MINUTE })).toMatchObject({ kind: 'later', at: now + MAX_BACKOFF_MS });
  });

  it('waits as long as the engine asked, when that is longer', () => {
    expect(decide(away(45_000))).toMatchObject({ kind: 'later', at: now + 45_000 });
  });

  it('caps a wait asked past the retry window at its end, and says so', () => {
    const capped = decide(away(3_600_000), { retries: 1, firstFailedAt: now - MINUTE });
    expect(capped).toMatchObject({
      kind: 'later',
      at: now + 9 * MINUTE,
      note: 'the engine asked to wait 1 h (Retry-After), past the retry window: trying once more at its end',
    });
  });

  it('fails once the window is over, saying how long the engine was tried', () => {
    expect(decide(away(), { retries: 6, firstFailedAt: now - 10 * MINUTE + 1_000 })).toEqual({
      kind: 'final',
      reason: 'LLM request failed: HTTP 503: Loading model; still failing after 7 tries over 10 min',
    });
  });

  it('does not try again past the job deadline', () => {
    expect(decide(away(), { retries: 0 }, now, { deadline: now + 2_000 })).toMatchObject({ kind: 'final' });
    expect(decide(away(30_000), { retries: 0 }, now, { deadline: now + 20_000 })).toEqual({
      kind: 'final',
      reason: "LLM request failed: HTTP 503: Loading model; the engine asked to wait 30 s, past the job's deadline",
    });
  });

  it('does not retry an engine at all when the window is 0', () => {
    const result = afterFailure(away(), 'reason', { attemptsMade: 0, attempts: 2, state: { retries: 0 }, deadline: now + MINUTE }, now, {
      ...policy,
      windowMs: 0,
    });
    expect(result).toEqual({ kind: 'final', reason: 'reason' });
  });
});

describe('the state a job carries between attempts', () => {
  it('is read leniently from its data', () => {
    expect(retryStateOf({ transcriptId: 't' })).toEqual({ retries: 0, deadline: undefined, firstFailedAt: undefined });
    expect(retryStateOf({ retryState: { deadline: 5, firstFailedAt: 'x', retries: 2 } })).toEqual({ deadline: 5, firstFailedAt: undefined, retries: 2 });
    expect(retryStateOf(null)).toEqual({ retries: 0, deadline: undefined, firstFailedAt: undefined });
  });

  it('says its times as people do', () => {
    expect([duration(400), duration(3_000), duration(90_000), duration(3_600_000), duration(5_400_000)]).toEqual([
      '0.4 s',
      '3 s',
      '2 min',
      '1 h',
      '1 h 30 min',
    ]);
  });
});
