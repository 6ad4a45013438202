import { percentile, round, type MachineInfo } from './support';
import {
  CHANGES_PER_COUNT,
  CPU_CLIENTS,
  CPU_SECONDS,
  HTTP_LOAD,
  type CpuFigures,
  type FloorFigures,
  type HttpFigures,
  type LoadFigures,
  type SubscriberFigures,
} from './voice-load';
import { describeSettings, DETAIL_PATH, log, type Bench } from './voice-setup';

/* The voice figures' tables, each row held against its target. */
const TARGETS = { restOfFloor: 70, graphqlOfRest: 80, kibPerSubscriber: 8, p99MsAt10k: 150, pollingOverSubscriptions: 15 };

function check(ok: boolean): string {
  return ok ? '✓' : '✗';
}

export function printTable(rows: string[][]): void {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  log(line(rows[0]!));
  log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows.slice(1)) log(line(row));
}

export function report(
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
