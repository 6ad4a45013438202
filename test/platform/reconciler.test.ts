import { UnrecoverableError, Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rewriteQueue } from '../../src/domain/knowledge-base/knowledge-base.queues';
import type { AnyQueueDefinition } from '../../src/queues/queue-registry';
import { completeQueue } from '../../src/domain/completion/completion.queues';
import { COMPLETION_KIND } from '../../src/domain/completion/completion.types';
import { LOST_REASON, LOST_TWICE_REASON, reconcile } from '../../src/workers/reconciler';
import { onOneWorker } from '../../src/workers/maintenance';
import { waitFor } from '../support/wait-for';
import { multipart, restClient, type RestClient } from '../support/rest-client';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { startTestRedis, type TestRedis } from '../support/redis-server';
import { startTestApp, type TestApp } from '../support/test-app';

let redis: TestRedis;
let engines: OpenAiCompatibleServer;
let api: TestApp;
let call: RestClient;
let env: Record<string, string>;

beforeAll(async () => {
  redis = await startTestRedis();
  engines = await startOpenAiCompatibleServer();
  env = { LLM_BASE_URL: engines.baseUrl, RECONCILE_GRACE_SECONDS: '0', RECONCILE_INTERVAL_SECONDS: '3600' };
  // No workers here: jobs wait in their queues, where the test can lose them.
  api = await startTestApp({ ...env, ROLE: 'api' }, redis);
  call = restClient(api.url, await api.createKey('acme'));
  env.DATA_DIR = api.dataDir;
});

afterAll(async () => {
  await api?.close();
  await engines?.close();
  await redis?.stop();
});

const uuidOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

async function submitCompletion(): Promise<string> {
  const submitted = await call('POST', '/v2/completions', { json: { input: { messages: [{ role: 'user', content: 'hello' }] } } });
  expect(submitted.status).toBe(200);
  return submitted.body.id;
}

/** Takes a waiting job off its queue, as a Redis failover or a crash before the add would. */
async function loseJob(jobId: string, queue: AnyQueueDefinition = completeQueue): Promise<void> {
  const bull = api.app.services.platform.queues.get(queue);
  await bull.remove(jobId);
  expect(await bull.getJobState(jobId)).toBe('unknown');
}

describe('when a record says in progress but its job is gone', () => {
  const run = () => reconcile(api.app.services.platform, api.app.services.inFlight, 0);

  it('queues the work again once where the record can rebuild it, and fails it the second time', async () => {
    const path = await submitCompletion();
    const jobId = completeQueue.jobId({ completionId: uuidOf(path) });
    await loseJob(jobId);
    expect(await run()).toEqual({ requeued: 1, failed: 0, relaned: 0 });
    // No worker runs here: the job waits parked for its turn.
    expect(await api.app.services.platform.queues.get(completeQueue).getJobState(jobId)).toBe('delayed');
    expect(await api.app.services.platform.queues.waitOf(completeQueue, { completionId: uuidOf(path) })).toMatchObject({
      reason: 'WAITING_FOR_TURN',
      position: 0,
    });
    expect((await call('GET', path)).body.state).toBe('in-progress');

    await loseJob(jobId);
    expect(await run()).toEqual({ requeued: 0, failed: 1, relaned: 0 });
    expect((await call('GET', path)).body).toMatchObject({ state: 'failed', output: { error: LOST_TWICE_REASON } });
  });

  it('fails work the record cannot rebuild with a reason, and frees the document', async () => {
    await call('POST', '/api/knowledgebases/acme', { form: await multipart({ name: 'Library' }) });
    const typed = await call('POST', '/api/documents/acme/Library/empty', { json: { name: 'Typed', folder: 'Manual', type: 'file' } });
    await call('PUT', `/api/documents/acme/Library/${typed.body.id}/content/digitized`, { json: { content: 'Some text.' } });
    await call('POST', '/api/queue/process', { json: { document: { id: typed.body.id }, action: 'rewrite', partner: 'acme', kb: 'Library' } });
    const generation = (await api.app.services.knowledgeBases.getDocuments([typed.body.id]))[0]!.generation;
    await loseJob(rewriteQueue.jobId({ documentId: typed.body.id, generation }), rewriteQueue);

    expect(await run()).toEqual({ requeued: 0, failed: 1, relaned: 0 });
    expect((await call('GET', `/api/document/acme/Library/${typed.body.id}`)).body).toMatchObject({ in_queues: [], processing_error: LOST_REASON });
    expect(await run()).toEqual({ requeued: 0, failed: 0, relaned: 0 });
  });

  it("fails a record whose job BullMQ failed while nobody recorded it, with the job's reason", async () => {
    const path = await submitCompletion();
    const { platform } = api.app.services;
    // A worker that takes the job and fails it, then dies before the failure write: fetched by hand, as BullMQ allows.
    const bare = new Worker(completeQueue.name, null, { connection: platform.redis.bullmq, prefix: platform.queues.bullPrefix });
    try {
      // Its slot registered with the fair scheduler, the job's turn comes at once.
      await platform.queues.claim(completeQueue, { worker: { id: 'dying-worker', concurrency: 1, expiresAtMs: Date.now() + 1_000 } });
      const job = await bare.getNextJob('dying-worker');
      expect(job?.id).toBe(completeQueue.jobId({ completionId: uuidOf(path) }));
      await job!.moveToFailed(new UnrecoverableError('The engine crashed the worker'), 'dying-worker');
    } finally {
      await bare.close();
    }
    expect((await call('GET', path)).body.state).toBe('in-progress');

    expect(await run()).toEqual({ requeued: 0, failed: 1, relaned: 0 });
    expect((await call('GET', path)).body).toMatchObject({ state: 'failed', output: { error: 'The engine crashed the worker' } });
  });

  it('skips a record it cannot read, saying so, and settles the others', async () => {
    const { platform } = api.app.services;
    const unreadable = uuidOf(await submitCompletion());
    const key = platform.keys.recordKey(COMPLETION_KIND, unreadable);
    // As a newer build would leave it: a layout this build does not know.
    const newer = { ...(JSON.parse((await platform.redis.commands.get(key))!) as object), schemaVersion: 99 };
    await platform.redis.commands.set(key, JSON.stringify(newer));
    const lost = uuidOf(await submitCompletion());
    await loseJob(completeQueue.jobId({ completionId: lost }));
    await loseJob(completeQueue.jobId({ completionId: unreadable }));

    try {
      expect(await run()).toEqual({ requeued: 1, failed: 0, relaned: 0 });
      expect(['delayed', 'waiting']).toContain(await platform.queues.get(completeQueue).getJobState(completeQueue.jobId({ completionId: lost })));
      // Left as it was, and still in the index, for an operator to find.
      expect(JSON.parse((await platform.redis.commands.get(key))!)).toMatchObject({ schemaVersion: 99 });
    } finally {
      await platform.redis.commands.del(key);
    }
  });

  it('runs when a worker starts: a lost completion is queued again and finishes', async () => {
    const path = await submitCompletion();
    await loseJob(completeQueue.jobId({ completionId: uuidOf(path) }));
    const worker = await startTestApp({ ...env, ROLE: 'worker' }, redis);
    try {
      const done = await waitFor(
        async () => (await call('GET', path)).body,
        (body) => body.state !== 'in-progress',
        30_000,
      );
      expect(done).toMatchObject({ state: 'completed', output: { message: { content: 'Echo: hello' } } });
    } finally {
      await worker.close();
    }
  });
});

describe('what a run costs', () => {
  const run = () => reconcile(api.app.services.platform, api.app.services.inFlight, 0);

  /** Commands the server processed while `action` ran (the INFO that reads the count excluded). */
  async function commandsDuring(action: () => Promise<unknown>): Promise<number> {
    const redisClient = api.app.services.platform.redis.commands;
    const processed = async () => Number(/total_commands_processed:(\d+)/.exec(await redisClient.info('stats'))![1]);
    const before = await processed();
    await action();
    return (await processed()) - before - 1;
  }

  it('reads the work in flight, not every record: the same commands at 10 and at 1,010 idle records', async () => {
    const { voices } = api.app.services;
    for (let n = 0; n < 10; n++) await voices.create('idle', { name: `Idle ${n}` });
    const inFlight = await submitCompletion();
    await run();
    const few = await commandsDuring(run);
    for (let n = 10; n < 1_010; n++) await voices.create('idle', { name: `Idle ${n}` });
    const many = await commandsDuring(run);
    expect(many).toBe(few);
    // The completion in flight is what it reads: once it has failed, it is out of the index.
    await loseJob(completeQueue.jobId({ completionId: uuidOf(inFlight) }));
    await run();
    await loseJob(completeQueue.jobId({ completionId: uuidOf(inFlight) }));
    await run();
    expect((await call('GET', inFlight)).body.state).toBe('failed');
    expect(await commandsDuring(run)).toBeLessThan(few);
  });

  it('runs on one worker at a time across the fleet', async () => {
    const { platform } = api.app.services;
    let running = 0;
    let most = 0;
    const task = async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 200));
      running--;
    };
    const ran = await Promise.all([1, 2, 3].map(() => onOneWorker(platform, 'test-task', 5_000, task)));
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(most).toBe(1);
    // The lease lasts the interval: a worker that comes later within it does not run the task again.
    expect(await onOneWorker(platform, 'test-task', 5_000, task)).toBe(false);
  });
});
