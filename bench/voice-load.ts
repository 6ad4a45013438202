import autocannon from 'autocannon';
import { PollerPool } from './pollers';
import { SubscriberPool, type RoundResult } from './subscribers';
import { Cleanup, collectGarbage, inheritedEnv, ROOT, percentile, processUsage, profileDuring, round, sleep, startNodeChild, type NodeChild } from './support';
import { call, DETAIL_PATH, expectPreferred, log, PARTNER, VARIABLES, VOICE, VOICE_QUERY, VOICE_SUBSCRIPTION, type Bench } from './voice-setup';

/*
 * The voice figures' measurements: subscribers and their fan-out floor, HTTP reads against the
 * bare floor, and the CPU of polling against subscriptions.
 */
/**
 * The three HTTP targets take turns, round after round: this machine's speed drifts by half
 * within a minute, so a share is taken within each round (each target against the one run just
 * before it) and the median of the rounds' shares is reported, with each target's median round.
 */
export const HTTP_LOAD = { connections: 50, warmupSeconds: 1, durationSeconds: 6, rounds: 5 };
const SUBSCRIBER_COUNTS = [1_000, 10_000];
export const CHANGES_PER_COUNT = 20;
export const CPU_CLIENTS = 1_000;
export const CPU_SECONDS = 15;
const SETTLE_MS = 2_000;

export interface LoadFigures {
  requestsPerSecond: number;
  p99Ms: number;
  requests: number;
  failures: number;
  serverCpuPercent: number;
}

export interface SubscriberFigures {
  count: number;
  connected: number;
  connectSeconds: number;
  firstFailure?: string;
  /** VmRSS growth per subscriber. */
  kibPerSubscriber: number;
  /** V8 heap growth per subscriber: the JavaScript objects alone, without socket buffers. */
  heapKibPerSubscriber: number;
  rssDeltaMiB: number;
  deliveries: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Server CPU time per delivery over the changes: steadier than latency on a shared machine. */
  cpuMicrosPerDelivery: number;
  missing: number;
  wrong: number;
  closedByServer: number;
  /** Messages outside a change's round or a second one within it. */
  strayMessages: number;
}

export interface CpuFigures {
  idleCpuSeconds: number;
  polling: { cpuSeconds: number; windowSeconds: number; requests: number; failures: number; firstFailure?: string };
  subscriptions: { cpuSeconds: number; windowSeconds: number; deliveries: number; missing: number; wrong: number };
}

export async function subscriptions(bench: Bench, cleanup: Cleanup): Promise<SubscriberFigures[]> {
  const target = { url: `${bench.server.url.replace(/^http/, 'ws')}/graphql`, apiKey: bench.apiKey, query: VOICE_SUBSCRIPTION, variables: VARIABLES };
  const connect = { concurrency: 200, timeoutMs: 60_000 };

  // A few subscribers and changes first, so the baseline is taken after the code paths warmed up.
  const warmup = new SubscriberPool(target);
  await warmup.add(50, connect);
  for (let change = 0; change < 3; change++)
    await warmup.measure(
      () => bench.changes.send(),
      () => true,
      5_000,
    );
  await warmup.closeAll();

  await sleep(SETTLE_MS);
  const baseline = await collectGarbage(bench.server);
  log(`server before subscribers, after a forced GC: VmRSS ${round(baseline.rssKiB / 1024)} MiB, V8 heap used ${round(baseline.usedKiB / 1024)} MiB`);

  const pool = new SubscriberPool(target);
  cleanup.add(() => pool.closeAll());
  const figures: SubscriberFigures[] = [];
  try {
    for (const count of SUBSCRIBER_COUNTS) {
      const opened = await pool.add(count - pool.size, connect);
      log(`${pool.size} subscribers connected (+${opened.connected}, ${opened.failed} failed) in ${round(opened.seconds)} s`);
      await sleep(SETTLE_MS);
      const settled = await collectGarbage(bench.server);
      const rounds: RoundResult[] = [];
      const cpuBefore = processUsage(bench.server.pid).cpuSeconds;
      const changes = async () => {
        for (let change = 0; change < CHANGES_PER_COUNT; change++) {
          const expected = bench.changes.peek();
          rounds.push(await pool.measure(() => bench.changes.send(), expectPreferred(expected), 30_000));
          await sleep(200);
        }
      };
      // BENCH_PROFILE=<prefix>: the server's CPU profile over each count's changes.
      const profile = process.env.BENCH_PROFILE;
      await (profile ? profileDuring(bench.server, `${profile}-subscribers-${count}.cpuprofile`, changes) : changes());
      const cpuSeconds = processUsage(bench.server.pid).cpuSeconds - cpuBefore;
      const latencies = rounds.flatMap((result) => result.latenciesMs);
      figures.push({
        cpuMicrosPerDelivery: (cpuSeconds * 1e6) / Math.max(1, latencies.length),
        count,
        connected: pool.size,
        connectSeconds: opened.seconds,
        firstFailure: opened.firstFailure,
        kibPerSubscriber: (settled.rssKiB - baseline.rssKiB) / Math.max(1, pool.size),
        heapKibPerSubscriber: (settled.usedKiB - baseline.usedKiB) / Math.max(1, pool.size),
        rssDeltaMiB: (settled.rssKiB - baseline.rssKiB) / 1024,
        deliveries: latencies.length,
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        maxMs: percentile(latencies, 100),
        missing: rounds.reduce((sum, result) => sum + result.missing, 0) + (count - pool.size) * CHANGES_PER_COUNT,
        wrong: rounds.reduce((sum, result) => sum + result.wrong, 0),
        closedByServer: pool.stray.closed,
        strayMessages: pool.stray.messages,
      });
      const last = figures.at(-1)!;
      log(`${count} subscribers: ${last.deliveries} deliveries, p50 ${round(last.p50Ms)} ms, p99 ${round(last.p99Ms)} ms, missing ${last.missing}`);
    }
  } finally {
    await pool.closeAll();
  }
  return figures;
}

/** Delivery latency to the same subscribers from the bare fan-out floor (bench/bare-fanout-server.ts). */
export interface FloorFigures {
  count: number;
  p50Ms: number;
  p99Ms: number;
  cpuMicrosPerDelivery: number;
  missing: number;
}

/**
 * The same subscriber counts and changes against the bare fan-out floor: the service still
 * makes each change and publishes it; the floor receives it from Redis and writes it to its
 * sockets. What the service's p99 costs above this is the price of its layers.
 */
export async function fanOutFloor(bench: Bench, cleanup: Cleanup): Promise<FloorFigures[]> {
  const floorServer = await startNodeChild('fan-out floor', 'bench/bare-fanout-server.ts', {
    cwd: ROOT,
    env: { ...inheritedEnv(), PORT: '0', REDIS_URL: bench.redis.url, REDIS_PREFIX: bench.redis.prefix, PARTNER },
  });
  cleanup.add(() => floorServer.stop());
  const pool = new SubscriberPool({
    url: `${floorServer.url.replace(/^http/, 'ws')}/graphql`,
    apiKey: bench.apiKey,
    query: VOICE_SUBSCRIPTION,
    variables: VARIABLES,
  });
  cleanup.add(() => pool.closeAll());
  const figures: FloorFigures[] = [];
  try {
    for (const count of SUBSCRIBER_COUNTS) {
      await pool.add(count - pool.size, { concurrency: 200, timeoutMs: 60_000 });
      await sleep(SETTLE_MS);
      const rounds: RoundResult[] = [];
      const cpuBefore = processUsage(floorServer.pid).cpuSeconds;
      for (let change = 0; change < CHANGES_PER_COUNT; change++) {
        const expected = bench.changes.peek();
        rounds.push(await pool.measure(() => bench.changes.send(), expectPreferred(expected), 30_000));
        await sleep(200);
      }
      const cpuSeconds = processUsage(floorServer.pid).cpuSeconds - cpuBefore;
      const latencies = rounds.flatMap((result) => result.latenciesMs);
      figures.push({
        count,
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        cpuMicrosPerDelivery: (cpuSeconds * 1e6) / Math.max(1, latencies.length),
        missing: rounds.reduce((sum, result) => sum + result.missing + result.wrong, 0),
      });
      const last = figures.at(-1)!;
      log(`fan-out floor, ${count} subscribers: p50 ${round(last.p50Ms)} ms, p99 ${round(last.p99Ms)} ms, missing ${last.missing}`);
    }
  } finally {
    await pool.closeAll();
    await floorServer.stop();
  }
  return figures;
}

async function httpLoad(label: string, pid: number, options: autocannon.Options): Promise<LoadFigures> {
  await autocannon({ ...options, connections: HTTP_LOAD.connections, duration: HTTP_LOAD.warmupSeconds });
  const before = processUsage(pid).cpuSeconds;
  const result = await autocannon({ ...options, connections: HTTP_LOAD.connections, duration: HTTP_LOAD.durationSeconds });
  const cpu = processUsage(pid).cpuSeconds - before;
  const figures: LoadFigures = {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    failures: result.non2xx + result.errors,
    serverCpuPercent: (cpu / result.duration) * 100,
  };
  log(
    `${label}: ${round(figures.requestsPerSecond, 0)} req/s, p99 ${figures.p99Ms} ms, ${figures.failures} failures, server CPU ${round(figures.serverCpuPercent, 0)}%`,
  );
  return figures;
}

/** Every round's figures of each target, in the order they ran. */
export type HttpFigures = { floor: LoadFigures[]; rest: LoadFigures[]; graphql: LoadFigures[] };

export async function http(bench: Bench, cleanup: Cleanup): Promise<HttpFigures> {
  const floorServer = await startNodeChild('floor', 'bench/bare-floor-server.ts', {
    cwd: ROOT,
    inspect: Boolean(process.env.BENCH_PROFILE),
    env: { ...inheritedEnv(), PORT: '0', REDIS_URL: bench.redis.url, REDIS_PREFIX: bench.redis.prefix },
  });
  cleanup.add(() => floorServer.stop());

  // The floor must answer what the real route answers, byte for byte, or the comparison means nothing.
  const restBody = await call(bench.server.url, bench.apiKey, DETAIL_PATH, 200, { method: 'GET' });
  const floorBody = await call(floorServer.url, bench.apiKey, DETAIL_PATH, 200, { method: 'GET' });
  if (restBody !== floorBody) throw new Error(`the floor answers differently:\nREST:  ${restBody}\nfloor: ${floorBody}`);
  const graphqlRequest = {
    method: 'POST' as const,
    headers: { 'content-type': 'application/json', 'x-api-key': bench.apiKey },
    body: JSON.stringify({ query: VOICE_QUERY, variables: VARIABLES }),
  };
  const graphqlBody = await call(bench.server.url, bench.apiKey, '/graphql', 200, graphqlRequest);
  if (!graphqlBody.includes(`"name":"${VOICE}"`) || graphqlBody.includes('"errors"')) throw new Error(`GraphQL answered ${graphqlBody}`);
  log(`floor and REST answer the same ${restBody.length}-byte JSON; GraphQL answers ${graphqlBody.length} bytes`);

  const headers = { 'x-api-key': bench.apiKey };
  const figures: HttpFigures = { floor: [], rest: [], graphql: [] };
  // BENCH_PROFILE=<prefix>: a CPU profile of the serving process over each target's last round (the floor's too), for finding where a request's time goes.
  const profile = process.env.BENCH_PROFILE;
  const profiled = (child: NodeChild, file: string, last: boolean, load: () => Promise<LoadFigures>) =>
    profile && last ? profileDuring(child, `${profile}-${file}.cpuprofile`, load) : load();
  for (let pass = 1; pass <= HTTP_LOAD.rounds; pass++) {
    const last = pass === HTTP_LOAD.rounds;
    figures.floor.push(
      await profiled(floorServer, 'floor', last, () =>
        httpLoad(`round ${pass} bare floor`, floorServer.pid, { url: `${floorServer.url}${DETAIL_PATH}`, headers }),
      ),
    );
    figures.rest.push(
      await profiled(bench.server, `${bench.settings}-rest`, last, () =>
        httpLoad(`round ${pass} REST`, bench.server.pid, { url: `${bench.server.url}${DETAIL_PATH}`, headers }),
      ),
    );
    figures.graphql.push(
      await profiled(bench.server, `${bench.settings}-graphql`, last, () =>
        httpLoad(`round ${pass} GraphQL`, bench.server.pid, { url: `${bench.server.url}/graphql`, ...graphqlRequest }),
      ),
    );
  }
  await floorServer.stop();
  return figures;
}

export async function cpuComparison(bench: Bench, cleanup: Cleanup): Promise<CpuFigures> {
  const pid = bench.server.pid;
  const idleSeconds = 5;
  const idleStart = processUsage(pid).cpuSeconds;
  await sleep(idleSeconds * 1000);
  const idleCpuSeconds = ((processUsage(pid).cpuSeconds - idleStart) * CPU_SECONDS) / idleSeconds;

  const pollers = new PollerPool(bench.server.url, DETAIL_PATH, bench.apiKey, CPU_CLIENTS);
  cleanup.add(() => pollers.close());
  let polling: CpuFigures['polling'];
  try {
    const opened = await pollers.connect();
    if (opened.failures > 0) throw new Error(`${opened.failures} pollers could not connect: ${opened.firstFailure}`);
    await sleep(1000);
    const start = performance.now();
    const before = processUsage(pid).cpuSeconds;
    const [polled] = await Promise.all([pollers.run(CPU_SECONDS, 1000), changeEverySecond(bench, start)]);
    polling = {
      cpuSeconds: processUsage(pid).cpuSeconds - before,
      windowSeconds: (performance.now() - start) / 1000,
      requests: polled.requests,
      failures: polled.failures,
      firstFailure: polled.firstFailure,
    };
  } finally {
    await pollers.close();
  }
  log(`polling: ${polling.requests} requests, server CPU ${round(polling.cpuSeconds, 2)} s in ${round(polling.windowSeconds)} s`);

  const target = { url: `${bench.server.url.replace(/^http/, 'ws')}/graphql`, apiKey: bench.apiKey, query: VOICE_SUBSCRIPTION, variables: VARIABLES };
  const pool = new SubscriberPool(target);
  cleanup.add(() => pool.closeAll());
  let subscriptions: CpuFigures['subscriptions'];
  try {
    const opened = await pool.add(CPU_CLIENTS, { concurrency: 200, timeoutMs: 60_000 });
    if (opened.failed > 0) throw new Error(`${opened.failed} subscribers could not connect: ${opened.firstFailure}`);
    await sleep(1000);
    const start = performance.now();
    const before = processUsage(pid).cpuSeconds;
    const rounds: RoundResult[] = [];
    for (let second = 0; second < CPU_SECONDS; second++) {
      await sleep(start + second * 1000 - performance.now());
      const expected = bench.changes.peek();
      rounds.push(await pool.measure(() => bench.changes.send(), expectPreferred(expected), 900));
    }
    await sleep(start + CPU_SECONDS * 1000 - performance.now());
    subscriptions = {
      cpuSeconds: processUsage(pid).cpuSeconds - before,
      windowSeconds: (performance.now() - start) / 1000,
      deliveries: rounds.reduce((sum, result) => sum + result.latenciesMs.length, 0),
      missing: rounds.reduce((sum, result) => sum + result.missing, 0),
      wrong: rounds.reduce((sum, result) => sum + result.wrong, 0),
    };
  } finally {
    await pool.closeAll();
  }
  log(`subscriptions: ${subscriptions.deliveries} deliveries, server CPU ${round(subscriptions.cpuSeconds, 2)} s in ${round(subscriptions.windowSeconds)} s`);
  return { idleCpuSeconds, polling, subscriptions };
}

/** The same state changes the subscribers get, one a second, while the pollers poll. */
async function changeEverySecond(bench: Bench, start: number): Promise<void> {
  for (let second = 0; second < CPU_SECONDS; second++) {
    await sleep(start + second * 1000 - performance.now());
    await bench.changes.send();
  }
}
