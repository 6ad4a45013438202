import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { request } from 'undici';
import { ApiKeyService } from '../src/auth/api-keys';
import { loadConfig } from '../src/config/config';
import { redisConnectionOf } from '../src/config/redis-connection';
import { completeQueue } from '../src/domain/completion/completion.queues';
import { QueueRegistry } from '../src/queues/queue-registry';
import { FairScheduler, queueTopic } from '../src/queues/fair-scheduler';
import { KeySpace } from '../src/store/keys';
import { connectCommands } from '../src/store/redis';
import { startAppProcess, type AppProcess } from '../test/support/app-process';
import { startOpenAiCompatibleServer } from '../test/support/openai-compatible-server';
import { startTestCluster } from '../test/support/redis-cluster';
import { startTestRedis, type TestRedis } from '../test/support/redis-server';
import { SubscriberPool, type RoundResult } from './subscribers';
import { buildService, Cleanup, inBatches, inheritedEnv, percentile, ROOT, round, SERVICE_ENTRY, sleep, startNodeChild, type NodeChild } from './support';

// Past one machine: what a second API process, a second worker process and a Redis Cluster
// change. Every server is a child process; the clients run here.

const PARTNER = 'scale';
const SUBSCRIBERS = 10_000;
const FAN_OUT_CHANGES = 10;
const JOBS = 600;
const WORKER_CONCURRENCY = 16;
const REST_LOAD = { connections: 50, warmupSeconds: 2, durationSeconds: 8 };

export interface FanOutFigures {
  apiProcesses: number;
  subscribers: number;
  connected: number;
  p50Ms: number;
  p99Ms: number;
  missing: number;
}

export interface JobFigures {
  workers: number;
  jobs: number;
  seconds: number;
  perSecond: number;
  failed: number;
}

export interface RestFigures {
  redis: 'single' | 'cluster';
  requestsPerSecond: number;
  p99Ms: number;
  failures: number;
}

export interface ScaleFigures {
  fanOut: FanOutFigures[];
  jobs: JobFigures[];
  rest: RestFigures[];
}

interface Backend {
  redis: TestRedis;
  /** What every process of the deployment shares: Redis, key prefix, data directory. */
  env: Record<string, string>;
  apiKey: string;
}

async function backend(cleanup: Cleanup, kind: 'single' | 'cluster'): Promise<Backend> {
  const redis = kind === 'cluster' ? await startTestCluster() : await startTestRedis();
  cleanup.add(() => redis.stop());
  const dataDir = await mkdtemp(path.join(tmpdir(), 'persona-scale-'));
  cleanup.add(() => rm(dataDir, { recursive: true, force: true }));
  const env = { ...redis.env, REDIS_PREFIX: redis.prefix, DATA_DIR: dataDir };
  const commands = connectCommands(redisConnectionOf(loadConfig(env)));
  const apiKey = (await new ApiKeyService(commands, new KeySpace(redis.prefix)).create([PARTNER], 'scale bench')).key;
  commands.disconnect();
  return { redis, env, apiKey };
}

async function startApi(cleanup: Cleanup, label: string, shared: Backend, env: Record<string, string> = {}): Promise<NodeChild> {
  buildService();
  const server = await startNodeChild(label, SERVICE_ENTRY, {
    cwd: ROOT,
    env: {
      ...inheritedEnv(),
      ...shared.env,
      PORT: '0',
      HOST: '127.0.0.1',
      ROLE: 'api',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      LIVE_MAX_SUBSCRIPTIONS_PER_KEY: '100000000',
      ...env,
    },
  });
  cleanup.add(() => server.stop());
  return server;
}

async function startWorker(cleanup: Cleanup, shared: Backend, env: Record<string, string>): Promise<AppProcess> {
  const worker = await startAppProcess({ ...inheritedEnv(), ...shared.env, ROLE: 'worker', LOG_LEVEL: 'warn', ...env });
  cleanup.add(async () => {
    worker.kill('SIGTERM');
    await worker.exited;
  });
  return worker;
}

async function post(url: string, apiKey: string, body: unknown, expectedStatus: number): Promise<unknown> {
  const response = await request(url, { method: 'POST', headers: { 'x-api-key': apiKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await response.body.text();
  if (response.statusCode !== expectedStatus) throw new Error(`POST ${url} answered ${response.statusCode}: ${text}`);
  return JSON.parse(text);
}

/**
 * 10,000 graphql-ws subscribers to a partner's voices, all on one API process, then half on
 * each of two: each change (a voice created through the first process) must reach every one.
 */
async function fanOut(log: (line: string) => void): Promise<FanOutFigures[]> {
  const figures: FanOutFigures[] = [];
  for (const apiProcesses of [1, 2]) {
    const cleanup = new Cleanup();
    try {
      const shared = await backend(cleanup, 'single');
      const servers = [];
      for (let n = 0; n < apiProcesses; n++) servers.push(await startApi(cleanup, `api-${n + 1}`, shared));
      const first = servers[0]!;
      const create = (name: string) => post(`${first.url}/api/voices/${PARTNER}/empty`, shared.apiKey, { name }, 201);
      // Each subscription's first message is the current list: one voice, so one snapshot.
      await create('seed');
      const query = `subscription ($partner: String!) { voicesUpdated(partner: $partner) { name } }`;
      const pools = servers.map(
        (server) => new SubscriberPool({ url: `${server.url.replace(/^http/, 'ws')}/graphql`, apiKey: shared.apiKey, query, variables: { partner: PARTNER } }),
      );
      for (const pool of pools) cleanup.add(() => pool.closeAll());
      const started = performance.now();
      const opened = await Promise.all(pools.map((pool) => pool.add(SUBSCRIBERS / apiProcesses, { concurrency: 200, timeoutMs: 60_000 })));
      const connected = pools.reduce((sum, pool) => sum + pool.size, 0);
      log(
        `fan-out over ${apiProcesses} API process(es): ${connected} subscribers in ${round((performance.now() - started) / 1000)} s${opened.find((o) => o.firstFailure)?.firstFailure ? `, first failure: ${opened.find((o) => o.firstFailure)?.firstFailure}` : ''}`,
      );
      await sleep(2_000);
      const latencies: number[] = [];
      let missing = 0;
      for (let change = 0; change < FAN_OUT_CHANGES; change++) {
        const name = `change-${change}`;
        const expected = (data: unknown) => (data as { voicesUpdated?: { name?: string } } | undefined)?.voicesUpdated?.name === name;
        // Every pool's clock starts in the same tick, just before the one change is sent.
        const rounds: RoundResult[] = await Promise.all(
          pools.map((pool, index) => pool.measure(index === 0 ? () => create(name).then(() => undefined) : async () => undefined, expected, 30_000)),
        );
        for (const result of rounds) {
          latencies.push(...result.latenciesMs);
          missing += result.missing + result.wrong;
        }
        await sleep(200);
      }
      const result = { apiProcesses, subscribers: SUBSCRIBERS, connected, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99), missing };
      log(`  ${latencies.length} deliveries, p50 ${round(result.p50Ms)} ms, p99 ${round(result.p99Ms)} ms, missing ${missing}`);
      figures.push(result);
    } finally {
      await cleanup.run();
    }
  }
  return figures;
}

/**
 * Completions answered at once by a local OpenAI-compatible server: a light job, so the
 * figure is what BullMQ, Redis and the record writes allow, not an engine. The jobs are
 * queued while the queue is paused, then timed from the resume (and the turn that starts the
 * first of them) to the last one ended.
 */
async function jobsPerSecond(log: (line: string) => void): Promise<JobFigures[]> {
  const figures: JobFigures[] = [];
  for (const workers of [1, 2]) {
    const cleanup = new Cleanup();
    try {
      const llm = await startOpenAiCompatibleServer();
      cleanup.add(() => llm.close());
      const shared = await backend(cleanup, 'single');
      shared.env.LLM_BASE_URL = llm.baseUrl;
      const api = await startApi(cleanup, 'api', shared);
      for (let n = 0; n < workers; n++) await startWorker(cleanup, shared, { WORKER_CONCURRENCY: String(WORKER_CONCURRENCY) });

      const { hostname, port } = new URL(shared.redis.url);
      const scheduler = new FairScheduler({ enabled: true, maxRunningPerLane: null, weights: new Map() }, (name) =>
        new KeySpace(shared.redis.prefix).channel(queueTopic(name)),
      );
      const queues = new QueueRegistry({ host: hostname, port: Number(port), maxRetriesPerRequest: null }, shared.redis.prefix, scheduler);
      cleanup.add(() => queues.close());
      const queue = queues.get(completeQueue);
      await queue.pause();
      const body = { input: { messages: [{ role: 'user', content: 'Say hello.' }] } };
      await inBatches(
        Array.from({ length: JOBS }, (_, n) => n),
        20,
        () => post(`${api.url}/v2/completions`, shared.apiKey, body, 200).then(() => undefined),
      );
      const started = performance.now();
      await queue.resume();
      // The jobs wait parked for their turn: give them the workers' free slots now, rather than at the workers' next turn.
      await queues.claim(completeQueue);
      let counts: Record<string, number> = {};
      for (;;) {
        counts = await queue.getJobCounts('completed', 'failed');
        if ((counts.completed ?? 0) + (counts.failed ?? 0) >= JOBS) break;
        if (performance.now() - started > 300_000) throw new Error(`jobs did not end within 300 s: ${JSON.stringify(counts)}`);
        await sleep(20);
      }
      const seconds = (performance.now() - started) / 1000;
      const result = { workers, jobs: JOBS, seconds, perSecond: JOBS / seconds, failed: counts.failed ?? 0 };
      log(
        `jobs with ${workers} worker process(es) (concurrency ${WORKER_CONCURRENCY} each): ${JOBS} in ${round(seconds, 2)} s, ${round(result.perSecond, 0)}/s, ${result.failed} failed`,
      );
      figures.push(result);
    } finally {
      await cleanup.run();
    }
  }
  return figures;
}

/** REST `GET` voice detail under load, on one Redis and on a three-master cluster. */
async function restOnCluster(log: (line: string) => void): Promise<RestFigures[]> {
  const figures: RestFigures[] = [];
  for (const kind of ['single', 'cluster'] as const) {
    const cleanup = new Cleanup();
    try {
      const shared = await backend(cleanup, kind);
      const api = await startApi(cleanup, `api-${kind}`, shared);
      await post(`${api.url}/api/voices/${PARTNER}/empty`, shared.apiKey, { name: 'detail' }, 201);
      const options = { url: `${api.url}/api/voices/${PARTNER}/detail`, headers: { 'x-api-key': shared.apiKey }, connections: REST_LOAD.connections };
      await autocannon({ ...options, duration: REST_LOAD.warmupSeconds });
      const result = await autocannon({ ...options, duration: REST_LOAD.durationSeconds });
      const figure = { redis: kind, requestsPerSecond: result.requests.average, p99Ms: result.latency.p99, failures: result.non2xx + result.errors };
      log(
        `REST GET voice detail on ${kind === 'single' ? 'one Redis' : 'a three-master cluster'}: ${round(figure.requestsPerSecond, 0)} req/s, p99 ${figure.p99Ms} ms, ${figure.failures} failures`,
      );
      figures.push(figure);
    } finally {
      await cleanup.run();
    }
  }
  return figures;
}

export async function benchScale({ log }: { log: (line: string) => void }): Promise<ScaleFigures> {
  const figures = { fanOut: await fanOut(log), jobs: await jobsPerSecond(log), rest: await restOnCluster(log) };
  log('');
  log('| Past one machine | Result |');
  log('|---|---|');
  for (const row of figures.fanOut) {
    log(
      `| subscription delivery, ${row.connected.toLocaleString('en')} subscribers on ${row.apiProcesses} API process${row.apiProcesses > 1 ? 'es' : ''} | p50 ${round(row.p50Ms, 0)} ms, p99 ${round(row.p99Ms, 0)} ms, ${row.missing} missing |`,
    );
  }
  for (const row of figures.jobs) {
    log(
      `| light jobs (completions), ${row.workers} worker process${row.workers > 1 ? 'es' : ''} × concurrency ${WORKER_CONCURRENCY} | ${round(row.perSecond, 0)} jobs/s (${row.jobs} in ${round(row.seconds, 1)} s, ${row.failed} failed) |`,
    );
  }
  for (const row of figures.rest) {
    log(
      `| REST \`GET\` voice detail, ${row.redis === 'single' ? 'single Redis' : 'Redis Cluster, 3 masters'} | ${round(row.requestsPerSecond, 0)} req/s, p99 ${row.p99Ms} ms |`,
    );
  }
  return figures;
}
