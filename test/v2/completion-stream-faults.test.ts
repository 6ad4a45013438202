import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAppProcess, type AppProcess } from '../support/app-process';
import { makeTempDir, removeDir } from '../support/audio';
import { execute, subscribe, wsClient } from '../support/graphql-client';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { CompletionOutput, gapless, rebuild, SubmitCompletion, type SeenOutputEvent } from '../support/output-events';
import { freePort, startRestartableRedis, type RestartableRedis } from '../support/redis-server';
import { restClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';

// Faults while a reply streams (issue 33, item 7): real processes killed with SIGKILL, and a
// Redis that goes away and comes back, each in the middle of a reply written at 20 tokens a second.

const REPLY = Array.from({ length: 60 }, (_, index) => `token${index}`).join(' ');

let dir: string;
let redis: RestartableRedis;
let engine: OpenAiCompatibleServer;
let api: TestApp;
let key: string;
let shared: Record<string, string>;
const processes: AppProcess[] = [];

beforeAll(async () => {
  dir = await makeTempDir('completion-stream-faults-');
  redis = await startRestartableRedis();
  engine = await startOpenAiCompatibleServer({ reply: REPLY, tokensPerSecond: 20 });
  shared = {
    REDIS_URL: redis.url,
    REDIS_PREFIX: redis.prefix,
    DATA_DIR: join(dir, 'data'),
    LOG_LEVEL: 'silent',
    LLM_BASE_URL: engine.baseUrl,
    RATE_LIMIT_PER_MINUTE: '100000',
  };
  api = await startTestApp({ ...shared, ROLE: 'api' }, redis);
  key = await api.createKey('acme');
}, 120_000);

afterEach(async () => {
  for (const child of processes.splice(0)) {
    child.kill('SIGKILL');
    await child.exited;
  }
});

afterAll(async () => {
  await api?.close();
  await engine?.close();
  await redis?.stop();
  await removeDir(dir);
});

async function start(env: Record<string, string>): Promise<AppProcess> {
  const child = await startAppProcess({ ...shared, ...env });
  processes.push(child);
  return child;
}

async function submit(url = api.url): Promise<string> {
  const submitted = await execute(url, key, SubmitCompletion, { input: { messages: [{ role: 'USER', content: 'Go on' }] } });
  return submitted.data!.submitCompletion.id;
}

function follow(url: string, id: string, after?: number) {
  const client = wsClient(url, key);
  const subscription = subscribe(client, CompletionOutput, { id, after });
  return { client, subscription, events: () => subscription.events.map((event) => event.completionOutput as SeenOutputEvent) };
}

async function storedReply(id: string): Promise<string> {
  const settled = await waitFor(
    () => restClient(api.url, key)('GET', id),
    (answer) => answer.status === 200 && (answer.body as { state: string }).state !== 'in-progress',
    60_000,
  );
  return (settled.body as { output: { message: { content: string } } }).output.message.content;
}

/** The events up to done must already spell the stored reply: done adds nothing (no repair by a final reset). */
function expectRebuiltBeforeDone(events: SeenOutputEvent[], reply: string): void {
  expect(events.at(-1)).toMatchObject({ done: true, text: '', reset: false });
  expect(gapless(events)).toBe(true);
  expect(rebuild(events.slice(0, -1))).toBe(reply);
}

describe('a reply streaming through faults', () => {
  it('starts over with reset when its worker is killed mid-reply and the job runs again, ending as stored', async () => {
    // A dead worker's job is found within a few seconds instead of a minute.
    const fastStall = { ROLE: 'worker', JOB_LOCK_MS: '2000', JOB_STALLED_INTERVAL_MS: '1000' };
    const first = await start(fastStall);
    const id = await submit();
    const watcher = follow(api.url, id);
    try {
      await waitFor(
        async () => rebuild(watcher.events()).length,
        (length) => length > 20,
        30_000,
      );
      first.kill('SIGKILL');
      await first.exited;
      const before = watcher.events().at(-1)!.seq;
      await start(fastStall);
      await watcher.subscription.until((event) => event.completionOutput.done, 60_000);
      const events = watcher.events();
      const reply = await storedReply(id);
      expect(reply).toBe(REPLY);
      // The rerun's first event starts the text over.
      expect(events.find((event) => event.seq > before)!.reset).toBe(true);
      expectRebuiltBeforeDone(events, reply);
    } finally {
      await watcher.client.dispose();
    }
  }, 120_000);

  it('lets a client whose API process was killed resume on another with after, and rebuild the same reply', async () => {
    const [portA, portB] = [await freePort(), await freePort()];
    const [apiA] = await Promise.all([
      start({ ROLE: 'api', PORT: String(portA), HOST: '127.0.0.1' }),
      start({ ROLE: 'api', PORT: String(portB), HOST: '127.0.0.1' }),
      start({ ROLE: 'worker' }),
    ]);
    const [urlA, urlB] = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];
    const id = await submit(urlA);
    const before = follow(urlA, id);
    await waitFor(
      async () => before.events().length,
      (count) => count >= 3,
      30_000,
    );
    apiA.kill('SIGKILL');
    await apiA.exited;
    const had = before.events();
    await before.client.dispose();
    const last = had.at(-1)!.seq;
    const after = follow(urlB, id, last);
    try {
      await after.subscription.until((event) => event.completionOutput.done, 60_000);
      const resumed = after.events();
      // A replay from where it was, not a snapshot.
      expect(resumed[0]).toMatchObject({ seq: last + 1 });
      expectRebuiltBeforeDone([...had, ...resumed], await storedReply(id));
    } finally {
      await after.client.dispose();
    }
  }, 120_000);

  it('keeps the text written while Redis was away, and ends with the stored reply once it is back', async () => {
    await start({ ROLE: 'worker' });
    const id = await submit();
    const watcher = follow(api.url, id);
    try {
      await waitFor(
        async () => rebuild(watcher.events()).length,
        (length) => length > 10,
        30_000,
      );
      await redis.down();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await redis.up();
      const reply = await storedReply(id);
      expect(reply).toBe(REPLY);
      // The live subscriber rebuilt it (it read the log again where a message was lost)...
      await watcher.subscription.until((event) => event.completionOutput.done, 60_000);
      expect(rebuild(watcher.events())).toBe(reply);
      // ...and the log holds every piece: what came while Redis was away was kept and written after.
      const replay = follow(api.url, id, 0);
      await replay.subscription.until((event) => event.completionOutput.done, 30_000);
      await replay.client.dispose();
      const events = replay.events();
      expect(events[0]!.seq).toBe(1);
      expectRebuiltBeforeDone(events, reply);
    } finally {
      await watcher.client.dispose();
    }
  }, 120_000);
});
