import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'undici';
import path from 'node:path';
import type { ChangerReport, ChangerRequest } from './live-changer';
import type { ClientPlan, ClientRequest, ClientResults, StepReport } from './live-plan';
import { SubscriberPool } from './subscribers';
import { Cleanup, collectGarbage, inheritedEnv, percentile, processUsage, profileDuring, ROOT, round, sleep, startService, type HeapAfterGc } from './support';

/**
 * 100,000 live subscriptions on one API process: 10,000 graphql-ws connections with 10
 * subscriptions each (what a dashboard tab holds), spread over 10,000 voices so each voice has
 * 10 subscribers on 10 connections, and 1,000 changes a second for 30 s made by another
 * process through the domain. Every change must reach each of its voice's subscribers (0
 * missed), p99 under 100 ms from the write; memory per connection and per subscription is
 * read after a forced collection. The server runs the defaults.
 *
 * The machine's open-file limit is per process, and the load generator shares its cores: the
 * clients are two processes of 5,000 connections each, the changes a third.
 */
const PLAN = { connections: 10_000, subscriptionsPerConnection: 10, voices: 10_000, changesPerSecond: 1_000, seconds: 30, clientProcesses: 2 };
const TARGET_P99_MS = 100;
const PARTNER = 'bench';
const VOICE_PREFIX = 'live-';
const SETTLE_MS = 2_000;
const METRICS_TOKEN = 'live-subscriptions-bench-metrics';

/** The server's live_delivery_lag_seconds histogram: cumulative counts by upper bound (s). */
async function deliveryLag(baseUrl: string): Promise<Map<string, number>> {
  const response = await request(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await response.body.text();
  const buckets = new Map<string, number>();
  for (const match of text.matchAll(/^live_delivery_lag_seconds_bucket\{[^}]*le="([^"]+)"[^}]*\} (\d+)/gm)) {
    buckets.set(match[1]!, (buckets.get(match[1]!) ?? 0) + Number(match[2]));
  }
  return buckets;
}

/** Of the socket writes between two readings, the share written within each bound of the change. */
function lagShares(before: Map<string, number>, after: Map<string, number>): string {
  const total = (after.get('+Inf') ?? 0) - (before.get('+Inf') ?? 0);
  return ['0.01', '0.05', '0.1', '0.25']
    .map((bound) => `${round((((after.get(bound) ?? 0) - (before.get(bound) ?? 0)) / Math.max(1, total)) * 100, 2)}% ≤ ${Number(bound) * 1000} ms`)
    .join(', ');
}

/** What a dashboard shows of a voice: its state and what it is made of. */
const SUBSCRIPTION = `subscription VoiceUpdated($partner: String!, $name: String!) {
  voiceUpdated(partner: $partner, name: $name) {
    name deleted sampleCount preferredSampleIndex
    status { splitting embedding }
    splitting { error }
    embedding { error }
    progress { stage done total percent }
  }
}`;

export interface LiveSubscriptionFigures {
  connections: number;
  subscriptions: number;
  connectSeconds: number;
  subscribeSeconds: number;
  failures: string[];
  kibPerConnection: number;
  heapKibPerConnection: number;
  kibPerSubscription: number;
  heapKibPerSubscription: number;
  rssMiB: number;
  changes: ChangerReport;
  deliveries: number;
  expectedDeliveries: number;
  missing: number;
  wrong: number;
  firstWrong?: string;
  closedByServer: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  serverCpuPercent: number;
  /** From the server's own histogram: how soon after the change it wrote to the sockets. */
  serverLag: string;
}

/** A bench child driven by IPC: one request at a time, each answered by one message. */
class IpcChild {
  private pending: ((message: unknown) => void) | null = null;

  private constructor(
    readonly label: string,
    readonly process: ChildProcess,
  ) {
    process.on('message', (message: { type?: string; line?: string }) => {
      if (message.type === 'log') return console.error(`[${label}] ${message.line}`);
      const resolve = this.pending;
      this.pending = null;
      resolve?.(message);
    });
  }

  static async start(label: string, script: string, env: Record<string, string>): Promise<IpcChild> {
    const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const ipc = new IpcChild(label, child);
    await new Promise<void>((resolve, reject) => {
      ipc.pending = () => resolve();
      child.once('exit', (code, signal) => reject(new Error(`${label} exited before it started (${signal ?? code})`)));
    });
    return ipc;
  }

  request<T>(message: ClientRequest | ChangerRequest): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const exited = () => reject(new Error(`${this.label} exited during ${message.type}`));
      this.process.once('exit', exited);
      this.pending = (reply) => {
        this.process.off('exit', exited);
        resolve(reply as T);
      };
      this.process.send(message);
    });
  }

  async stop(): Promise<void> {
    if (this.process.exitCode !== null || this.process.signalCode !== null) return;
    const exited = new Promise((resolve) => this.process.once('exit', resolve));
    this.process.kill('SIGTERM');
    const killer = setTimeout(() => this.process.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
  }
}

function perUnit(after: HeapAfterGc, before: HeapAfterGc, units: number) {
  return { rss: (after.rssKiB - before.rssKiB) / units, heap: (after.usedKiB - before.usedKiB) / units };
}

export async function benchLiveSubscriptions({ log }: { log: (line: string) => void }): Promise<LiveSubscriptionFigures> {
  const cleanup = new Cleanup();
  try {
    return await run(cleanup, log);
  } finally {
    await cleanup.run();
  }
}

async function run(cleanup: Cleanup, log: (line: string) => void): Promise<LiveSubscriptionFigures> {
  const { server, redis, apiKey, dataDir } = await startService(cleanup, {
    label: 'live-server',
    partner: PARTNER,
    inspect: true,
    // The metrics token only opens /metrics, read for the server's own share of the latency.
    env: { ROLE: 'all', SHUTDOWN_GRACE_SECONDS: '5', METRICS_TOKEN },
  });
  log(`live subscriptions: server (defaults) pid ${server.pid} at ${server.url}`);
  const childEnv = { ...inheritedEnv(), REDIS_URL: redis.url, REDIS_PREFIX: redis.prefix, LOG_LEVEL: 'warn' };
  const changer = await IpcChild.start('changer', 'bench/live-changer.ts', { ...childEnv, DATA_DIR: path.join(dataDir, 'changer') });
  cleanup.add(() => changer.stop());
  const created = await changer.request<ChangerReport>({ type: 'create', partner: PARTNER, voicePrefix: VOICE_PREFIX, voices: PLAN.voices });
  if (created.failed > 0) throw new Error(`${created.failed} voices could not be made: ${created.firstFailure}`);
  log(`${created.made} voices made through the domain in ${round(created.seconds)} s`);

  // The code paths warmed up first, so the baseline is not the first subscriptions' compilation.
  const url = `${server.url.replace(/^http/, 'ws')}/graphql`;
  const warmup = new SubscriberPool({ url, apiKey, query: SUBSCRIPTION, variables: { partner: PARTNER, name: `${VOICE_PREFIX}0` } });
  await warmup.add(100, { concurrency: 50, timeoutMs: 30_000 });
  await warmup.closeAll();
  await sleep(SETTLE_MS);
  const baseline = await collectGarbage(server);
  log(`server before connections, after a forced GC: VmRSS ${round(baseline.rssKiB / 1024)} MiB, V8 heap ${round(baseline.usedKiB / 1024)} MiB`);

  const perProcess = PLAN.connections / PLAN.clientProcesses;
  const pools = await Promise.all(
    Array.from({ length: PLAN.clientProcesses }, (_, index) => IpcChild.start(`clients ${index + 1}`, 'bench/live-clients.ts', inheritedEnv())),
  );
  for (const pool of pools) cleanup.add(() => pool.stop());
  const failures: string[] = [];
  const sum = (reports: StepReport[]) => {
    for (const report of reports) if (report.firstFailure) failures.push(report.firstFailure);
    return { ok: reports.reduce((total, report) => total + report.ok, 0), seconds: Math.max(...reports.map((report) => report.seconds)) };
  };

  const connected = sum(
    await Promise.all(
      pools.map((pool, index) => {
        const plan: ClientPlan = {
          url,
          apiKey,
          query: SUBSCRIPTION,
          partner: PARTNER,
          firstConnection: index * perProcess,
          connectionCount: perProcess,
          subscriptionsPerConnection: PLAN.subscriptionsPerConnection,
          voicePrefix: VOICE_PREFIX,
          voices: PLAN.voices,
          concurrency: 100,
        };
        return pool.request<StepReport>({ type: 'connect', plan });
      }),
    ),
  );
  log(`${connected.ok} connections initialised in ${round(connected.seconds)} s`);
  await sleep(SETTLE_MS);
  const withConnections = await collectGarbage(server);

  const subscribed = sum(await Promise.all(pools.map((pool) => pool.request<StepReport>({ type: 'subscribe' }))));
  const subscriptions = subscribed.ok * PLAN.subscriptionsPerConnection;
  log(`${subscriptions} subscriptions sent their current state in ${round(subscribed.seconds)} s`);
  await sleep(SETTLE_MS);
  const withSubscriptions = await collectGarbage(server);
  const connectionCost = perUnit(withConnections, baseline, Math.max(1, connected.ok));
  const subscriptionCost = perUnit(withSubscriptions, withConnections, Math.max(1, subscriptions));
  log(
    `memory: ${round(connectionCost.rss, 2)} KiB per connection (V8 heap ${round(connectionCost.heap, 2)}), ` +
      `${round(subscriptionCost.rss, 2)} KiB per subscription (V8 heap ${round(subscriptionCost.heap, 2)}); VmRSS ${round(withSubscriptions.rssKiB / 1024)} MiB`,
  );

  const lagBefore = await deliveryLag(server.url);
  const cpuBefore = processUsage(server.pid).cpuSeconds;
  const windowStart = performance.now();
  const makeChanges = () =>
    changer.request<ChangerReport>({
      type: 'run',
      partner: PARTNER,
      voicePrefix: VOICE_PREFIX,
      voices: PLAN.voices,
      perSecond: PLAN.changesPerSecond,
      seconds: PLAN.seconds,
    });
  // BENCH_PROFILE=<file>: the server's CPU profile over the changes, for when the p99 is off.
  const profile = process.env.BENCH_PROFILE;
  const changes = profile ? await profileDuring(server, profile, makeChanges) : await makeChanges();
  if (profile) log(`server CPU profile over the changes written to ${profile}`);
  const cpuSeconds = processUsage(server.pid).cpuSeconds - cpuBefore;
  const windowSeconds = (performance.now() - windowStart) / 1000;
  log(`${changes.made} changes in ${round(changes.seconds)} s (${changes.failed} failed, worst slip behind schedule ${round(changes.worstSlipMs)} ms)`);
  // The last changes' deliveries, and any late one, before the counts are taken.
  await sleep(3_000);
  const results = await Promise.all(pools.map((pool) => pool.request<ClientResults>({ type: 'results', changesMade: changes.made })));
  const serverLag = lagShares(lagBefore, await deliveryLag(server.url));
  log(`the server's socket writes, from the change's write: ${serverLag}`);
  const latencies = results.flatMap((result) => result.latenciesMs);
  await Promise.all(pools.map((pool) => pool.request({ type: 'close' })));

  const figures: LiveSubscriptionFigures = {
    connections: connected.ok,
    subscriptions,
    connectSeconds: connected.seconds,
    subscribeSeconds: subscribed.seconds,
    failures,
    kibPerConnection: connectionCost.rss,
    heapKibPerConnection: connectionCost.heap,
    kibPerSubscription: subscriptionCost.rss,
    heapKibPerSubscription: subscriptionCost.heap,
    rssMiB: withSubscriptions.rssKiB / 1024,
    changes,
    deliveries: latencies.length,
    expectedDeliveries: changes.made * (subscriptions / PLAN.voices),
    missing: results.reduce((total, result) => total + result.missing, 0) + (PLAN.connections - connected.ok) * PLAN.subscriptionsPerConnection,
    wrong: results.reduce((total, result) => total + result.wrong, 0),
    firstWrong: results.find((result) => result.firstWrong)?.firstWrong,
    closedByServer: results.reduce((total, result) => total + result.closedByServer, 0),
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: percentile(latencies, 100),
    serverCpuPercent: (cpuSeconds / windowSeconds) * 100,
    serverLag,
  };
  log(
    `live subscriptions: ${figures.deliveries} of ${figures.expectedDeliveries} deliveries, p50 ${round(figures.p50Ms)} ms, p99 ${round(figures.p99Ms)} ms, ` +
      `max ${round(figures.maxMs)} ms, missing ${figures.missing}, wrong ${figures.wrong}${figures.firstWrong ? ` (first: ${figures.firstWrong})` : ''}, server CPU ${round(figures.serverCpuPercent, 0)}%`,
  );
  return figures;
}

export function reportLiveSubscriptions(figures: LiveSubscriptionFigures, log: (line: string) => void, printTable: (rows: string[][]) => void): void {
  const check = (ok: boolean) => (ok ? '✓' : '✗');
  log('');
  log(
    `Live subscriptions (defaults): ${PLAN.connections.toLocaleString('en-US')} graphql-ws connections × ${PLAN.subscriptionsPerConnection} voiceUpdated subscriptions over ` +
      `${PLAN.voices.toLocaleString('en-US')} voices, ${PLAN.changesPerSecond.toLocaleString('en-US')} changes/s for ${PLAN.seconds} s made by another process through the domain; ` +
      `clients in ${PLAN.clientProcesses} processes; latency from the write to the client's receipt`,
  );
  log('');
  printTable([
    ['subscriptions', 'connected', 'deliveries', 'p50', 'p99', 'max', 'missing', 'KiB/connection', 'KiB/subscription', 'notes'],
    [
      figures.subscriptions.toLocaleString('en-US'),
      `${figures.connections} in ${round(figures.connectSeconds)} s, subscribed in ${round(figures.subscribeSeconds)} s`,
      `${figures.deliveries} of ${figures.expectedDeliveries} (${figures.changes.made} changes)`,
      `${round(figures.p50Ms)} ms`,
      `${round(figures.p99Ms)} ms (< ${TARGET_P99_MS} ${check(figures.p99Ms < TARGET_P99_MS)})`,
      `${round(figures.maxMs)} ms`,
      `${figures.missing} ${check(figures.missing === 0 && figures.changes.failed === 0)}`,
      `${round(figures.kibPerConnection, 2)} (heap ${round(figures.heapKibPerConnection, 2)})`,
      `${round(figures.kibPerSubscription, 2)} (heap ${round(figures.heapKibPerSubscription, 2)})`,
      [
        `server CPU ${round(figures.serverCpuPercent, 0)}% of a core, VmRSS ${round(figures.rssMiB)} MiB`,
        `changes ${round(figures.changes.seconds)} s, worst slip ${round(figures.changes.worstSlipMs)} ms`,
        `server socket writes ${figures.serverLag}`,
        figures.changes.failed > 0 ? `${figures.changes.failed} changes failed (${figures.changes.firstFailure})` : '',
        figures.wrong > 0 ? `${figures.wrong} wrong messages` : '',
        figures.closedByServer > 0 ? `${figures.closedByServer} closed by server` : '',
        figures.failures.length > 0 ? `first failure: ${figures.failures[0]}` : '',
      ]
        .filter(Boolean)
        .join(', '),
    ],
  ]);
}
