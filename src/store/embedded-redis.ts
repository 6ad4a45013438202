import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, realpath, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { Redis } from 'ioredis';

/** Whether something answers PING at a Redis URL; the reason in words when nothing does. */
export async function probeRedis(url: string): Promise<{ ok: true } | { ok: false; reason: string }> {
  const client = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 0, connectTimeout: 1_000, enableOfflineQueue: false });
  // The socket's own error (ECONNREFUSED, ENOTFOUND) says more than the rejection, which
  // only reports that the connection closed.
  let socketError: unknown;
  client.on('error', (error) => (socketError ??= error));
  try {
    await client.connect();
    await client.ping();
    return { ok: true };
  } catch (error) {
    const cause = (socketError ?? error) as { code?: string; message?: string };
    return { ok: false, reason: cause.code ?? cause.message ?? 'unknown error' };
  } finally {
    client.disconnect();
  }
}

/** Where a URL points, for messages: host and port, never the password. */
export function redisAddress(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || 6379}`;
}

export interface EmbeddedRedis {
  url: string;
  dataDir: string;
  /** Found running over this data directory (its service ended without stopping it) rather than started. */
  adopted: boolean;
  stop(): Promise<void>;
  /** For the process 'exit' event, where nothing can be awaited. */
  kill(): void;
}

export function redisServerAvailable(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** A TCP port nothing listens on at this moment, on the loopback interface. */
export async function freeLocalPort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Whether nothing listens on a loopback port now. */
async function portIsFree(port: number): Promise<boolean> {
  return new Promise((answer) => {
    const server = createServer();
    server.once('error', () => answer(false));
    server.listen(port, '127.0.0.1', () => server.close(() => answer(true)));
  });
}

/** Where the embedded Redis of a data directory keeps its files, and the port it listens on. */
function embeddedPaths(dataDir: string) {
  const dir = resolve(dataDir, 'redis');
  return { dir, portFile: resolve(dir, 'port') };
}

async function recordedPort(dataDir: string): Promise<number | null> {
  const text = await readFile(embeddedPaths(dataDir).portFile, 'utf8').catch(() => '');
  const port = Number(text.trim());
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : null;
}

/**
 * The redis-server listening at `url` when it is the one over `dir` (its `dir` setting, where
 * its append-only file lives), with its process id; null when nothing answers there, or
 * another server does (another DATA_DIR's, or one that took the port since). It may still be
 * loading its data: CONFIG and INFO answer meanwhile, and it is the one all the same.
 */
async function serverOver(url: string, dir: string): Promise<{ url: string; pid: number } | null> {
  const client = new Redis(url, {
    lazyConnect: true,
    enableReadyCheck: false,
    retryStrategy: () => null,
    maxRetriesPerRequest: 0,
    connectTimeout: 1_000,
    enableOfflineQueue: false,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    // Redis reports the directory it changed into, with symbolic links resolved.
    const [, served] = (await client.config('GET', 'dir')) as string[];
    if (served !== (await realpath(dir))) return null;
    return { url, pid: Number(/^process_id:(\d+)/m.exec(await client.info('server'))?.[1]) };
  } catch {
    return null;
  } finally {
    client.disconnect();
  }
}

/**
 * The URL of the embedded Redis of `dataDir` when one is running (started by a service
 * with that DATA_DIR): the key CLI uses it, so a key lands where that service reads it.
 */
export async function runningEmbeddedRedis(dataDir: string): Promise<string | null> {
  const port = await recordedPort(dataDir);
  if (port === null) return null;
  return (await serverOver(`redis://127.0.0.1:${port}`, embeddedPaths(dataDir).dir))?.url ?? null;
}

/**
 * The port for a new embedded Redis: the recorded one while it is free, else a free one, then
 * recorded. The first record is made only if none exists, so two services started at once
 * with a new DATA_DIR pick the same port: one of their servers cannot bind it, and that
 * service adopts the other's.
 */
async function portFor(dataDir: string): Promise<number> {
  const { portFile } = embeddedPaths(dataDir);
  const recorded = await recordedPort(dataDir);
  if (recorded !== null && (await portIsFree(recorded))) return recorded;
  const port = await freeLocalPort();
  try {
    await writeFile(portFile, `${port}\n`, { flag: recorded === null ? 'wx' : 'w' });
    return port;
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
    return (await recordedPort(dataDir)) ?? port;
  }
}

/**
 * A private redis-server for a newcomer's `npm start`: reachable only from this machine,
 * persisting to an append-only file under DATA_DIR/redis so jobs and records survive a
 * restart. Its port is chosen once and recorded there (DATA_DIR/redis/port), so every start
 * with the same DATA_DIR uses the same address, and the key CLI finds it; another port is
 * chosen (and recorded) only when something else holds that one. A server still running over
 * that directory (its service was killed with SIGKILL) is adopted, never doubled: two servers
 * appending to one file would corrupt it.
 */
export async function startEmbeddedRedis(dataDir: string): Promise<EmbeddedRedis> {
  const { dir } = embeddedPaths(dataDir);
  await mkdir(dir, { recursive: true });
  const recorded = await recordedPort(dataDir);
  const deadline = Date.now() + 10_000;
  const running = recorded === null ? null : await serverOver(`redis://127.0.0.1:${recorded}`, dir);
  if (running) return serving(owning(running, dir, true), deadline);
  const port = await portFor(dataDir);
  // Its own process group: a Ctrl-C in the terminal reaches the service only, which drains
  // its jobs into Redis first and then stops Redis itself.
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--appendonly', 'yes', '--save', '', '--dir', dir], {
    stdio: 'ignore',
    detached: true,
  });
  const url = `redis://127.0.0.1:${port}`;
  for (;;) {
    // Ours, or another service's that took the port first (ours then exits, unable to bind it).
    const answering = await serverOver(url, dir);
    if (answering) return serving(owning(answering, dir, answering.pid !== child.pid), deadline);
    if (Date.now() > deadline || ((child.exitCode !== null || child.signalCode !== null) && (await portIsFree(port)))) {
      child.kill('SIGKILL');
      throw new Error(`The embedded redis-server did not start on 127.0.0.1:${port}`);
    }
    await sleep(100);
  }
}

/**
 * The embedded Redis as this service's to stop: by its process id, which works in the 'exit'
 * event too and whether this process started it or adopted it. Redis ends on SIGTERM after
 * writing its append-only file out.
 */
function owning(server: { url: string; pid: number }, dir: string, adopted: boolean): EmbeddedRedis {
  const signal = () => {
    try {
      process.kill(server.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  return {
    url: server.url,
    dataDir: dir,
    adopted,
    async stop() {
      signal();
      while (isRunning(server.pid)) await sleep(50);
    },
    kill: signal,
  };
}

/** The embedded Redis once it serves (it loads its append-only file first); stopped when it does not in time. */
async function serving(embedded: EmbeddedRedis, deadline: number): Promise<EmbeddedRedis> {
  while (!(await probeRedis(embedded.url)).ok) {
    if (Date.now() > deadline) {
      await embedded.stop();
      throw new Error(`The embedded redis-server on ${redisAddress(embedded.url)} did not start serving in time`);
    }
    await sleep(100);
  }
  return embedded;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((wake) => setTimeout(wake, ms));

export class RedisUnreachable extends Error {}

/** Which rule chose the Redis in use: named in the start-up log and by the key CLI. */
export type RedisSource = 'REDIS_URL' | 'REDIS_DEFAULT_URL' | 'embedded' | 'REDIS_CLUSTER_NODES';

export interface RedisAtStart {
  url: string;
  source: RedisSource;
  embedded?: EmbeddedRedis;
}

/** The Redis in use, in words for a log line: its address and the rule that chose it, never credentials. */
export function describeRedis(choice: { url: string; source: RedisSource }, prefix: string, dataDir?: string): string {
  const where = choice.source === 'embedded' ? `embedded, DATA_DIR ${dataDir ?? '?'}` : choice.source;
  const address = choice.source === 'REDIS_CLUSTER_NODES' ? `Cluster, seed ${redisAddress(choice.url)}` : redisAddress(choice.url);
  return `Redis ${address} (${where}), key prefix ${prefix}`;
}

/**
 * The Redis a tool such as the key CLI must use: the one a service with the same settings
 * uses, found by the same rules, without starting one. REDIS_URL when set; else the embedded
 * Redis of the same DATA_DIR while it runs (a service uses it only when nothing answered at
 * the default address when it started); else REDIS_DEFAULT_URL. Nothing answering is one
 * RedisUnreachable naming the address and what to set.
 */
export async function findRedis(options: { url?: string; defaultUrl: string; dataDir: string }): Promise<{ url: string; source: RedisSource }> {
  if (options.url) {
    const given = await probeRedis(options.url);
    if (given.ok) return { url: options.url, source: 'REDIS_URL' };
    throw new RedisUnreachable(
      `REDIS_URL (${redisAddress(options.url)}) does not answer (${given.reason}): start that Redis, or set REDIS_URL to the one the service uses.`,
    );
  }
  const embedded = await runningEmbeddedRedis(options.dataDir);
  if (embedded) return { url: embedded, source: 'embedded' };
  const local = await probeRedis(options.defaultUrl);
  if (local.ok) return { url: options.defaultUrl, source: 'REDIS_DEFAULT_URL' };
  throw new RedisUnreachable(
    `No Redis answers: not at ${redisAddress(options.defaultUrl)} (REDIS_DEFAULT_URL, ${local.reason}), and no embedded Redis of DATA_DIR ${options.dataDir} is running. ` +
      'Start the service (npm start) with the same DATA_DIR, or set REDIS_URL to the Redis it uses.',
  );
}

/**
 * The Redis this process will use, decided once at start. With REDIS_URL set, only that
 * server: one line when it does not answer, then waiting with backoff (or, with `exit`, a
 * RedisUnreachable). Without it, the default address, or else an embedded redis-server.
 */
export async function redisAtStart(
  options: { url?: string; defaultUrl: string; dataDir: string; unreachable: 'wait' | 'exit' },
  say: (line: string) => void,
): Promise<RedisAtStart> {
  if (!options.url) {
    const local = await probeRedis(options.defaultUrl);
    if (local.ok) return { url: options.defaultUrl, source: 'REDIS_DEFAULT_URL' };
    if (redisServerAvailable()) {
      const embedded = await startEmbeddedRedis(options.dataDir);
      const how = embedded.adopted ? 'took over the embedded Redis left running on' : 'started an embedded Redis on';
      say(
        `REDIS_URL is not set and nothing answers at ${redisAddress(options.defaultUrl)}: ${how} ` +
          `${redisAddress(embedded.url)} (data in ${embedded.dataDir}), stopped with the service; npm run key finds it by DATA_DIR. Set REDIS_URL in production.`,
      );
      return { url: embedded.url, source: 'embedded', embedded };
    }
    return {
      source: 'REDIS_DEFAULT_URL',
      url: await reachable(
        'REDIS_URL is not set; the default Redis',
        options.defaultUrl,
        options.unreachable,
        say,
        local.reason,
        ' and redis-server is not on PATH',
      ),
    };
  }
  const first = await probeRedis(options.url);
  if (first.ok) return { url: options.url, source: 'REDIS_URL' };
  return { url: await reachable('REDIS_URL', options.url, options.unreachable, say, first.reason, ''), source: 'REDIS_URL' };
}

async function reachable(what: string, url: string, unreachable: 'wait' | 'exit', say: (line: string) => void, reason: string, note: string): Promise<string> {
  const line = `${what} (${redisAddress(url)}) does not answer (${reason})${note}`;
  if (unreachable === 'exit') throw new RedisUnreachable(`${line}; exiting (REDIS_UNREACHABLE_AT_START=exit).`);
  say(`${line}; retrying with backoff until it does.`);
  for (let delayMs = 500; !(await probeRedis(url)).ok; delayMs = Math.min(delayMs * 2, 30_000)) {
    await new Promise((wait) => setTimeout(wait, delayMs));
  }
  say(`Redis at ${redisAddress(url)} answers now.`);
  return url;
}
