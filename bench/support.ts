import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { request } from 'undici';
import WebSocket, { type RawData } from 'ws';
import { ApiKeyService } from '../src/auth/api-keys';
import { KeySpace } from '../src/store/keys';
import { startTestRedis } from '../test/support/redis-server';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface MachineInfo {
  cpuModel: string;
  cores: number;
  memoryGiB: number;
  node: string;
  date: string;
}

export function machineInfo(): MachineInfo {
  const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8');
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim();
  return {
    cpuModel: model ?? cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    date: new Date().toISOString(),
  };
}

const clockTicks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU time (user + system, all threads) and resident memory of another process, from /proc. */
export interface ProcessUsage {
  cpuSeconds: number;
  /** CPU time of the children it has waited for (ffmpeg, say). */
  childCpuSeconds: number;
  rssKiB: number;
}

export function processUsage(pid: number): ProcessUsage {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name in parentheses may contain spaces; the numeric fields follow its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  const childTime = Number(fields[13]) + Number(fields[14]);
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rss = Number(/^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1] ?? NaN);
  return { cpuSeconds: (utime + stime) / clockTicks, childCpuSeconds: childTime / clockTicks, rssKiB: rss };
}

/** Nearest-rank percentile of unsorted values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? NaN;
}

/** Undo steps run last-in first-out, once, whether the run ends normally, fails or is interrupted. */
export class Cleanup {
  private readonly steps: (() => Promise<void> | void)[] = [];
  private running: Promise<void> | null = null;

  add(step: () => Promise<void> | void): void {
    this.steps.push(step);
  }

  run(): Promise<void> {
    this.running ??= (async () => {
      for (const step of this.steps.reverse()) {
        try {
          await step();
        } catch (error) {
          console.error('cleanup step failed:', error);
        }
      }
    })();
    return this.running;
  }
}

export interface NodeChild {
  process: ChildProcess;
  pid: number;
  /** The URL the child printed as `listening on <url>`. */
  url: string;
  /** The child's inspector WebSocket, when started with `inspect`. */
  inspectorUrl?: string;
  /** How many output lines matched `quiet` and were counted instead of shown. */
  quietLines(): number;
  stop(): Promise<void>;
}

/**
 * The service as it ships: `npm run build`, then `node --enable-source-maps dist/main.js`, as
 * the Dockerfile runs it. Under tsx every named function made per request or per subscriber
 * carries extra properties (esbuild's keep-names), about 1.5 KiB per idle subscriber, which
 * production never pays. Built once per bench run.
 */
export const SERVICE_ENTRY = 'dist/main.js';

/**
 * The Node options `npm start` and the Docker image run the service with (a test keeps the
 * three alike): source maps for stack traces; `gc` exposed for uploads
 * (src/http/upload-chunks.ts); and young-generation semi-spaces of up to 64 MiB instead of
 * 16, so V8 collects the garbage each request leaves a quarter as often.
 */
export const SERVICE_NODE_FLAGS = ['--enable-source-maps', '--expose-gc', '--max-semi-space-size=64'];
let serviceBuilt = false;

export function buildService(): void {
  if (serviceBuilt) return;
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
  serviceBuilt = true;
}

/**
 * Starts `node <script>` (a `.ts` script through tsx) and waits until it prints `listening
 * on <url>`. The child's own output is kept and shown only if it dies before that.
 */
export async function startNodeChild(
  label: string,
  script: string,
  options: {
    cwd: string;
    env: Record<string, string>;
    inspect?: boolean;
    quiet?: RegExp;
    timeoutMs?: number;
    /** The line that says it started when it listens on nothing (a worker process); its url is then ''. */
    readyLine?: RegExp;
  },
): Promise<NodeChild> {
  const inspect = options.inspect ? ['--inspect=127.0.0.1:0'] : [];
  // As npm start and the Docker image run it (see SERVICE_NODE_FLAGS).
  const run = script.endsWith('.ts') ? ['--import', 'tsx', script] : [...SERVICE_NODE_FLAGS, script];
  const child = spawn(process.execPath, [...inspect, ...run], {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  let started = false;
  let inspectorUrl: string | undefined;
  let quiet = 0;
  const onLine = (line: string) => {
    const inspector = /^Debugger listening on (ws:\/\/\S+)/.exec(line)?.[1];
    if (inspector) inspectorUrl = inspector;
    // The inspector's own chatter, each time the bench attaches to force a collection.
    if (/^(Debugger (listening|attached|ending)|For help, see: https:\/\/nodejs.org|Waiting for the debugger)/.test(line)) return;
    if (started && options.quiet?.test(line)) {
      quiet++;
      return;
    }
    // Info lines (a line per request at the default LOG_LEVEL) are read and dropped, as a log
    // shipper would read them; anything above goes to our stderr, labelled.
    if (started && line.startsWith('{"level":30,')) return;
    if (started) return console.error(`[${label}] ${line}`);
    output.push(line);
    if (output.length > 50) output.shift();
  };
  createInterface({ input: child.stderr }).on('line', onLine);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const timeoutMs = options.timeoutMs ?? 60_000;

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => fail(`did not start within ${timeoutMs / 1000} s`), timeoutMs);
    function fail(reason: string) {
      if (started) return;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${label} ${reason}:\n${output.join('\n')}`));
    }
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = started ? null : /listening on (http:\/\/\S+)/.exec(line);
      const ready = !started && options.readyLine?.test(line);
      if (!match?.[1] && !ready) return onLine(line);
      started = true;
      clearTimeout(timer);
      resolve(match?.[1] ?? '');
    });
    child.once('exit', (code, signal) => fail(`exited early (${signal ?? code})`));
    child.once('error', (error) => fail(error.message));
  });

  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`[${label}] exited unexpectedly (${signal ?? code})`);
  });

  return {
    process: child,
    pid: child.pid!,
    url,
    inspectorUrl,
    quietLines: () => quiet,
    async stop() {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => {
        console.error(`[${label}] still running 10 s after SIGTERM: killed`);
        child.kill('SIGKILL');
      }, 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/** Runs `task` over `items` with at most `limit` in flight. */
export async function inBatches<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await task(item);
    }
  });
  await Promise.all(lanes);
}

export const round = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

/** What the child's V8 heap holds once a full collection has run. */
export interface HeapAfterGc {
  usedKiB: number;
  rssKiB: number;
}

/** A DevTools protocol session on a child started with `inspect`: `send` one method at a time. */
async function inspectorSession<T>(
  child: NodeChild,
  use: (send: (method: string, params?: object) => Promise<Record<string, unknown>>) => Promise<T>,
): Promise<T> {
  if (!child.inspectorUrl) throw new Error('the child was started without an inspector');
  const socket = new WebSocket(child.inspectorUrl, { perMessageDeflate: false, maxPayload: 1024 * 1024 * 1024 });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  let nextId = 0;
  const send = (method: string, params: object = {}) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = ++nextId;
      const onMessage = (data: RawData) => {
        const message = JSON.parse(data.toString()) as { id?: number; result?: Record<string, unknown>; error?: { message: string } };
        if (message.id !== id) return;
        socket.off('message', onMessage);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result ?? {});
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    return await use(send);
  } finally {
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      socket.close();
    });
  }
}

/**
 * Forces a full garbage collection in a child started with `inspect`, then reads its heap
 * and resident memory, so memory per connection is not blurred by garbage awaiting collection.
 */
export function collectGarbage(child: NodeChild): Promise<HeapAfterGc> {
  return inspectorSession(child, async (send) => {
    await send('HeapProfiler.collectGarbage');
    await sleep(200);
    await send('HeapProfiler.collectGarbage');
    const usage = await send('Runtime.getHeapUsage');
    return { usedKiB: Number(usage.usedSize) / 1024, rssKiB: processUsage(child.pid).rssKiB };
  });
}

/**
 * A CPU profile of a child started with `inspect` while `during` runs, written to `file` (open
 * it in Chrome DevTools or speedscope), as `node --cpu-prof` would write it for the whole run.
 */
export async function profileDuring<T>(child: NodeChild, file: string, during: () => Promise<T>): Promise<T> {
  return inspectorSession(child, async (send) => {
    await send('Profiler.enable');
    await send('Profiler.setSamplingInterval', { interval: 500 });
    await send('Profiler.start');
    const result = await during();
    const { profile } = await send('Profiler.stop');
    await writeFile(file, JSON.stringify(profile));
    return result;
  });
}

export interface ServiceChild {
  server: NodeChild;
  redis: { url: string; prefix: string };
  apiKey: string;
  /** The run's scratch directory; the server's DATA_DIR is inside it. */
  dataDir: string;
}

/** GET of a service's path with its key: the body, or an error naming the answer. */
export async function get(api: ServiceChild, pathname: string): Promise<string> {
  const response = await request(`${api.server.url}${pathname}`, { headers: { 'x-api-key': api.apiKey } });
  const body = await response.body.text();
  if (response.statusCode !== 200) throw new Error(`GET ${pathname}: ${response.statusCode} ${body.slice(0, 300)}`);
  return body;
}

/** Polls a transcript (GET of its id path) every 100 ms until it is completed or failed, for at most 30 minutes. */
export async function finishedTranscript<T extends { status: string }>(service: ServiceChild, id: string): Promise<T> {
  const started = Date.now();
  for (;;) {
    const answer = await fetch(`${service.server.url}${id}`, { headers: { 'x-api-key': service.apiKey } });
    const body = (await answer.json()) as T;
    if (body.status === 'completed' || body.status === 'error') return body;
    if (Date.now() - started > 1_800_000) throw new Error('the transcript did not finish within 30 minutes');
    await sleep(100);
  }
}

/**
 * The service as a child process on its own redis-server and data directory, with a key
 * for `partner`; everything it made is removed by `cleanup`.
 */
export async function startService(
  cleanup: Cleanup,
  options: { label: string; partner: string; env?: Record<string, string>; inspect?: boolean; quiet?: RegExp },
): Promise<ServiceChild> {
  const redis = await startTestRedis();
  cleanup.add(() => redis.stop());
  const dataDir = await mkdtemp(path.join(tmpdir(), `persona-${options.label}-`));
  cleanup.add(() => rm(dataDir, { recursive: true, force: true }));
  const keyRedis = new Redis(redis.url);
  const apiKey = (await new ApiKeyService(keyRedis, new KeySpace(redis.prefix)).create([options.partner], options.label)).key;
  keyRedis.disconnect();
  buildService();
  const server = await startNodeChild(options.label, SERVICE_ENTRY, {
    cwd: ROOT,
    inspect: options.inspect,
    quiet: options.quiet,
    env: {
      ...inheritedEnv(),
      PORT: '0',
      HOST: '127.0.0.1',
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
      DATA_DIR: path.join(dataDir, 'server'),
      // The limit itself never binds a bench run; how it is counted stays the default.
      RATE_LIMIT_PER_MINUTE: '100000000',
      // The bench's one key holds every subscription of the run.
      LIVE_MAX_SUBSCRIPTIONS_PER_KEY: '100000000',
      ...options.env,
    },
  });
  cleanup.add(() => server.stop());
  return { server, redis: { url: redis.url, prefix: redis.prefix }, apiKey, dataDir };
}

/** Only what node and tsx need, so a developer's own service settings cannot leak into a run. */
export function inheritedEnv(): Record<string, string> {
  const names = ['PATH', 'HOME', 'TMPDIR', 'LANG'];
  return Object.fromEntries(names.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
}
