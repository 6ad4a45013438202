import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineNotConfigured } from '../../src/domain/shared/engine-error';
import { EngineCallLog } from '../../src/store/engine-calls';
import { KeySpace } from '../../src/store/keys';
import { startTestRedis, type TestRedis } from '../support/redis-server';
import { waitFor } from '../support/wait-for';

let server: TestRedis;
let redis: Redis;

beforeAll(async () => {
  server = await startTestRedis();
  redis = new Redis(server.url);
});

afterAll(async () => {
  redis?.disconnect();
  await server?.stop();
});

/** Notes one call of `engine` on a log of its own and reads what the deployment would see. */
async function noted(engine: string, error?: unknown) {
  const log = new EngineCallLog(redis, new KeySpace(server.prefix));
  log.note(engine, error);
  return (
    await waitFor(
      () => log.read(),
      (calls) => calls.has(engine),
      5_000,
    )
  ).get(engine)!;
}

describe('the engine call log', () => {
  it("keeps a failure as one of a few words, from the client's own wording, never the engine's text", async () => {
    expect((await noted('a', Object.assign(new Error('LLM request failed: HTTP 401: key sk-secret is wrong'), { status: 401 }))).error).toBe('HTTP 401');
    expect((await noted('b', new Error('speech-to-text request timed out after 30 s'))).error).toBe('timed out');
    expect((await noted('c', new Error('embeddings service unreachable: connect ECONNREFUSED 10.0.0.5:11434'))).error).toBe('unreachable');
    expect((await noted('d', new EngineNotConfigured('LLM', 'LLM_BASE_URL'))).error).toBe('not configured');
    expect((await noted('e', new Error('gpu-jobs returned a response that is not JSON'))).error).toBe('unexpected answer');
    expect((await noted('h', new Error('LLM answer too large: over 16 MB'))).error).toBe('answer too large');
    expect((await noted('f', new Error('the engine said: secret prompt of another partner'))).error).toBe('failed');
    expect(await noted('g')).toEqual({ at: expect.any(String), ok: true, error: null });
    expect(JSON.stringify(Object.fromEntries(await new EngineCallLog(redis, new KeySpace(server.prefix)).read()))).not.toContain('secret');
  });

  it('writes an unchanged outcome at most every 10 seconds, and a changed one at once', async () => {
    const log = new EngineCallLog(redis, new KeySpace(server.prefix));
    log.note('steady');
    const first = (
      await waitFor(
        () => log.read(),
        (calls) => calls.has('steady'),
        5_000,
      )
    ).get('steady')!;
    await new Promise((resolve) => setTimeout(resolve, 20));
    log.note('steady');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await log.read()).get('steady')).toEqual(first);
    log.note('steady', new Error('llm request timed out after 1 s'));
    const changed = await waitFor(
      () => log.read(),
      (calls) => calls.get('steady')?.ok === false,
      5_000,
    );
    expect(changed.get('steady')).toEqual({ at: expect.any(String), ok: false, error: 'timed out' });
  });
});
