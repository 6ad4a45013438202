import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freeLocalPort as freePort } from '../../src/store/embedded-redis';

export { freePort };

export interface TestRedis {
  url: string;
  /** A prefix unique to this test file, so even a shared Redis keeps runs apart. */
  prefix: string;
  /** The service's environment that points it at this Redis (REDIS_URL, or REDIS_CLUSTER_NODES). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/**
 * A private redis-server on a free port for one test file; where the binary is missing,
 * the shared Redis with a unique prefix that is deleted afterwards.
 */
export async function startTestRedis(): Promise<TestRedis> {
  const prefix = `test-${randomUUID().slice(0, 8)}`;
  if (!hasRedisServer) {
    const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    return {
      url,
      prefix,
      env: { REDIS_URL: url },
      async stop() {
        const redis = new Redis(url);
        const keys = await redis.keys(`${prefix}:*`);
        if (keys.length > 0) await redis.del(...keys);
        redis.disconnect();
      },
    };
  }
  const port = await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const url = `redis://127.0.0.1:${port}`;
  const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => 50, maxRetriesPerRequest: null });
  probe.on('error', () => undefined);
  await probe.connect().catch(() => undefined);
  await probe.ping();
  probe.disconnect();
  return {
    url,
    prefix,
    env: { REDIS_URL: url },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The environment of a service that runs an embedded Redis over `dataDir`: no REDIS_URL, and
 * nothing at the default address (a closed port stands in for it: this machine may run a Redis
 * on 6379).
 */
export async function embeddedRedisEnv(dataDir: string): Promise<Record<string, string>> {
  return { REDIS_URL: '', REDIS_DEFAULT_URL: `redis://127.0.0.1:${await freePort()}`, DATA_DIR: dataDir };
}

export interface RestartableRedis extends TestRedis {
  /** Saves the data and stops the server: clients see connections refused. */
  down(): Promise<void>;
  /** Starts the server again on the same port with the saved data. */
  up(): Promise<void>;
}

/** A private redis-server that a test can stop and start again under traffic, keeping its data. */
export async function startRestartableRedis(): Promise<RestartableRedis> {
  if (!hasRedisServer) throw new Error('redis-server is required to stop and restart Redis');
  const prefix = `test-${randomUUID().slice(0, 8)}`;
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'redis-restartable-'));
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const up = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
    await untilAnswering(url);
  };
  const down = async () => {
    if (child) await shutDownSaving(child, url);
  };
  await up();
  return {
    url,
    prefix,
    env: { REDIS_URL: url },
    up,
    down,
    async stop() {
      await down();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until a redis-server just spawned at `url` answers a PING. */
export async function untilAnswering(url: string): Promise<void> {
  const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => 50, maxRetriesPerRequest: null });
  probe.on('error', () => undefined);
  await probe.connect().catch(() => undefined);
  await probe.ping();
  probe.disconnect();
}

/** Stops a running redis-server as an outage would, saving its data for the restart. */
export async function shutDownSaving(child: ChildProcess, url: string): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const admin = new Redis(url, { maxRetriesPerRequest: 0 });
  admin.on('error', () => undefined);
  await admin.call('SHUTDOWN', 'SAVE').catch(() => undefined);
  admin.disconnect();
  await exited;
}
