import type { RawData } from 'ws';
import { percentile, round } from './support';

/**
 * What bench/streaming.ts reads from its clients' messages, and the table it prints: the
 * stream contract, the rebuilt text against the engine's and the final output, each token's
 * latency (all of them, and in the steady state once every stream is going), and the CPU of
 * every process on the machine, the harness's (engine, clients) too: on a machine of few
 * cores they share the cores with the service, and latency follows their sum.
 */
export const TARGET_P99_MS = 100;
/** Tokens from this index on are the steady state: every stream has been going for a while (2 s at 20 tokens/s). */
export const STEADY_FROM_TOKEN = 40;

export interface Arrival {
  at: number;
  data: RawData;
}

interface OutputEventMessage {
  seq: number;
  text: string;
  reset: boolean;
  done: boolean;
}

/** What a run measured, whether through the service or the bare relay. */
export interface StreamFigures {
  streams: number;
  watched: number;
  tokens: number;
  latencies: number[];
  /** The latencies of tokens from STEADY_FROM_TOKEN on: without the start, when a thousand streams begin within one token's interval. */
  steadyLatencies: number[];
  firstEvents: number[];
  events: number;
  lostChars: number;
  repeatedChars: number;
  /** Clients whose rebuilt text differs from what the engine sent. */
  differFromEngine: number;
  /** ... and from the completion's final output, REST and GraphQL (the service only). */
  differFromRest: number;
  differFromGraphql: number;
  finalsChecked: boolean;
  /** The first client whose rebuilt text is not the final output: its state and output. */
  firstFinalMismatch?: string;
  /** Seq gaps, repeats, a missing or early done, or an error message. */
  contractBreaks: number;
  firstBreak?: string;
  /** Streams that never ended within the wait. */
  unfinished: number;
  windowSeconds: number;
  /** Each process's CPU over the window: the service's, and the harness's (engine, clients). */
  cpu: { label: string; seconds: number; harness?: boolean }[];
  cores: number;
  rssMiB: { label: string; before: number; peak: number }[];
  redis?: { commands: number; cpuSeconds: number; top: string };
  clientLoopP99Ms: number;
}

const tokensOf = (text: string) => text.match(/ [^ ]+/g) ?? [];
const indexOf = (token: string) => Number(token.replace(/\D/g, ''));
const chars = (token: string) => [...token].length;

/** Reads each client's messages: the contract, the rebuilt text against the engine's and the final output, each token's latency. */
export function analyse(
  watchers: { arrivals: Arrival[] }[],
  sent: Record<string, { text: string; times: number[] }>,
  finals: { rest: string; graphql: string; state: string }[] | null,
): Pick<
  StreamFigures,
  | 'latencies'
  | 'steadyLatencies'
  | 'firstEvents'
  | 'events'
  | 'lostChars'
  | 'repeatedChars'
  | 'differFromEngine'
  | 'differFromRest'
  | 'differFromGraphql'
  | 'contractBreaks'
  | 'firstBreak'
  | 'tokens'
  | 'finalsChecked'
  | 'firstFinalMismatch'
> {
  const figures: ReturnType<typeof analyse> = {
    latencies: [],
    steadyLatencies: [],
    firstEvents: [],
    events: 0,
    lostChars: 0,
    repeatedChars: 0,
    differFromEngine: 0,
    differFromRest: 0,
    differFromGraphql: 0,
    contractBreaks: 0,
    tokens: 0,
    finalsChecked: finals !== null,
  };
  const broke = (stream: number, reason: string) => {
    figures.contractBreaks++;
    figures.firstBreak ??= `stream ${stream}: ${reason}`;
  };
  watchers.forEach((watcher, stream) => {
    const engine = sent[String(stream)] ?? { text: '', times: [] };
    figures.tokens += engine.times.length;
    let text = '';
    let last: number | null = null;
    let done = false;
    const seen = new Set<number>();
    for (const arrival of watcher.arrivals) {
      const message = JSON.parse(arrival.data.toString()) as { type: string; payload?: { data?: { completionOutput?: OutputEventMessage } } };
      if (message.type === 'complete') continue;
      const event = message.payload?.data?.completionOutput;
      if (message.type !== 'next' || !event) {
        broke(stream, `${message.type}: ${arrival.data.toString().slice(0, 200)}`);
        continue;
      }
      if (done) broke(stream, `seq ${event.seq} after done`);
      if (last !== null && event.seq !== last + 1) broke(stream, `seq ${event.seq} after ${last}`);
      if (last === null && !event.reset) broke(stream, 'first event without reset');
      last = event.seq;
      done ||= event.done;
      text = event.reset ? event.text : text + event.text;
      if (event.seq > 0 && event.text !== '') figures.events++;
      // A token's latency is taken when it first arrives: a done event that resets to the final text repeats them all.
      for (const token of tokensOf(event.text)) {
        const index = indexOf(token);
        if (seen.has(index) || engine.times[index] === undefined) continue;
        seen.add(index);
        figures.latencies.push(arrival.at - engine.times[index]);
        if (index >= STEADY_FROM_TOKEN) figures.steadyLatencies.push(arrival.at - engine.times[index]);
        if (index === 0) figures.firstEvents.push(arrival.at - engine.times[0]!);
      }
    }
    if (!done) broke(stream, 'no done event');
    const counts = new Map<string, number>();
    for (const token of tokensOf(engine.text)) counts.set(token, (counts.get(token) ?? 0) + 1);
    for (const token of tokensOf(text)) {
      const left = (counts.get(token) ?? 0) - 1;
      counts.set(token, left);
      if (left < 0) figures.repeatedChars += chars(token);
    }
    for (const [token, left] of counts) if (left > 0) figures.lostChars += left * chars(token);
    if (text !== engine.text) figures.differFromEngine++;
    if (finals && finals[stream]?.rest !== text) figures.differFromRest++;
    if (finals && finals[stream]?.graphql !== text) figures.differFromGraphql++;
    if (finals && (finals[stream]?.rest !== text || finals[stream]?.graphql !== text)) {
      figures.firstFinalMismatch ??= `stream ${stream}: ${finals[stream]?.state}, REST ${JSON.stringify(finals[stream]?.rest.slice(0, 120))}`;
    }
  });
  return figures;
}

export function describe(name: string, figures: StreamFigures, log: (line: string) => void): void {
  const ms = (values: number[], p: number) => `${round(percentile(values, p))} ms`;
  const perToken = (seconds: number) =>
    `${round((seconds * 1e6) / Math.max(1, figures.tokens), 1)} µs/token (${round((seconds / figures.windowSeconds) * 100, 0)}% of a core)`;
  const ok = (good: boolean) => (good ? '✓' : '✗');
  const p99 = percentile(figures.latencies, 99);
  log(
    `| ${name}: engine token → client p50 / p99 / max | ${ms(figures.latencies, 50)} / ${ms(figures.latencies, 99)} ${ok(p99 <= TARGET_P99_MS)} / ${ms(figures.latencies, 100)} | p99 ≤ ${TARGET_P99_MS} ms |`,
  );
  log(
    `| ${name}: the same in the steady state (tokens ${STEADY_FROM_TOKEN}+) p50 / p90 / p99 | ${ms(figures.steadyLatencies, 50)} / ${ms(figures.steadyLatencies, 90)} / ${ms(figures.steadyLatencies, 99)} | |`,
  );
  log(`| ${name}: engine's first token → first event p50 / p99 | ${ms(figures.firstEvents, 50)} / ${ms(figures.firstEvents, 99)} | |`);
  const intact =
    figures.lostChars === 0 && figures.repeatedChars === 0 && figures.differFromEngine === 0 && figures.differFromRest === 0 && figures.differFromGraphql === 0;
  log(
    `| ${name}: lost / repeated characters | ${figures.lostChars} / ${figures.repeatedChars} ${ok(intact)} (${figures.watched} of ${figures.streams} clients, ${figures.tokens} tokens; rebuilt ≠ engine ${figures.differFromEngine}${figures.finalsChecked ? `, ≠ REST ${figures.differFromRest}, ≠ GraphQL ${figures.differFromGraphql}` : ''}${figures.firstFinalMismatch ? ` (${figures.firstFinalMismatch})` : ''}; contract breaks ${figures.contractBreaks}${figures.firstBreak ? ` (${figures.firstBreak})` : ''}; unfinished ${figures.unfinished}) | 0 |`,
  );
  log(`| ${name}: events per token | ${round(figures.events / Math.max(1, figures.tokens), 2)} (${figures.events} events) | |`);
  for (const { label, seconds, harness } of figures.cpu) log(`| ${name}: ${label}${harness ? ' (harness)' : ''} CPU | ${perToken(seconds)} | |`);
  if (figures.redis) {
    log(
      `| ${name}: Redis commands per token | ${round(figures.redis.commands / Math.max(1, figures.tokens), 2)} (Redis CPU ${perToken(figures.redis.cpuSeconds)}) | |`,
    );
    log(`| ${name}: Redis commands in the window | ${figures.redis.top} | |`);
  }
  const machineSeconds = figures.cpu.reduce((sum, { seconds }) => sum + seconds, 0) + (figures.redis?.cpuSeconds ?? 0);
  const serviceSeconds = figures.cpu.reduce((sum, { seconds, harness }) => sum + (harness ? 0 : seconds), 0) + (figures.redis?.cpuSeconds ?? 0);
  log(
    `| ${name}: CPU of every process, of the machine's ${figures.cores} cores | ${round((machineSeconds / figures.windowSeconds) * 100, 0)}% of a core (${round((machineSeconds / figures.windowSeconds / figures.cores) * 100, 0)}% of the machine); ${name === 'service' ? 'API + worker + Redis' : 'the relay'} ${round((serviceSeconds / figures.windowSeconds) * 100, 0)}% of a core | |`,
  );
  log(
    `| ${name}: RSS before → peak | ${figures.rssMiB.map(({ label, before, peak }) => `${label} ${round(before, 0)} → ${round(peak, 0)} MiB`).join(', ')} | |`,
  );
  log(`| ${name}: window, client event-loop delay p99 | ${round(figures.windowSeconds)} s, ${round(figures.clientLoopP99Ms)} ms | |`);
}
