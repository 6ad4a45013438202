import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
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

/**
 * A private redis-server for a newcomer's `npm start`: on a free local port, reachable only
 * from this machine, persisting to an append-only file under DATA_DIR/redis so jobs and
 * records survive a restart.
 */
export async function startEmbeddedRedis(dataDir: string): Promise<EmbeddedRedis> {
  const dir = resolve(dataDir, 'redis');
  await mkdir(dir, { recursive: true });
  const port = await freeLocalPort();
  // Its own process group: a Ctrl-C in the terminal reaches the service only, which drains
  // its jobs into Redis first and then stops Redis itself.
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--appendonly', 'yes', '--save', '', '--dir', dir], {
    stdio: 'ignore',
    detached: true,
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = `redis://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  while (!(await probeRedis(url)).ok) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The embedded redis-server did not start on 127.0.0.1:${port}`);
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  return {
    url,
    dataDir: dir,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    },
  };
}

export class RedisUnreachable extends Error {}

export interface RedisAtStart {
  url: string;
  embedded?: EmbeddedRedis;
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
    if (local.ok) return { url: options.defaultUrl };
    if (redisServerAvailable()) {
      const embedded = await startEmbeddedRedis(options.dataDir);
      say(
        `REDIS_URL is not set and nothing answers at ${redisAddress(options.defaultUrl)}: started an embedded Redis on ` +
          `${redisAddress(embedded.url)} (data in ${embedded.dataDir}), stopped with the service. Set REDIS_URL in production.`,
      );
      return { url: embedded.url, embedded };
    }
    return {
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
  if (first.ok) return { url: options.url };
  return { url: await reachable('REDIS_URL', options.url, options.unreachable, say, first.reason, '') };
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
