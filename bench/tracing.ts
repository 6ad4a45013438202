import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';
import { makeSine } from '../test/support/audio';
import { startOpenAiCompatibleServer } from '../test/support/openai-compatible-server';
import { protobufSpanNames } from '../test/support/otlp-receiver';
import { serveFiles } from '../test/v2/helpers';
import { Cleanup, percentile, processUsage, profileDuring, round, sleep, startService, type ServiceChild } from './support';

/**
 * Each target (REST and GraphQL, tracing off and on) takes its turn, round after round, in an
 * order reversed every other round, so the machine's drift hits all alike; many short rounds,
 * as the machines here move by tens of percent from one 5 s window to the next.
 */
const LOAD = { connections: 50, warmupSeconds: 1, durationSeconds: 3, rounds: 9 };
/**
 * The steadier figure: the three servers loaded at the same moment, each at this rate (below
 * what any of them can serve), and each one's CPU per request (all its threads) compared. The
 * machine's drift then hits the three in the same seconds. The rate is high enough that a
 * server's own background work does not weigh: idle, each spends 7-27 ms of CPU a second
 * (its queues' polling, its collector; measured), which at 800 req/s was 9-34 µs a request,
 * as much as tracing's whole cost, and made the 5% sampled server cost as much as always_on.
 */
const SAME_MOMENT = { requestsPerSecond: 2400, connections: 10, seconds: 5, rounds: 5 };
const TRANSCRIPTS = 5;
/** At most this share of throughput may tracing cost (always_on, every request a trace). */
const TARGET_COST_PERCENT = 15;

interface Round {
  off: Load;
  on: Load;
  sampled: Load;
}

interface Comparison {
  offRps: number;
  onRps: number;
  /** The median of the rounds' throughput lost to tracing. */
  costPercent: number;
  /** The same per server CPU-second. */
  costPerCpuPercent: number;
  /** Loaded at the same moment at a fixed rate: the median of the rounds' 1 − (off's CPU per request ÷ this one's), the throughput a CPU-bound server loses. */
  sameMomentCostPercent: number;
  /** CPU per request (µs, all the server's threads) at that rate, off and this one: medians. */
  sameMomentCpuUs: { off: number; on: number };
}

export interface TracingFigures {
  rest: Comparison;
  graphql: Comparison;
  restSampled: Comparison;
  graphqlSampled: Comparison;
  spansPerTranscript: number[];
  exportedSpans: number;
}

/**
 * A local OTLP/HTTP collector that reads each export and throws it away, as a collector's
 * receiver would before its pipeline; the bodies are kept only while `keep` is on (the
 * transcripts' traces, read after the load).
 */
async function discardingCollector() {
  const kept: Buffer[] = [];
  let keep = false;
  let bytes = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (keep) chunks.push(chunk);
    });
    request.on('end', () => {
      if (keep) kept.push(Buffer.concat(chunks));
      response.setHeader('content-type', 'application/x-protobuf');
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    keepFromNow: () => (keep = true),
    kept,
    bytes: () => bytes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function json(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  const response = await fetch(url, init);
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

async function transcribe(service: ServiceChild, audioUrl: string): Promise<string> {
  const headers = { 'x-api-key': service.apiKey, 'content-type': 'application/json' };
  const { id } = (await json(`${service.server.url}/v2/transcript`, { method: 'POST', headers, body: JSON.stringify({ audio_url: audioUrl }) })) as {
    id: string;
  };
  for (;;) {
    const { status } = await json(`${service.server.url}${id}`, { headers });
    if (status === 'completed') return id;
    if (status === 'error') throw new Error(`transcript ${id} failed`);
    await sleep(200);
  }
}

interface Load {
  requestsPerSecond: number;
  /** Requests answered per second of the server's own CPU: steadier than req/s on a machine shared with other work. */
  perCpuSecond: number;
}

async function load(label: string, service: ServiceChild, options: autocannon.Options, log: (line: string) => void): Promise<Load> {
  await autocannon({ ...options, connections: LOAD.connections, duration: LOAD.warmupSeconds });
  const before = processUsage(service.server.pid).cpuSeconds;
  const result = await autocannon({ ...options, connections: LOAD.connections, duration: LOAD.durationSeconds });
  const cpu = processUsage(service.server.pid).cpuSeconds - before;
  const failures = result.non2xx + result.errors;
  const figures = { requestsPerSecond: result.requests.average, perCpuSecond: result.requests.total / cpu };
  log(
    `${label}: ${round(figures.requestsPerSecond, 0)} req/s, ${round(figures.perCpuSecond, 0)} per server CPU-s, p99 ${result.latency.p99} ms, ${failures} failures, server CPU ${round((cpu / result.duration) * 100, 0)}%`,
  );
  if (failures > 0) throw new Error(`${label}: ${failures} failed requests`);
  return figures;
}

/**
 * One round of the three servers loaded at the same moment, each at SAME_MOMENT's fixed rate:
 * each one's CPU (all its threads: the export thread's too) per request answered.
 */
async function cpuPerRequestTogether(
  api: 'rest' | 'graphql',
  turn: number,
  servers: readonly { variant: keyof Round; service: ServiceChild; at: number }[],
  targets: Record<'rest' | 'graphql', autocannon.Options>[],
  log: (line: string) => void,
): Promise<Record<keyof Round, number>> {
  const before = servers.map(({ service }) => processUsage(service.server.pid).cpuSeconds);
  const results = await Promise.all(
    servers.map(({ at }) =>
      autocannon({ ...targets[at]![api], connections: SAME_MOMENT.connections, duration: SAME_MOMENT.seconds, overallRate: SAME_MOMENT.requestsPerSecond }),
    ),
  );
  const cpu = {} as Record<keyof Round, number>;
  servers.forEach(({ variant, service }, index) => {
    const result = results[index]!;
    if (result.non2xx + result.errors > 0) throw new Error(`${api} ${variant} loaded together: ${result.non2xx + result.errors} failed requests`);
    cpu[variant] = ((processUsage(service.server.pid).cpuSeconds - before[index]!) / result.requests.total) * 1e6;
  });
  log(
    `round ${turn} ${api} loaded together at ${SAME_MOMENT.requestsPerSecond} req/s each, µs of server CPU a request: off ${round(cpu.off, 0)}, always_on ${round(cpu.on, 0)}, 5% sampled ${round(cpu.sampled, 0)}`,
  );
  return cpu;
}

/**
 * `npm run bench -- tracing`: REST and GraphQL throughput of two servers alike but for
 * tracing, off (no endpoint) and on (always_on: every request a trace, OTLP http/protobuf to a
 * local collector that discards), measured in turns in the same run; then the size of a
 * transcript's trace (its spans, from the POST to the last engine call) from real jobs.
 */
export async function benchTracing({ log }: { log: (line: string) => void }): Promise<TracingFigures> {
  const cleanup = new Cleanup();
  try {
    const engine = await startOpenAiCompatibleServer();
    cleanup.add(() => engine.close());
    const collector = await discardingCollector();
    cleanup.add(() => collector.close());
    const common = { ROLE: 'all', SHUTDOWN_GRACE_SECONDS: '5', ASR_BASE_URL: engine.baseUrl, ALLOW_PRIVATE_URLS: 'true' };
    // BENCH_PROFILE=<prefix>: each server's CPU profile over the first round's REST and GraphQL loads.
    const profile = process.env.BENCH_PROFILE;
    const off = await startService(cleanup, {
      label: 'tracing-off',
      partner: 'bench',
      inspect: Boolean(profile),
      env: common,
      quiet: /ERR_STREAM_PREMATURE_CLOSE/,
    });
    const traced = (label: string, sampling: Record<string, string>) =>
      startService(cleanup, {
        label,
        partner: 'bench',
        inspect: Boolean(profile),
        env: { ...common, OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, ...sampling },
        quiet: /ERR_STREAM_PREMATURE_CLOSE/,
      });
    const on = await traced('tracing-on', { OTEL_TRACES_SAMPLER: 'always_on' });
    // What a busy deployment would run (operations.md): one root in twenty sampled, the caller's decision followed.
    const sampled = await traced('tracing-sampled', { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.05' });
    const audio = await makeSine(path.join(off.dataDir, 'tone.wav'), { seconds: 3 });
    const files = await serveFiles({ 'tone.wav': { path: audio, contentType: 'audio/wav' } });
    cleanup.add(() => files.close());
    // One finished transcript on each server: what both APIs read under load.
    const targets = await Promise.all(
      [off, on, sampled].map(async (service) => {
        const id = await transcribe(service, files.url('tone.wav'));
        const headers = { 'x-api-key': service.apiKey };
        const query = `query { transcript(id: "${id}") { id status text } }`;
        return {
          rest: { url: `${service.server.url}${id}`, headers },
          graphql: {
            url: `${service.server.url}/graphql`,
            method: 'POST' as const,
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ query }),
          },
        };
      }),
    );
    const rounds = { rest: [] as Round[], graphql: [] as Round[] };
    const servers = [
      { variant: 'off', label: 'tracing off', service: off, at: 0 },
      { variant: 'on', label: 'tracing on (always_on)', service: on, at: 1 },
      { variant: 'sampled', label: 'tracing on (5% sampled)', service: sampled, at: 2 },
    ] as const;
    // Loaded together first, before the rounds at full load leave each server a heap of their own making to collect.
    const sameMoment = { rest: [] as Record<keyof Round, number>[], graphql: [] as Record<keyof Round, number>[] };
    for (const api of ['rest', 'graphql'] as const) {
      for (const { at } of servers) await autocannon({ ...targets[at]![api], connections: SAME_MOMENT.connections, duration: 1 });
      for (let turn = 1; turn <= SAME_MOMENT.rounds; turn++) sameMoment[api].push(await cpuPerRequestTogether(api, turn, servers, targets, log));
    }
    for (let turn = 1; turn <= LOAD.rounds; turn++) {
      for (const api of ['rest', 'graphql'] as const) {
        // The first round's loads are profiled (all three alike) when asked: its figures are the profiler's too.
        const measure = (label: string, service: ServiceChild, name: string, target: autocannon.Options) =>
          profile && turn === 1
            ? profileDuring(service.server, `${profile}-tracing-${name}-${api}.cpuprofile`, () =>
                load(`round ${turn} ${api} ${label}, profiled`, service, target, log),
              )
            : load(`round ${turn} ${api} ${label}`, service, target, log);
        const round = {} as Round;
        for (const { variant, label, service, at } of turn % 2 === 1 ? servers : [...servers].reverse())
          round[variant] = await measure(label, service, variant, targets[at]![api]);
        rounds[api].push(round);
      }
    }

    // Each round's cost is taken within the round (against the off run just before it), and the median of the rounds reported.
    const median = (values: number[]) => percentile(values, 50);
    const compare = (api: 'rest' | 'graphql', variant: 'on' | 'sampled'): Comparison => ({
      offRps: median(rounds[api].map((each) => each.off.requestsPerSecond)),
      onRps: median(rounds[api].map((each) => each[variant].requestsPerSecond)),
      costPercent: median(rounds[api].map((each) => (1 - each[variant].requestsPerSecond / each.off.requestsPerSecond) * 100)),
      costPerCpuPercent: median(rounds[api].map((each) => (1 - each[variant].perCpuSecond / each.off.perCpuSecond) * 100)),
      sameMomentCostPercent: median(sameMoment[api].map((each) => (1 - each.off / each[variant]) * 100)),
      sameMomentCpuUs: { off: median(sameMoment[api].map((each) => each.off)), on: median(sameMoment[api].map((each) => each[variant])) },
    });

    // The transcripts' traces: what the collector receives from here on, read once the server has flushed at its stop.
    await sleep(6_000);
    collector.keepFromNow();
    for (let count = 0; count < TRANSCRIPTS; count++) await transcribe(on, files.url('tone.wav'));
    await on.server.stop();
    const spans = collector.kept.flatMap((body) => protobufSpanNames(body));
    const transcriptTraces = new Set(spans.filter((span) => span.name === 'process transcribe').map((span) => span.traceId));
    const spansPerTranscript = [...transcriptTraces].map((traceId) => spans.filter((span) => span.traceId === traceId).length);
    const figures: TracingFigures = {
      rest: compare('rest', 'on'),
      graphql: compare('graphql', 'on'),
      restSampled: compare('rest', 'sampled'),
      graphqlSampled: compare('graphql', 'sampled'),
      spansPerTranscript,
      exportedSpans: spans.length,
    };

    log('');
    log(
      `tracing, OTLP http/protobuf to a local collector that discards; median of ${LOAD.rounds} rounds, ${LOAD.connections} connections, and of ${SAME_MOMENT.rounds} rounds loaded together (target: costs ≤ ${TARGET_COST_PERCENT}%):`,
    );
    const rows = [
      ['rest', 'always_on'],
      ['graphql', 'always_on'],
      ['restSampled', 'parentbased_traceidratio 0.05'],
      ['graphqlSampled', 'parentbased_traceidratio 0.05'],
    ] as const;
    for (const [key, sampler] of rows) {
      const { offRps, onRps, costPercent, costPerCpuPercent, sameMomentCostPercent, sameMomentCpuUs } = figures[key];
      const verdict = (cost: number) => (cost <= TARGET_COST_PERCENT ? '✓' : '✗');
      log(
        `  ${key.startsWith('rest') ? 'REST' : 'GraphQL'}, ${sampler}: off ${round(offRps, 0)} req/s, on ${round(onRps, 0)} req/s: costs ${round(costPercent, 1)}% of throughput ${verdict(costPercent)}, ` +
          `${round(costPerCpuPercent, 1)}% of requests per server CPU-s ${verdict(costPerCpuPercent)}; ` +
          `loaded together at ${SAME_MOMENT.requestsPerSecond} req/s: ${round(sameMomentCpuUs.off, 0)} → ${round(sameMomentCpuUs.on, 0)} µs of CPU a request, costs ${round(sameMomentCostPercent, 1)}% ${verdict(sameMomentCostPercent)}`,
      );
    }
    log(`  a transcript's trace: ${spansPerTranscript.join(', ')} spans (${TRANSCRIPTS} transcripts of a 3 s recording, one speech-to-text request each)`);
    log(`  exported during the load: ${round(collector.bytes() / 1024 / 1024, 1)} MiB of OTLP in all`);
    return figures;
  } finally {
    await cleanup.run();
  }
}
