import { readFile } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import { FormData, request } from 'undici';
import { makeSine } from '../test/support/audio';
import { PollerPool } from './pollers';
import { benchHostileDocuments } from './documents';
import { benchCostGrowth, benchSplit, benchUploads } from './growth';
import { benchReconciler } from './reconciler';
import { benchFairShare } from './fair';
import { benchKnowledgeBase } from './kb';
import { benchLiveSubscriptions, reportLiveSubscriptions } from './live-subscriptions';
import { benchLongAudio } from './long-audio';
import { benchDiarize } from './diarize';
import { benchRecordReads } from './record-reads';
import { benchRetrieval } from './retrieval';
import { benchScale } from './scale';
import { benchStartup } from './startup';
import { benchTracing } from './tracing';
import { benchStreaming } from './streaming';
import { SubscriberPool, type RoundResult } from './subscribers';
import {
  Cleanup,
  collectGarbage,
  inheritedEnv,
  ROOT,
  startService,
  machineInfo,
  percentile,
  processUsage,
  profileDuring,
  round,
  sleep,
  startNodeChild,
  type MachineInfo,
  type NodeChild,
} from './support';

const PARTNER = 'bench';
const VOICE = 'bench-voice';
const DETAIL_PATH = `/api/voices/${PARTNER}/${VOICE}`;
/**
 * The three HTTP targets take turns, round after round: this machine's speed drifts by half
 * within a minute, so a share is taken within each round (each target against the one run just
 * before it) and the median of the rounds' shares is reported, with each target's median round.
 */
const HTTP_LOAD = { connections: 50, warmupSeconds: 1, durationSeconds: 6, rounds: 5 };
const SUBSCRIBER_COUNTS = [1_000, 10_000];
const CHANGES_PER_COUNT = 20;
const CPU_CLIENTS = 1_000;
const CPU_SECONDS = 15;
const SETTLE_MS = 2_000;

const TARGETS = { restOfFloor: 70, graphqlOfRest: 80, kibPerSubscriber: 8, p99MsAt10k: 150, pollingOverSubscriptions: 15 };

/**
 * What a run's server is given beyond the bench's needs: nothing (the defaults a user gets
 * from npm start), or the settings a busy deployment would tune.
 */
const SETTINGS = {
  defaults: {},
  tuned: { LOG_LEVEL: 'warn', RATE_LIMIT_BATCH: '100' },
} as const;
type Settings = keyof typeof SETTINGS;
const describeSettings = (settings: Settings) => (settings === 'defaults' ? 'defaults' : 'tuned: LOG_LEVEL=warn, RATE_LIMIT_BATCH=100');

/**
 * `npm run bench -- http subscribers` runs only those parts; no argument runs them all.
 * `subscriptions100k` is 100,000 live subscriptions on one process (bench/live-subscriptions.ts).
 * `uploads`, `split` and `reconciler` are the large-upload, splitting and reconciler figures of `growth` alone.
 * `streaming` is 1,000 completions streaming at once to their subscribers (bench/streaming.ts).
 */
const PARTS = [
  'subscribers',
  'subscriptions100k',
  'http',
  'cpu',
  'kb',
  'retrieval',
  'growth',
  'uploads',
  'split',
  'reconciler',
  'long-audio',
  'diarize',
  'startup',
  'fair',
  'scale',
  'documents',
  'records',
  'tracing',
  'streaming',
] as const;

/** The GraphQL selection that carries exactly what the REST voice detail carries. */
const VOICE_DETAIL_FIELDS = `
  name originalFilename originalUploadedName originalDuration
  status { splitting embedding }
  splitting { error }
  embedding { error }
  samples { index sourceTimestamp duration }
  embeddingInfo {
    ttsType lastUpdateStatus lastUpdateTime
    testSamples { sampleIndex sentenceIndex filename }
    sampleScores { sampleIndex score }
  }
  embeddingType embeddingZipUrl preferredSampleIndex creatorName creatorEmail`;
const VOICE_QUERY = `query Voice($partner: String!, $name: String!) { voice(partner: $partner, name: $name) { ${VOICE_DETAIL_FIELDS} } }`;
const VOICE_SUBSCRIPTION = `subscription VoiceUpdated($partner: String!, $name: String!) { voiceUpdated(partner: $partner, name: $name) { ${VOICE_DETAIL_FIELDS} } }`;
const VARIABLES = { partner: PARTNER, name: VOICE };

interface Bench {
  settings: Settings;
  server: NodeChild;
  redis: { url: string; prefix: string };
  apiKey: string;
  changes: PreferredSampleChanges;
}

interface LoadFigures {
  requestsPerSecond: number;
  p99Ms: number;
  requests: number;
  failures: number;
  serverCpuPercent: number;
}

interface SubscriberFigures {
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

interface CpuFigures {
  idleCpuSeconds: number;
  polling: { cpuSeconds: number; windowSeconds: number; requests: number; failures: number; firstFailure?: string };
  subscriptions: { cpuSeconds: number; windowSeconds: number; deliveries: number; missing: number; wrong: number };
}

const log = (line: string) => console.log(line);

/**
 * Real state changes through the REST API: the preferred sample cycles 0 → 1 → none, so
 * each PUT changes the record and publishes.
 */
class PreferredSampleChanges {
  private count = 0;

  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
  ) {}

  /** The value the next change sets. */
  peek(): number | null {
    return [0, 1, null][this.count % 3] ?? null;
  }

  async send(): Promise<void> {
    const index = this.peek();
    this.count++;
    const response = await request(`${this.baseUrl}${DETAIL_PATH}/preferred-sample`, {
      method: 'PUT',
      headers: { 'x-api-key': this.apiKey, 'content-type': 'application/x-www-form-urlencoded' },
      body: `sample_index=${index ?? ''}`,
    });
    const body = await response.body.text();
    if (response.statusCode !== 200) throw new Error(`preferred-sample PUT answered ${response.statusCode}: ${body}`);
  }
}

const expectPreferred = (index: number | null) => (data: unknown) =>
  (data as { voiceUpdated?: { preferredSampleIndex?: number | null } } | undefined)?.voiceUpdated?.preferredSampleIndex === index;

async function setUp(cleanup: Cleanup, settings: Settings = 'defaults'): Promise<Bench> {
  // The inspector (loopback, random port) only serves to force a garbage collection before memory is read.
  const { server, redis, apiKey, dataDir } = await startService(cleanup, {
    label: 'server',
    partner: PARTNER,
    inspect: true,
    // autocannon hangs up with requests in flight when its time is up; the server logs each as a 500.
    quiet: /ERR_STREAM_PREMATURE_CLOSE/,
    env: { ROLE: 'all', SHUTDOWN_GRACE_SECONDS: '5', ...SETTINGS[settings] },
  });
  log(`server (${describeSettings(settings)}) pid ${server.pid} at ${server.url}, redis ${redis.url} prefix ${redis.prefix}`);

  await call(server.url, apiKey, `/api/voices/${PARTNER}/empty`, 201, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: VOICE, creator_name: 'Bench', creator_email: 'bench@example.com' }),
  });
  const sine = await makeSine(path.join(dataDir, 'sine.wav'), { seconds: 5 });
  const audio = await readFile(sine);
  for (let sample = 0; sample < 3; sample++) {
    const form = new FormData();
    form.append('file', new Blob([audio], { type: 'audio/wav' }), 'sine.wav');
    await call(server.url, apiKey, `${DETAIL_PATH}/samples`, 201, { method: 'POST', body: form });
  }
  log(`voice ${PARTNER}/${VOICE} created with 3 samples of a 5 s sine`);
  return { settings, server, redis: { url: redis.url, prefix: redis.prefix }, apiKey, changes: new PreferredSampleChanges(server.url, apiKey) };
}

async function call(
  baseUrl: string,
  apiKey: string,
  pathname: string,
  expectedStatus: number,
  init: { method: string; headers?: Record<string, string>; body?: string | FormData },
): Promise<string> {
  const response = await request(`${baseUrl}${pathname}`, { ...init, headers: { ...init.headers, 'x-api-key': apiKey } });
  const body = await response.body.text();
  if (response.statusCode !== expectedStatus) throw new Error(`${init.method} ${pathname} answered ${response.statusCode}: ${body}`);
  return body;
}

async function subscriptions(bench: Bench, cleanup: Cleanup): Promise<SubscriberFigures[]> {
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
interface FloorFigures {
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
async function fanOutFloor(bench: Bench, cleanup: Cleanup): Promise<FloorFigures[]> {
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
type HttpFigures = { floor: LoadFigures[]; rest: LoadFigures[]; graphql: LoadFigures[] };

async function http(bench: Bench, cleanup: Cleanup): Promise<HttpFigures> {
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

async function cpuComparison(bench: Bench, cleanup: Cleanup): Promise<CpuFigures> {
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

function check(ok: boolean): string {
  return ok ? '✓' : '✗';
}

function printTable(rows: string[][]): void {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  log(line(rows[0]!));
  log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows.slice(1)) log(line(row));
}

function report(
  bench: Bench | undefined,
  machine: MachineInfo,
  load: HttpFigures | undefined,
  subscribers: SubscriberFigures[] | undefined,
  floor: FloorFigures[] | undefined,
  cpu: CpuFigures | undefined,
  tuned: { bench: Bench; load: HttpFigures } | undefined,
): void {
  log('');
  log(`Machine: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB, node ${machine.node}, ${machine.date}`);
  log('Every server runs the defaults (no variable set) unless its row says otherwise.');
  if (bench && load) reportHttp(bench, machine, load);
  if (tuned) reportHttp(tuned.bench, machine, tuned.load);
  if (subscribers) reportSubscribers(subscribers, floor ?? []);
  if (cpu) reportCpu(cpu);
}

function reportHttp(bench: Bench, machine: MachineInfo, load: HttpFigures): void {
  const perCpu = (figures: LoadFigures) => figures.requestsPerSecond / (figures.serverCpuPercent / 100);
  const median = (values: number[]) => percentile(values, 50);
  // Each round's share of a target against the other target's run in the same round.
  const share = (parts: LoadFigures[], wholes: LoadFigures[]) => ({
    throughput: median(parts.map((part, index) => (part.requestsPerSecond / wholes[index]!.requestsPerSecond) * 100)),
    perCpu: median(parts.map((part, index) => (perCpu(part) / perCpu(wholes[index]!)) * 100)),
  });
  const restOfFloor = share(load.rest, load.floor);
  const graphqlOfRest = share(load.graphql, load.rest);
  const medianRound = (rounds: LoadFigures[]) => [...rounds].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(rounds.length / 2)]!;
  const httpRow = (name: string, rounds: LoadFigures[], of?: { share: ReturnType<typeof share>; whole: string; target: number }) => {
    const figures = medianRound(rounds);
    return [
      name,
      `${round(figures.requestsPerSecond, 0)} req/s`,
      `${figures.p99Ms} ms`,
      `${round(figures.serverCpuPercent, 0)}%`,
      `${round(perCpu(figures), 0)}`,
      of ? `${round(of.share.throughput, 0)}% of ${of.whole} ${check(of.share.throughput >= of.target)}` : '',
      of ? `${round(of.share.perCpu, 0)}% of ${of.whole} ${check(of.share.perCpu >= of.target)}` : '',
      of ? `≥ ${of.target}%` : '',
      `${rounds.reduce((sum, each) => sum + each.failures, 0)} of ${rounds.reduce((sum, each) => sum + each.requests, 0)}`,
    ];
  };
  log(
    `HTTP: autocannon, ${HTTP_LOAD.connections} connections, ${HTTP_LOAD.durationSeconds} s after a ${HTTP_LOAD.warmupSeconds} s warm-up, ` +
      `${HTTP_LOAD.rounds} rounds taking turns, each target's median round shown, shares the median of each round's, GET ${DETAIL_PATH}; ` +
      `the load generator shares the ${machine.cores} cores, so the per-CPU share is the steadier figure`,
  );
  log('');
  printTable([
    ['HTTP', 'throughput', 'p99', 'server CPU', 'req per CPU-s', 'share (throughput)', 'share (per CPU-s)', 'target', 'failures'],
    httpRow('bare node:http floor', load.floor),
    httpRow(`REST voice detail (${describeSettings(bench.settings)})`, load.rest, { share: restOfFloor, whole: 'floor', target: TARGETS.restOfFloor }),
    httpRow(`GraphQL voice(partner, name) (${describeSettings(bench.settings)})`, load.graphql, {
      share: graphqlOfRest,
      whole: 'REST',
      target: TARGETS.graphqlOfRest,
    }),
  ]);
  const hangUps = bench.server.quietLines();
  if (hangUps > 0) log(`(the server logged ${hangUps} "Premature close" 500s: autocannon hanging up on requests in flight when a run ends)`);
}

function reportSubscribers(subscribers: SubscriberFigures[], floor: FloorFigures[]): void {
  const floorAt = (count: number) => floor.find((figures) => figures.count === count);
  log('');
  printTable([
    ['voiceUpdated subscribers', 'connected', 'deliveries', 'p50', 'p99', 'max', 'missing', 'KiB/subscriber', 'notes'],
    ...subscribers.map((figures) => [
      figures.count.toLocaleString('en-US'),
      `${figures.connected} in ${round(figures.connectSeconds)} s`,
      `${figures.deliveries} (${CHANGES_PER_COUNT} changes)`,
      `${round(figures.p50Ms)} ms`,
      figures.count >= 10_000
        ? `${round(figures.p99Ms)} ms (< ${TARGETS.p99MsAt10k} ${check(figures.p99Ms < TARGETS.p99MsAt10k)})`
        : `${round(figures.p99Ms)} ms`,
      `${round(figures.maxMs)} ms`,
      `${figures.missing} ${check(figures.missing === 0)}`,
      `${round(figures.kibPerSubscriber, 2)} (≤ ${TARGETS.kibPerSubscriber} ${check(figures.kibPerSubscriber <= TARGETS.kibPerSubscriber)})`,
      [
        `VmRSS +${round(figures.rssDeltaMiB)} MiB, V8 heap ${round(figures.heapKibPerSubscriber, 2)} KiB/subscriber, server CPU ${round(figures.cpuMicrosPerDelivery, 1)} µs/delivery`,
        figures.wrong > 0 ? `${figures.wrong} wrong messages` : '',
        figures.closedByServer > 0 ? `${figures.closedByServer} closed by server` : '',
        figures.strayMessages > 0 ? `${figures.strayMessages} stray messages` : '',
        figures.firstFailure ? `first refusal: ${figures.firstFailure}` : '',
        floorAt(figures.count) ? `p99 ${round(figures.p99Ms / floorAt(figures.count)!.p99Ms)}× the floor's` : '',
      ]
        .filter(Boolean)
        .join(', '),
    ]),
    ...floor.map((figures) => [
      `${figures.count.toLocaleString('en-US')} on the bare fan-out floor`,
      '',
      '',
      `${round(figures.p50Ms)} ms`,
      `${round(figures.p99Ms)} ms`,
      '',
      `${figures.missing} ${check(figures.missing === 0)}`,
      '',
      `floor server CPU ${round(figures.cpuMicrosPerDelivery, 1)} µs/delivery`,
    ]),
  ]);
}

function reportCpu(cpu: CpuFigures): void {
  const ratio = cpu.polling.cpuSeconds / cpu.subscriptions.cpuSeconds;
  const netRatio = (cpu.polling.cpuSeconds - cpu.idleCpuSeconds) / (cpu.subscriptions.cpuSeconds - cpu.idleCpuSeconds);
  log('');
  printTable([
    [`${CPU_CLIENTS} clients, 1 change/s`, 'server CPU', 'window', 'notes'],
    [
      'polling GET detail 1/s',
      `${round(cpu.polling.cpuSeconds, 2)} s`,
      `${round(cpu.polling.windowSeconds)} s`,
      `${cpu.polling.requests} requests, ${cpu.polling.failures} failures${cpu.polling.firstFailure ? ` (${cpu.polling.firstFailure})` : ''}`,
    ],
    [
      'voiceUpdated subscriptions',
      `${round(cpu.subscriptions.cpuSeconds, 2)} s`,
      `${round(cpu.subscriptions.windowSeconds)} s`,
      `${cpu.subscriptions.deliveries} deliveries, ${cpu.subscriptions.missing} missing, ${cpu.subscriptions.wrong} wrong`,
    ],
    ['idle server (5 s measured, scaled)', `${round(cpu.idleCpuSeconds, 2)} s`, `${CPU_SECONDS} s`, ''],
    [
      'polling / subscriptions',
      `${round(ratio)}×`,
      '',
      `target ≥ ${TARGETS.pollingOverSubscriptions}× ${check(ratio >= TARGETS.pollingOverSubscriptions)}; net of idle ${round(netRatio)}×`,
    ],
  ]);
}

async function main(cleanup: Cleanup): Promise<void> {
  const requested = process.argv.slice(2);
  const unknown = requested.filter((part) => !(PARTS as readonly string[]).includes(part));
  if (unknown.length > 0) throw new Error(`unknown bench part ${unknown.join(', ')}: choose from ${PARTS.join(', ')}`);
  const wanted = (part: (typeof PARTS)[number]) => requested.length === 0 || requested.includes(part);
  const machine = machineInfo();
  const started = performance.now();
  log(`npm run bench: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB, node ${machine.node}, ${machine.date}`);
  if (wanted('subscribers') || wanted('http') || wanted('cpu')) {
    // Each group has a fresh server: the memory per subscriber is read on a heap that no load
    // has grown, and the HTTP and CPU figures do not pay for the garbage of ten thousand
    // closed sockets (which cost REST a fifth of its throughput per CPU-second).
    let subscribers: SubscriberFigures[] | undefined;
    let floor: FloorFigures[] | undefined;
    if (wanted('subscribers')) {
      const bench = await setUp(cleanup);
      subscribers = await subscriptions(bench, cleanup);
      floor = await fanOutFloor(bench, cleanup);
      await bench.server.stop();
    }
    const bench = wanted('http') || wanted('cpu') ? await setUp(cleanup) : undefined;
    const load = bench && wanted('http') ? await http(bench, cleanup) : undefined;
    const cpu = bench && wanted('cpu') ? await cpuComparison(bench, cleanup) : undefined;
    await bench?.server.stop();
    // The same HTTP figures on a server tuned as a busy deployment would be, beside the defaults.
    let tuned: { bench: Bench; load: HttpFigures } | undefined;
    if (wanted('http')) {
      const tunedBench = await setUp(cleanup, 'tuned');
      tuned = { bench: tunedBench, load: await http(tunedBench, cleanup) };
      await tunedBench.server.stop();
    }
    report(bench, machine, load, subscribers, floor, cpu, tuned);
  }
  // Each of these starts its own server processes and Redis instances, so the voice figures' server is gone first.
  if (wanted('subscriptions100k')) reportLiveSubscriptions(await benchLiveSubscriptions({ log }), log, printTable);
  if (wanted('kb')) await benchKnowledgeBase({ log });
  if (wanted('retrieval')) {
    log('');
    await benchRetrieval({ log });
  }
  if (wanted('growth')) await benchCostGrowth({ log });
  else {
    if (wanted('uploads')) await benchUploads({ log });
    if (wanted('split')) await benchSplit({ log });
    if (wanted('reconciler')) await benchReconciler({ log });
  }
  if (wanted('long-audio')) {
    log('');
    await benchLongAudio({ log });
  }
  if (wanted('diarize')) {
    log('');
    await benchDiarize({ log });
  }
  log('');
  if (wanted('startup')) await benchStartup({ log });
  if (wanted('fair')) {
    log('');
    await benchFairShare({ log });
  }
  if (wanted('documents')) {
    log('');
    await benchHostileDocuments({ log });
  }
  if (wanted('records')) {
    log('');
    benchRecordReads({ log });
  }
  if (wanted('tracing')) {
    log('');
    await benchTracing({ log });
  }
  if (wanted('streaming')) {
    log('');
    await benchStreaming({ log });
  }
  // API, worker and Redis Cluster scaling: their own processes, after everything else.
  if (wanted('scale')) {
    log('');
    await benchScale({ log });
  }
  log(`\nwhole run: ${round((performance.now() - started) / 1000, 0)} s`);
}

const cleanup = new Cleanup();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`${signal}: stopping the children and removing temp files`);
    void cleanup.run().finally(() => process.exit(130));
  });
}
main(cleanup).then(
  () => cleanup.run().then(() => process.exit(0)),
  (error: unknown) => {
    console.error(error);
    void cleanup.run().finally(() => process.exit(1));
  },
);
