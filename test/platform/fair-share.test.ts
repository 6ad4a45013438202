import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { completeQueue } from '../../src/domain/completion/completion.queues';
import { startAppProcess, type AppProcess } from '../support/app-process';
import { execute, subscribe, wsClient } from '../support/graphql-client';
import { makeSine, makeTempDir, removeDir } from '../support/audio';
import { startGpuJobsServer } from '../support/gpu-jobs-server';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../support/openai-compatible-server';
import { startRestartableRedis, startTestRedis, type TestRedis } from '../support/redis-server';
import { multipart, restClient } from '../support/rest-client';
import { startTestApp, type TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { DocumentQueues, DocumentQueueUpdates, VoiceWait } from './fair-share-operations';

/**
 * Fair share between partners on real BullMQ queues, with the API in this process and the
 * jobs run by separate worker processes: what starts next when several partners wait.
 */

const ENGINE_MS = 400;

let dir: string;
let redis: TestRedis;
let engine: OpenAiCompatibleServer;
let pages: Server;
let pagesUrl: string;
/** Every page request the site has seen, in arrival order: the order digitize jobs started in. */
const pageRequests: string[] = [];
let env: Record<string, string>;
let workers: AppProcess[] = [];
let api: TestApp | null = null;

beforeAll(async () => {
  dir = await makeTempDir('fair-share-');
  redis = await startTestRedis();
  engine = await startOpenAiCompatibleServer({ delaysMs: { chat: ENGINE_MS } });
  // A slow web site: every document's download takes a while, and arrives in the order its job started.
  pages = createServer((request, response) => {
    pageRequests.push(request.url ?? '');
    if (request.url?.startsWith('/unavailable')) return void response.writeHead(503, { 'content-type': 'text/plain' }).end('down for maintenance');
    setTimeout(() => {
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(`Page ${request.url}: words enough to be a document.`);
    }, ENGINE_MS).unref();
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pagesUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}`;
  env = {
    REDIS_URL: redis.url,
    DATA_DIR: join(dir, 'data'),
    LOG_LEVEL: 'silent',
    ALLOW_PRIVATE_URLS: 'true',
    LLM_BASE_URL: engine.baseUrl,
    RATE_LIMIT_PER_MINUTE: '100000',
    RECONCILE_INTERVAL_SECONDS: '3600',
  };
});

/** Ends the test's deployment: its worker processes, killed, then its API. */
async function undeploy(): Promise<void> {
  for (const worker of workers) worker.kill('SIGKILL');
  await Promise.all(workers.map((worker) => worker.exited));
  workers = [];
  await api?.close();
  api = null;
}

afterEach(undeploy);

afterAll(async () => {
  await engine?.close();
  pages?.closeAllConnections();
  await new Promise<void>((resolve) => pages?.close(() => resolve()));
  await redis?.stop();
  await removeDir(dir);
});

/** A fresh deployment on the shared Redis: its own key prefix, the API here, `count` worker processes. */
async function deploy(prefix: string, count: number, extra: Record<string, string> = {}): Promise<TestApp> {
  const deployment = { ...env, REDIS_PREFIX: prefix, ...extra };
  api = await startTestApp({ ...deployment, ROLE: 'api' }, { ...redis, prefix, stop: async () => undefined });
  for (let n = 0; n < count; n++) workers.push(await startAppProcess({ ...deployment, ROLE: 'worker' }));
  return api;
}

/** A knowledge base `Docs` for each partner, and a REST client with a key to all of them. */
async function knowledgeBasesOf(app: TestApp, ...partners: string[]) {
  const call = restClient(app.url, await app.createKey(...partners));
  for (const partner of partners) expect((await call('POST', `/api/knowledgebases/${partner}`, { json: { name: 'Docs' } })).status).toBe(201);
  return call;
}

function submitCompletion(app: TestApp, key: string, text: string) {
  return restClient(app.url, key)('POST', '/v2/completions', { json: { input: { messages: [{ role: 'user', content: text }] } } });
}

/** The user texts the LLM has been asked about, in the order the requests arrived. */
function askedSoFar(): string[] {
  return engine.requests.filter((request) => request.endpoint === 'chat').map((request) => request.messages?.at(-1)?.content ?? '');
}

describe('when one partner has a backlog', () => {
  it("starts another partner's single job as soon as a slot frees: at most one of the backlog's jobs per slot first", async () => {
    engine.requests.length = 0;
    const app = await deploy('fair-rr', 2, { WORKER_CONCURRENCY: '1', COMPLETION_CONCURRENCY: '1' });
    const busy = await app.createKey('acme');
    const single = await app.createKey('beta');
    for (let n = 0; n < 200; n++) expect((await submitCompletion(app, busy, `acme ${n}`)).status).toBe(200);
    // Both slots are taken by the backlog before the single job arrives.
    await waitFor(
      async () => askedSoFar().length,
      (count) => count >= 2,
    );
    const startedBefore = askedSoFar().length;
    const submitted = await submitCompletion(app, single, 'beta alone');
    const id = (submitted.body as { id: string }).id;
    await waitFor(
      () => restClient(app.url, single)('GET', id),
      (answer) => (answer.body as { state: string }).state === 'completed',
    );
    const asked = askedSoFar();
    const backlogStartedMeanwhile = asked.indexOf('beta alone') - startedBefore;
    // Two slots: at most one backlog job may have been handed to each before beta's turn.
    expect(backlogStartedMeanwhile).toBeGreaterThanOrEqual(0);
    expect(backlogStartedMeanwhile).toBeLessThanOrEqual(2);
    // Nowhere near the 200 that arrival order would have put first.
    expect(asked.filter((text) => text.startsWith('acme')).length).toBeLessThan(50);
  });

  it('gives partners with backlogs turns by their weights, oldest first within each', async () => {
    pageRequests.length = 0;
    const app = await deploy('fair-weights', 1, { WORKER_CONCURRENCY: '1', PARTNER_WEIGHTS: 'acme=3' });
    const call = await knowledgeBasesOf(app, 'acme', 'beta');
    for (const partner of ['acme', 'beta']) {
      for (let n = 0; n < 16; n++) {
        const created = await call('POST', `/api/documents/${partner}/Docs`, { json: { folder: 'f', type: 'url', url: `${pagesUrl}/${partner}/${n}` } });
        expect(created.status).toBe(201);
      }
    }
    await waitFor(
      async () => pageRequests.length,
      (count) => count >= 18,
      60_000,
    );
    // Once beta's work is waiting too, acme (weight 3) gets three turns for each of beta's.
    const firstBeta = pageRequests.findIndex((url) => url.startsWith('/beta'));
    const window = pageRequests.slice(firstBeta, firstBeta + 16);
    const acmeTurns = window.filter((url) => url.startsWith('/acme')).length;
    expect(acmeTurns).toBeGreaterThanOrEqual(11);
    expect(acmeTurns).toBeLessThanOrEqual(13);
    for (const partner of ['acme', 'beta']) {
      const order = pageRequests.filter((url) => url.startsWith(`/${partner}/`)).map((url) => Number(url.split('/')[2]));
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
  });
});

describe('with FAIR_SCHEDULING=off', () => {
  it('queues in arrival order, as plain BullMQ does, and still runs every job', async () => {
    engine.requests.length = 0;
    const app = await deploy('fair-off', 1, { WORKER_CONCURRENCY: '1', COMPLETION_CONCURRENCY: '1', FAIR_SCHEDULING: 'off' });
    const busy = await app.createKey('acme');
    const single = await app.createKey('beta');
    const ids = [];
    for (let n = 0; n < 4; n++) ids.push((await submitCompletion(app, busy, `first ${n}`)).body.id as string);
    const last = (await submitCompletion(app, single, 'last')).body.id as string;
    await waitFor(
      () => restClient(app.url, single)('GET', last),
      (answer) => (answer.body as { state: string }).state === 'completed',
    );
    // No turns: the single job of the other key came after the whole backlog.
    expect(askedSoFar()).toEqual(['first 0', 'first 1', 'first 2', 'first 3', 'last']);
  });
});

describe('when a partner has interactive and bulk work', () => {
  it("puts a single upload ahead of the same partner's batch, and still gives the batch a turn in four", async () => {
    pageRequests.length = 0;
    const call = await knowledgeBasesOf(await deploy('fair-bulk', 1, { WORKER_CONCURRENCY: '1' }), 'acme');
    const batch = await call('POST', '/api/documents/acme/Docs/batch', {
      json: { folder: 'batch', urls: Array.from({ length: 30 }, (_, n) => `${pagesUrl}/batch-${n}`) },
    });
    expect(batch.status).toBe(201);
    await waitFor(
      async () => pageRequests.length,
      (count) => count >= 1,
    );
    for (let n = 0; n < 6; n++) {
      const single = await call('POST', '/api/documents/acme/Docs', { json: { folder: 'single', type: 'url', url: `${pagesUrl}/single-${n}` } });
      expect(single.status).toBe(201);
    }
    await waitFor(
      async () => pageRequests.filter((url) => url.startsWith('/single')).length,
      (count) => count === 6,
      60_000,
    );
    const afterSingles = pageRequests.slice(pageRequests.findIndex((url) => url.startsWith('/single')));
    const lastSingle = afterSingles.findLastIndex((url) => url.startsWith('/single'));
    // Six singles took at most six turns of interactive work and two of bulk (three to one).
    expect(lastSingle).toBeLessThanOrEqual(7);
    expect(afterSingles.slice(0, lastSingle + 1).filter((url) => url.startsWith('/batch')).length).toBeGreaterThanOrEqual(1);
  });
});

describe('with PARTNER_MAX_RUNNING', () => {
  it('caps the jobs one partner runs at once across worker processes, while others run beside it', async () => {
    engine.requests.length = 0;
    engine.resetPeakConcurrency();
    const app = await deploy('fair-cap', 2, { WORKER_CONCURRENCY: '2', COMPLETION_CONCURRENCY: '2', PARTNER_MAX_RUNNING: '1' });
    const capped = await app.createKey('acme');
    for (let n = 0; n < 6; n++) await submitCompletion(app, capped, `capped ${n}`);
    await waitFor(
      async () => askedSoFar().length,
      (count) => count >= 4,
      60_000,
    );
    // Four slots over two processes, and never more than one of this key's jobs at a time.
    expect(engine.peakConcurrency('chat')).toBe(1);
    const other = await app.createKey('beta');
    const before = askedSoFar().length;
    await submitCompletion(app, other, 'other');
    await waitFor(
      async () => askedSoFar().slice(before),
      (asked) => asked.includes('other'),
    );
    await waitFor(
      async () => askedSoFar().length,
      (count) => count >= 7,
      60_000,
    );
    expect(engine.peakConcurrency('chat')).toBe(2);
  });
});

describe('while work waits', () => {
  it('says why and where each waiting job stands, and pushes its place as the queue moves', async () => {
    pageRequests.length = 0;
    const app = await deploy('fair-queue-field', 1, { WORKER_CONCURRENCY: '1' });
    const key = await app.createKey('acme');
    const call = restClient(app.url, key);
    expect((await call('POST', '/api/knowledgebases/acme', { json: { name: 'Docs' } })).status).toBe(201);
    const ids: string[] = [];
    for (let n = 0; n < 4; n++) {
      const created = await call('POST', '/api/documents/acme/Docs', { json: { folder: 'f', type: 'url', url: `${pagesUrl}/queued-${n}`, name: `Doc ${n}` } });
      ids.push(created.body.id);
    }
    const client = wsClient(app.url, key);
    try {
      const updates = subscribe(client, DocumentQueueUpdates, { partner: 'acme', kb: 'Docs' });
      // The first job has started once its page is asked for (a loaded machine may take a while to pick it up).
      await waitFor(
        async () => pageRequests,
        (requests) => requests.includes('/queued-0'),
      );
      const answer = await execute(app.url, key, DocumentQueues, { partner: 'acme', name: 'Docs' });
      const documents = answer.data!.knowledgeBase!.documents;
      const last = documents.find((document) => document.id === ids[3])!;
      // One slot: the first runs, and the last has the other two waiting before it.
      expect(last.queue).toMatchObject({ reason: 'WAITING_FOR_TURN', position: 2 });
      expect(documents.find((document) => document.id === ids[1])!.queue).toMatchObject({ reason: 'WAITING_FOR_TURN', position: 0 });
      // Its place comes down as the others start, and the queue goes once its own job runs.
      for (const position of [1, 0]) {
        await updates.until((event) => event.documentUpdated.id === ids[3] && event.documentUpdated.queue?.position === position);
      }
      await updates.until((event) => event.documentUpdated.id === ids[3] && event.documentUpdated.queue === null);
      // By now jobs have ended: waits carry a start estimate from their measured durations.
      const late: string[] = [];
      for (let n = 0; n < 3; n++) {
        late.push(
          (await call('POST', '/api/documents/acme/Docs', { json: { folder: 'f', type: 'url', url: `${pagesUrl}/late-${n}`, name: `Late ${n}` } })).body.id,
        );
      }
      const later = await execute(app.url, key, DocumentQueues, { partner: 'acme', name: 'Docs' });
      const lastLate = later.data!.knowledgeBase!.documents.find((document) => document.id === late[2])!;
      expect(lastLate.queue?.reason).toBe('WAITING_FOR_TURN');
      expect(lastLate.queue?.position).toBeGreaterThanOrEqual(1);
      const estimate = Date.parse(lastLate.queue!.estimatedStartAt!);
      expect(estimate).toBeGreaterThan(Date.now());
      expect(estimate).toBeLessThan(Date.now() + 30_000);
      updates.dispose();
    } finally {
      await client.dispose();
    }
  });
});

describe('when the wait is not for a turn', () => {
  it("says so while the engine holds the job in its own queue, with the engine's place", async () => {
    const gpu = await startGpuJobsServer({ queuedPolls: 40, runningPolls: 1 });
    try {
      const app = await deploy('fair-engine-busy', 1, { GPU_JOBS_URL: gpu.url, GPU_JOBS_POLL_MS: '100' });
      const key = await app.createKey('acme');
      const recording = await makeSine(join(dir, 'voice.wav'), { seconds: 12 });
      const created = await restClient(app.url, key)('POST', '/api/voices/acme', { form: await multipart({ name: 'Busy' }, { file: recording }) });
      expect(created.status).toBe(201);
      const busy = await waitFor(
        async () => (await execute(app.url, key, VoiceWait, { partner: 'acme', name: 'Busy' })).data?.voice?.queue,
        (wait) => wait?.reason === 'ENGINE_BUSY' && (wait.position ?? 99) < 30,
      );
      expect(busy).toMatchObject({ reason: 'ENGINE_BUSY', position: expect.any(Number) });
      const done = await waitFor(
        async () => (await execute(app.url, key, VoiceWait, { partner: 'acme', name: 'Busy' })).data!.voice!,
        (voice) => voice.status.embedding !== 'IN_PROGRESS',
      );
      expect(done.queue).toBeNull();
    } finally {
      await gpu.close();
    }
  });

  it('says when the next attempt starts while a failed attempt waits its backoff', async () => {
    const app = await deploy('fair-backoff', 1);
    const call = await knowledgeBasesOf(app, 'acme');
    // The page answers 503: a retryable failure, so the digitizing waits its backoff before the next attempt.
    const created = await call('POST', '/api/documents/acme/Docs', { json: { folder: 'f', type: 'url', url: `${pagesUrl}/unavailable`, name: 'Later' } });
    const key = await app.createKey('acme');
    const waiting = await waitFor(
      async () =>
        (await execute(app.url, key, DocumentQueues, { partner: 'acme', name: 'Docs' })).data?.knowledgeBase?.documents.find(
          (document) => document.id === created.body.id,
        )?.queue,
      (wait) => wait?.reason === 'RETRY_BACKOFF',
    );
    expect(waiting).toMatchObject({ reason: 'RETRY_BACKOFF', position: null });
    expect(Date.parse(waiting!.estimatedStartAt!)).toBeGreaterThan(Date.now() - 5_000);
  });
});

describe('across kill -9 and a Redis restart', () => {
  it('completes a job whose worker was killed and whose next run then lost its lock to a Redis restart', async () => {
    const restartable = await startRestartableRedis();
    // Slow enough that each run is still going when the next interruption comes.
    const slow = await startOpenAiCompatibleServer({ delaysMs: { chat: 5_000 } });
    const prefix = 'fair-twice';
    const deployment = {
      ...env,
      LLM_BASE_URL: slow.baseUrl,
      REDIS_URL: restartable.url,
      REDIS_PREFIX: prefix,
      JOB_LOCK_MS: '2000',
      JOB_STALLED_INTERVAL_MS: '1000',
    };
    const runs = async () => slow.requests.filter((request) => request.endpoint === 'chat').length;
    try {
      api = await startTestApp({ ...deployment, ROLE: 'api' }, { ...restartable, prefix, stop: async () => undefined });
      workers.push(await startAppProcess({ ...deployment, ROLE: 'worker' }));
      const key = await api.createKey('acme');
      const { id } = (await submitCompletion(api, key, 'twice interrupted')).body;
      await waitFor(runs, (count) => count >= 1);
      workers[0]!.kill('SIGKILL');
      await workers[0]!.exited;
      workers[0] = await startAppProcess({ ...deployment, ROLE: 'worker' });
      await waitFor(runs, (count) => count >= 2, 30_000);
      // Away for longer than the lock: the running job's lock lapses although its worker lives.
      await restartable.down();
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await restartable.up();
      const final = await waitFor(
        async () => (await restClient(api!.url, key)('GET', id)).body as { state: string; output?: { error?: string } },
        ({ state }) => state === 'completed' || state === 'failed',
        60_000,
      );
      expect(final.output?.error).toBeUndefined();
      expect(final.state).toBe('completed');
    } finally {
      await undeploy();
      await slow.close();
      await restartable.stop();
    }
  });

  it('runs every job of every partner to its final status once, and leaves nothing in line', async () => {
    const restartable = await startRestartableRedis();
    const prefix = 'fair-crash';
    const deployment = {
      ...env,
      REDIS_URL: restartable.url,
      REDIS_PREFIX: prefix,
      WORKER_CONCURRENCY: '2',
      COMPLETION_CONCURRENCY: '2',
      JOB_LOCK_MS: '2000',
      JOB_STALLED_INTERVAL_MS: '1000',
    };
    engine.requests.length = 0;
    try {
      api = await startTestApp({ ...deployment, ROLE: 'api' }, { ...restartable, prefix, stop: async () => undefined });
      for (let n = 0; n < 2; n++) workers.push(await startAppProcess({ ...deployment, ROLE: 'worker' }));
      const keys = [await api.createKey('acme'), await api.createKey('beta')];
      const submitted: { key: string; id: string }[] = [];
      for (let n = 0; n < 20; n++) {
        for (const key of keys) submitted.push({ key, id: (await submitCompletion(api, key, `crash ${n}`)).body.id });
      }
      await waitFor(
        async () => askedSoFar().length,
        (count) => count >= 6,
      );
      // A worker dies mid-job, and another takes its place.
      workers[0]!.kill('SIGKILL');
      await workers[0]!.exited;
      workers[0] = await startAppProcess({ ...deployment, ROLE: 'worker' });
      await waitFor(
        async () => askedSoFar().length,
        (count) => count >= 16,
      );
      // Redis stops (saving) and comes back under the work.
      await restartable.down();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await restartable.up();
      const finals = await waitFor(
        () =>
          Promise.all(
            submitted.map(async ({ key, id }) => (await restClient(api!.url, key)('GET', id)).body as { state: string; output?: { error?: string } }),
          ),
        (all) => all.every(({ state }) => state === 'completed' || state === 'failed'),
        120_000,
      );
      // A failure names its reason, so a run that fails here says which interruption was counted against a job.
      expect(finals.filter(({ state }) => state !== 'completed').map(({ output }) => output?.error)).toEqual([]);
      // Each completion's answer was recorded once: every one still reads as its own reply.
      for (const { key, id } of submitted) {
        const body = (await restClient(api.url, key)('GET', id)).body;
        expect(body.output.message.content).toMatch(/^Echo: crash \d+$/);
      }
      // Nothing is left waiting in any lane.
      const { platform } = api.app.services;
      const snapshot = await platform.queues.scheduler.snapshot(platform.queues.get(completeQueue));
      expect(snapshot.lanes).toEqual([]);
      expect(snapshot.ready).toBe(0);
    } finally {
      await undeploy();
      await restartable.stop();
    }
  });
});
