import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTempDir, removeDir } from '../support/audio';
import { startAppProcess } from '../support/app-process';
import { startTestCluster } from '../support/redis-cluster';
import { startTestRedis, type TestRedis } from '../support/redis-server';
import { loadConfig } from '../../src/config/config';
import { redisConnectionOf } from '../../src/config/redis-connection';
import { startEmbeddedRedis } from '../../src/store/embedded-redis';
import { BULLMQ_EVICTION_WARNING, checkRedisSettings } from '../../src/store/redis-settings';

let redis: TestRedis;
let admin: Redis;
let dir: string;

beforeAll(async () => {
  redis = await startTestRedis();
  admin = new Redis(redis.url);
  dir = await makeTempDir('redis-settings-');
});
afterAll(async () => {
  await admin?.config('SET', 'maxmemory-policy', 'noeviction');
  admin?.disconnect();
  await redis?.stop();
  if (dir) await removeDir(dir);
});

const serviceEnv = (extra: Record<string, string> = {}) => ({
  ...redis.env,
  REDIS_PREFIX: redis.prefix,
  DATA_DIR: join(dir, 'data'),
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'silent',
  ...extra,
});

/** The service as a process that is expected to exit; its exit code and every line it printed. */
async function runToExit(env: Record<string, string>): Promise<{ code: number | null; lines: string[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // A service that starts instead of refusing is stopped, so the test fails on what it printed.
  const started = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
  clearTimeout(started);
  return { code, lines: output.trim().split('\n') };
}

describe('Redis settings at start', () => {
  it('refuses an evicting policy in one line that names it and the variable to go on', async () => {
    await admin.config('SET', 'maxmemory-policy', 'volatile-lru');
    const { code, lines } = await runToExit(serviceEnv());
    expect(code, lines.join('\n')).toBe(1);
    expect(lines.slice(1)).toEqual([
      'Redis settings: maxmemory-policy volatile-lru, persistence off (a restart of Redis loses every record and job)',
      `Redis ${redis.url.slice('redis://'.length)} (maxmemory-policy volatile-lru) evicts keys under memory pressure: records, indexes and queued jobs ` +
        'would vanish without an error. Set its maxmemory-policy to noeviction, or set REDIS_ALLOW_EVICTION=true to start anyway.',
    ]);
  });

  it("starts when REDIS_ALLOW_EVICTION says so, saying it once, without BullMQ's warning on every connection", async () => {
    await admin.config('SET', 'maxmemory-policy', 'allkeys-lru');
    const app = await startAppProcess(serviceEnv({ REDIS_ALLOW_EVICTION: 'true' }));
    try {
      // Workers open their blocking connections after the server listens.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const lines = app.output().split('\n');
      expect(lines.filter((line) => line.startsWith('Redis settings'))).toEqual([
        'Redis settings: maxmemory-policy allkeys-lru, persistence off (a restart of Redis loses every record and job); ' +
          'keys may be evicted under memory pressure (REDIS_ALLOW_EVICTION=true)',
      ]);
      expect(lines.filter((line) => /eviction policy/i.test(line))).toEqual([]);
    } finally {
      app.kill('SIGTERM');
      await app.exited;
    }
  });

  it('says noeviction and the persistence in one line', async () => {
    // The embedded Redis writes an append-only file, in its own directory.
    const embedded = await startEmbeddedRedis(join(dir, 'embedded'));
    try {
      const check = await checkRedisSettings(redisConnectionOf(loadConfig(serviceEnv({ REDIS_URL: embedded.url }))), false);
      expect(check).toEqual({ line: 'Redis settings: maxmemory-policy noeviction, persistence aof' });
    } finally {
      await embedded.stop();
    }
  });

  it('reads the policy from INFO where CONFIG is refused (a managed Redis), and still refuses eviction', async () => {
    await admin.config('SET', 'maxmemory-policy', 'allkeys-lfu');
    await admin.acl('SETUSER', 'limited', 'on', '>limited-password', '~*', '&*', '+@all', '-config');
    const [, address] = /^redis:\/\/(.*)$/.exec(redis.url)!;
    const check = await checkRedisSettings(redisConnectionOf(loadConfig(serviceEnv({ REDIS_URL: `redis://limited:limited-password@${address}` }))), false);
    expect(check.line).toBe('Redis settings: maxmemory-policy allkeys-lfu, persistence no aof, rdb not known');
    expect(check.refusal).toMatch(/^Redis \S+ \(maxmemory-policy allkeys-lfu\) evicts keys/);
  });

  it('checks every master of a Cluster and names the one that evicts', async () => {
    const cluster = await startTestCluster();
    try {
      const evicting = new Redis(cluster.nodeUrls[1]!);
      await evicting.config('SET', 'maxmemory-policy', 'allkeys-random');
      evicting.disconnect();
      const check = await checkRedisSettings(redisConnectionOf(loadConfig({ ...cluster.env, DATA_DIR: dir })), false);
      const node = cluster.nodeUrls[1]!.slice('redis://'.length);
      expect(check.line).toMatch(/^Redis settings \(3 masters\): /);
      expect(check.line).toContain(`${node} maxmemory-policy allkeys-random, persistence off`);
      expect(check.refusal).toMatch(new RegExp(`^Redis ${node.replace(/\./g, '\\.')} \\(maxmemory-policy allkeys-random\\) evicts keys`));
    } finally {
      await cluster.stop();
    }
  });
});

describe('BullMQ (contract: the warning the start-up check replaces)', () => {
  it('warns through console.warn with the text the service drops', async () => {
    await admin.config('SET', 'maxmemory-policy', 'allkeys-lru');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const queue = new Queue('contract', { connection: { host: '127.0.0.1', port: Number(new URL(redis.url).port) }, prefix: redis.prefix });
    try {
      await queue.waitUntilReady();
      expect(warn.mock.calls.map((call) => String(call[0]))).toContain(`${BULLMQ_EVICTION_WARNING} allkeys-lru. It should be "noeviction"`);
    } finally {
      warn.mockRestore();
      await queue.close();
    }
  });
});
