import { cpus } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { request } from 'undici';
import WebSocket from 'ws';
import {
  Cleanup,
  inBatches,
  inheritedEnv,
  machineInfo,
  processUsage,
  ROOT,
  round,
  SERVICE_ENTRY,
  sleep,
  startNodeChild,
  startService,
  type NodeChild,
} from './support';
import { analyse, describe, type Arrival, type StreamFigures } from './streaming-figures';

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
const SUBSCRIPTION = 'subscription CompletionOutput($id: ID!) { completionOutput(id: $id) { seq text reset done } }';
const FINAL_OUTPUT = 'query CompletionFinal($id: ID!) { completion(id: $id) { state output } }';
/** What the service is given beyond its defaults: the engine, and the limits a bench run with one key would hit (support.ts's startService). */
const SERVICE_SETTINGS = 'ROLE=api / ROLE=worker, LLM_BASE_URL, LLM_MODEL; RATE_LIMIT_PER_MINUTE and LIVE_MAX_SUBSCRIPTIONS_PER_KEY out of reach';

const wallClock = () => performance.timeOrigin + performance.now();

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
  processes: { label: string; child: NodeChild; harness?: boolean }[];
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
  const clientsCpu = process.cpuUsage();
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
  const clientsUsed = process.cpuUsage(clientsCpu);
  const cpu = [
    ...measured.processes.map(({ label, child, harness }, index) => ({ label, harness, seconds: processUsage(child.pid).cpuSeconds - cpuBefore[index]! })),
    // This process: the clients (and the bench's own reading of Redis and process figures).
    { label: 'clients', harness: true, seconds: (clientsUsed.user + clientsUsed.system) / 1e6 },
  ];
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
    cores: cpus().length,
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
          { label: 'engine', child: engine, harness: true },
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
    const window = await streamAll(
      engine,
      watchers,
      {
        processes: [
          { label: 'relay', child: relay },
          { label: 'engine', child: engine, harness: true },
        ],
      },
      log,
    );
    const sent = await engineCall<Record<string, { text: string; times: number[] }>>(engine, 'GET', '/sent');
    return { streams: STREAMS, watched: watchers.length, ...window, ...analyse(watchers, sent, null) };
  } finally {
    await cleanup.run();
  }
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
