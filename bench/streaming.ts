import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { request } from 'undici';
import WebSocket, { type RawData } from 'ws';
import {
  Cleanup,
  inBatches,
  inheritedEnv,
  machineInfo,
  percentile,
  processUsage,
  ROOT,
  round,
  SERVICE_ENTRY,
  sleep,
  startNodeChild,
  startService,
  type NodeChild,
} from './support';

/**
 * Streamed output (issue 33): STREAMS completions streaming at once, each at 20 tokens a
 * second from a fake OpenAI-compatible engine in its own process (bench/streaming-engine.ts),
 * through one API process and one worker process on the defaults, each completion watched by
 * one graphql-ws subscriber on `completionOutput`. The engine stamps each token's write on this
 * machine's clock and the token's text carries its index, so each token's latency from the
 * engine to its client is read where the client gets it. Every client's rebuilt text must
 * equal what the engine sent and the completion's final output (REST and GraphQL): 0 lost or
 * repeated characters. Beside it the bare relay (bench/streaming-relay.ts): the same engine's
 * streams piped straight to the same websocket clients, without the service.
 *
 * BENCH_STREAMS and BENCH_STREAM_TOKENS make a smaller run (defaults 1,000 and 200).
 */
const PARTNER = 'bench';
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1_000);
const TOKENS = Number(process.env.BENCH_STREAM_TOKENS ?? 200);
const TOKENS_PER_SECOND = 20;
const TARGET_P99_MS = 100;
const SUBSCRIPTION = 'subscription CompletionOutput($id: ID!) { completionOutput(id: $id) { seq text reset done } }';
const FINAL_OUTPUT = 'query CompletionFinal($id: ID!) { completion(id: $id) { state output } }';
/** What the service is given beyond its defaults: the engine, and the limits a bench run with one key would hit (support.ts's startService). */
const SERVICE_SETTINGS = 'ROLE=api / ROLE=worker, LLM_BASE_URL, LLM_MODEL; RATE_LIMIT_PER_MINUTE and LIVE_MAX_SUBSCRIPTIONS_PER_KEY out of reach';

const wallClock = () => performance.timeOrigin + performance.now();

interface Arrival {
  at: number;
  data: RawData;
}

/** One raw graphql-transport-ws client on one subscription; messages are stamped on arrival and read after the run. */
class Watcher {
  readonly arrivals: Arrival[] = [];
  private socket!: WebSocket;
  private ended!: () => void;
  readonly finished = new Promise<void>((resolve) => {
    this.ended = resolve;
  });

  open(url: string, apiKey: string, variables: Record<string, unknown>, timeoutMs: number): Promise<void> {
    const socket = new WebSocket(url, 'graphql-transport-ws', { perMessageDeflate: false });
    this.socket = socket;
    return new Promise<void>((resolve, reject) => {
      let ready = false;
      const timer = setTimeout(() => fail(`no snapshot within ${timeoutMs} ms`), timeoutMs);
      const fail = (reason: string) => {
        this.ended();
        if (ready) return;
        clearTimeout(timer);
        socket.terminate();
        reject(new Error(reason));
      };
      socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { apiKey } })));
      socket.on('error', (error) => fail(error.message));
      socket.on('close', (code, reason) => fail(`closed ${code} ${reason.toString()}`));
      socket.on('message', (data) => {
        const at = wallClock();
        if (ready) {
          this.arrivals.push({ at, data });
          // Only the subscription's last message (complete, or an error) is this short.
          if ((data as Buffer).length < 64 && /"type":"(complete|error)"/.test(String(data))) this.ended();
          return;
        }
        const message = JSON.parse(data.toString()) as { type: string; payload?: unknown };
        if (message.type === 'connection_ack') {
          socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: SUBSCRIPTION, variables } }));
        } else if (message.type === 'next') {
          this.arrivals.push({ at, data });
          ready = true;
          clearTimeout(timer);
          resolve();
        } else if (message.type === 'ping') socket.send('{"type":"pong"}');
        else fail(`${message.type}: ${JSON.stringify(message.payload)}`);
      });
    });
  }

  close(): void {
    this.socket?.terminate();
  }
}

interface OutputEventMessage {
  seq: number;
  text: string;
  reset: boolean;
  done: boolean;
}

/** What a run measured, whether through the service or the bare relay. */
interface StreamFigures {
  streams: number;
  watched: number;
  tokens: number;
  latencies: number[];
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
  cpu: { label: string; seconds: number }[];
  rssMiB: { label: string; before: number; peak: number }[];
  redis?: { commands: number; cpuSeconds: number; top: string };
  clientLoopP99Ms: number;
}

const tokensOf = (text: string) => text.match(/ [^ ]+/g) ?? [];
const indexOf = (token: string) => Number(token.replace(/\D/g, ''));
const chars = (token: string) => [...token].length;

/** Reads each client's messages: the contract, the rebuilt text against the engine's and the final output, each token's latency. */
function analyse(
  watchers: Watcher[],
  sent: Record<string, { text: string; times: number[] }>,
  finals: { rest: string; graphql: string; state: string }[] | null,
): Pick<
  StreamFigures,
  | 'latencies'
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

async function engineCall<T>(engine: NodeChild, method: 'GET' | 'POST', pathname: string): Promise<T> {
  const response = await request(`${engine.url}${pathname}`, { method });
  return (await response.body.json()) as T;
}

async function startEngine(cleanup: Cleanup): Promise<NodeChild> {
  const engine = await startNodeChild('engine', 'bench/streaming-engine.ts', {
    cwd: ROOT,
    env: { ...inheritedEnv(), TOKENS: String(TOKENS), TOKENS_PER_SECOND: String(TOKENS_PER_SECOND) },
  });
  cleanup.add(() => engine.stop());
  return engine;
}

interface Measured {
  processes: { label: string; child: NodeChild }[];
  redisUrl?: string;
}

/**
 * Waits until every stream's request is at the engine, starts them, and waits for every
 * client's `complete`: the CPU, memory and Redis figures are those of that window.
 */
async function streamAll(engine: NodeChild, watchers: Watcher[], measured: Measured, log: (line: string) => void) {
  const waitedSince = performance.now();
  for (;;) {
    const status = await engineCall<{ waiting: number }>(engine, 'GET', '/status');
    if (status.waiting >= watchers.length) break;
    if (performance.now() - waitedSince > 120_000) throw new Error(`only ${status.waiting} of ${watchers.length} streams reached the engine within 120 s`);
    await sleep(200);
  }
  log(`  ${watchers.length} requests at the engine after ${round((performance.now() - waitedSince) / 1000)} s; go`);
  const redis = measured.redisUrl ? new Redis(measured.redisUrl) : null;
  const redisStats = async () => {
    if (!redis) return null;
    const [stats, cpu, commandStats] = await Promise.all([redis.info('stats'), redis.info('cpu'), redis.info('commandstats')]);
    const field = (text: string, name: string) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(text)?.[1] ?? NaN);
    const calls = new Map([...commandStats.matchAll(/^cmdstat_(\S+?):calls=(\d+)/gm)].map((match) => [match[1]!, Number(match[2])]));
    return { commands: field(stats, 'total_commands_processed'), cpuSeconds: field(cpu, 'used_cpu_user') + field(cpu, 'used_cpu_sys'), calls };
  };
  const rssBefore = measured.processes.map(({ child }) => processUsage(child.pid).rssKiB);
  const peaks = [...rssBefore];
  const cpuBefore = measured.processes.map(({ child }) => processUsage(child.pid).cpuSeconds);
  const redisBefore = await redisStats();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const started = performance.now();
  await engineCall(engine, 'POST', '/go');
  let finished = false;
  const allDone = Promise.all(watchers.map((watcher) => watcher.finished)).then(() => (finished = true));
  const deadline = started + (TOKENS / TOKENS_PER_SECOND) * 1000 + 120_000;
  while (!finished && performance.now() < deadline) {
    await Promise.race([allDone, sleep(500)]);
    measured.processes.forEach(({ child }, index) => (peaks[index] = Math.max(peaks[index]!, processUsage(child.pid).rssKiB)));
  }
  const windowSeconds = (performance.now() - started) / 1000;
  loop.disable();
  const cpu = measured.processes.map(({ label, child }, index) => ({ label, seconds: processUsage(child.pid).cpuSeconds - cpuBefore[index]! }));
  const redisAfter = await redisStats();
  redis?.disconnect();
  const unfinished = watchers.filter((watcher) => !watcher.arrivals.some((arrival) => /"type":"complete"/.test(String(arrival.data)))).length;
  let redisFigures: StreamFigures['redis'];
  if (redisBefore && redisAfter) {
    const top = [...redisAfter.calls]
      .map(([name, calls]) => [name, calls - (redisBefore.calls.get(name) ?? 0)] as const)
      .filter(([, calls]) => calls > 0)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([name, calls]) => `${name} ${calls}`)
      .join(', ');
    // The INFO reads of `before` are counted in `after`: three commands, nothing beside the run's.
    redisFigures = { commands: redisAfter.commands - redisBefore.commands - 3, cpuSeconds: redisAfter.cpuSeconds - redisBefore.cpuSeconds, top };
  }
  return {
    windowSeconds,
    unfinished,
    cpu,
    redis: redisFigures,
    rssMiB: measured.processes.map(({ label }, index) => ({ label, before: rssBefore[index]! / 1024, peak: peaks[index]! / 1024 })),
    clientLoopP99Ms: loop.percentile(99) / 1e6,
  };
}

async function openWatchers(
  url: string,
  apiKey: string,
  variablesOf: (stream: number) => Record<string, unknown>,
  cleanup: Cleanup,
  log: (line: string) => void,
): Promise<Watcher[]> {
  const watchers = Array.from({ length: STREAMS }, () => new Watcher());
  cleanup.add(() => watchers.forEach((watcher) => watcher.close()));
  const started = performance.now();
  await inBatches(
    watchers.map((watcher, stream) => ({ watcher, stream })),
    100,
    ({ watcher, stream }) => watcher.open(url, apiKey, variablesOf(stream), 60_000),
  );
  log(`  ${watchers.length} completionOutput subscribers in ${round((performance.now() - started) / 1000)} s`);
  return watchers;
}

async function throughService(log: (line: string) => void): Promise<StreamFigures> {
  const cleanup = new Cleanup();
  try {
    const engine = await startEngine(cleanup);
    const llm = { LLM_BASE_URL: `${engine.url}/v1`, LLM_MODEL: 'bench-llm' };
    const { server: api, redis, apiKey, dataDir } = await startService(cleanup, { label: 'stream-api', partner: PARTNER, env: { ROLE: 'api', ...llm } });
    const worker = await startNodeChild('stream-worker', SERVICE_ENTRY, {
      cwd: ROOT,
      readyLine: /persona-platform \(\w+\) running/,
      env: { ...inheritedEnv(), REDIS_URL: redis.url, REDIS_PREFIX: redis.prefix, DATA_DIR: path.join(dataDir, 'server'), ROLE: 'worker', ...llm },
    });
    cleanup.add(() => worker.stop());
    log(`  API pid ${api.pid}, worker pid ${worker.pid}, engine pid ${engine.pid}, redis ${redis.url}`);

    const ids: string[] = new Array<string>(STREAMS);
    const submitted = performance.now();
    await inBatches(
      Array.from({ length: STREAMS }, (_, stream) => stream),
      50,
      async (stream) => {
        const response = await request(`${api.url}/v2/completions`, {
          method: 'POST',
          headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
          body: JSON.stringify({ input: { messages: [{ role: 'user', content: `bench stream ${stream}` }] } }),
        });
        const body = (await response.body.json()) as { id?: string };
        if (response.statusCode !== 200 || !body.id) throw new Error(`POST /v2/completions answered ${response.statusCode}: ${JSON.stringify(body)}`);
        ids[stream] = body.id;
      },
    );
    log(`  ${STREAMS} completions submitted in ${round((performance.now() - submitted) / 1000)} s`);
    const watchers = await openWatchers(`${api.url.replace(/^http/, 'ws')}/graphql`, apiKey, (stream) => ({ id: ids[stream] }), cleanup, log);

    const window = await streamAll(
      engine,
      watchers,
      {
        processes: [
          { label: 'API', child: api },
          { label: 'worker', child: worker },
        ],
        redisUrl: redis.url,
      },
      log,
    );
    const sent = await engineCall<Record<string, { text: string; times: number[] }>>(engine, 'GET', '/sent');
    const finals: { rest: string; graphql: string; state: string }[] = new Array(STREAMS);
    await inBatches(
      Array.from({ length: STREAMS }, (_, stream) => stream),
      50,
      async (stream) => {
        const rest = await request(`${api.url}${ids[stream]}`, { headers: { 'x-api-key': apiKey } });
        const restBody = (await rest.body.json()) as { state?: string; output?: { message?: { content?: string }; error?: string } };
        const graphql = await request(`${api.url}/graphql`, {
          method: 'POST',
          headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
          body: JSON.stringify({ query: FINAL_OUTPUT, variables: { id: ids[stream] } }),
        });
        const graphqlBody = (await graphql.body.json()) as { data?: { completion?: { output?: { message?: { content?: string } } } } };
        finals[stream] = {
          rest: restBody.output?.message?.content ?? `(none: ${restBody.output?.error ?? ''})`,
          graphql: graphqlBody.data?.completion?.output?.message?.content ?? '(none)',
          state: restBody.state ?? '?',
        };
      },
    );
    return { streams: STREAMS, watched: watchers.length, ...window, ...analyse(watchers, sent, finals) };
  } finally {
    await cleanup.run();
  }
}

async function throughBareRelay(log: (line: string) => void): Promise<StreamFigures> {
  const cleanup = new Cleanup();
  try {
    const engine = await startEngine(cleanup);
    const relay = await startNodeChild('bare relay', 'bench/streaming-relay.ts', { cwd: ROOT, env: { ...inheritedEnv(), ENGINE_URL: engine.url } });
    cleanup.add(() => relay.stop());
    const watchers = await openWatchers(`${relay.url.replace(/^http/, 'ws')}/graphql`, 'none', (stream) => ({ id: String(stream) }), cleanup, log);
    const window = await streamAll(engine, watchers, { processes: [{ label: 'relay', child: relay }] }, log);
    const sent = await engineCall<Record<string, { text: string; times: number[] }>>(engine, 'GET', '/sent');
    return { streams: STREAMS, watched: watchers.length, ...window, ...analyse(watchers, sent, null) };
  } finally {
    await cleanup.run();
  }
}

function describe(name: string, figures: StreamFigures, log: (line: string) => void): void {
  const ms = (values: number[], p: number) => `${round(percentile(values, p))} ms`;
  const perToken = (seconds: number) =>
    `${round((seconds * 1e6) / Math.max(1, figures.tokens), 1)} µs/token (${round((seconds / figures.windowSeconds) * 100, 0)}% of a core)`;
  const ok = (good: boolean) => (good ? '✓' : '✗');
  const p99 = percentile(figures.latencies, 99);
  log(
    `| ${name}: engine token → client p50 / p99 / max | ${ms(figures.latencies, 50)} / ${ms(figures.latencies, 99)} ${ok(p99 <= TARGET_P99_MS)} / ${ms(figures.latencies, 100)} | p99 ≤ ${TARGET_P99_MS} ms |`,
  );
  log(`| ${name}: engine's first token → first event p50 / p99 | ${ms(figures.firstEvents, 50)} / ${ms(figures.firstEvents, 99)} | |`);
  const intact =
    figures.lostChars === 0 && figures.repeatedChars === 0 && figures.differFromEngine === 0 && figures.differFromRest === 0 && figures.differFromGraphql === 0;
  log(
    `| ${name}: lost / repeated characters | ${figures.lostChars} / ${figures.repeatedChars} ${ok(intact)} (${figures.watched} of ${figures.streams} clients, ${figures.tokens} tokens; rebuilt ≠ engine ${figures.differFromEngine}${figures.finalsChecked ? `, ≠ REST ${figures.differFromRest}, ≠ GraphQL ${figures.differFromGraphql}` : ''}${figures.firstFinalMismatch ? ` (${figures.firstFinalMismatch})` : ''}; contract breaks ${figures.contractBreaks}${figures.firstBreak ? ` (${figures.firstBreak})` : ''}; unfinished ${figures.unfinished}) | 0 |`,
  );
  log(`| ${name}: events per token | ${round(figures.events / Math.max(1, figures.tokens), 2)} (${figures.events} events) | |`);
  for (const { label, seconds } of figures.cpu) log(`| ${name}: ${label} CPU | ${perToken(seconds)} | |`);
  if (figures.redis) {
    log(
      `| ${name}: Redis commands per token | ${round(figures.redis.commands / Math.max(1, figures.tokens), 2)} (Redis CPU ${perToken(figures.redis.cpuSeconds)}) | |`,
    );
    log(`| ${name}: Redis commands in the window | ${figures.redis.top} | |`);
  }
  log(
    `| ${name}: RSS before → peak | ${figures.rssMiB.map(({ label, before, peak }) => `${label} ${round(before, 0)} → ${round(peak, 0)} MiB`).join(', ')} | |`,
  );
  log(`| ${name}: window, client event-loop delay p99 | ${round(figures.windowSeconds)} s, ${round(figures.clientLoopP99Ms)} ms | |`);
}

export async function benchStreaming({ log }: { log: (line: string) => void }): Promise<{ service: StreamFigures; floor: StreamFigures }> {
  const machine = machineInfo();
  log(
    `streaming: ${STREAMS} completions × ${TOKENS} tokens at ${TOKENS_PER_SECOND}/s; ${machine.cpuModel}, ${machine.cores} cores, node ${machine.node}, ${machine.date}`,
  );
  log(`  the service runs the defaults beside ${SERVICE_SETTINGS}`);
  const service = await throughService(log);
  log('  bare relay (the engine streams piped straight to the websockets):');
  const floor = await throughBareRelay(log);
  log('');
  log('| Streaming output | Result | Target |');
  log('|---|---|---|');
  describe('service', service, log);
  describe('bare relay', floor, log);
  return { service, floor };
}
