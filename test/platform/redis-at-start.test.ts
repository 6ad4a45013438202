import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir } from '../support/audio';
import { startAppProcess } from '../support/app-process';
import { embeddedRedisEnv, freePort, startTestRedis } from '../support/redis-server';
import { restClient } from '../support/rest-client';
import { probeRedis } from '../../src/store/embedded-redis';

const ADMIN_KEY = 'admin-key-for-the-start-tests';

describe('Redis at start', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await makeTempDir('redis-at-start-');
  });
  afterAll(async () => {
    await removeDir(dir);
  });

  it('without REDIS_URL and with nothing at the default address, runs an embedded Redis and stops it on SIGTERM', async () => {
    const dataDir = join(dir, 'newcomer');
    const port = await freePort();
    const app = await startAppProcess({
      ...(await embeddedRedisEnv(dataDir)),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      ADMIN_API_KEY: ADMIN_KEY,
    });
    try {
      const line = /started an embedded Redis on 127\.0\.0\.1:(\d+)/.exec(app.output());
      expect(line, app.output()).not.toBeNull();
      const embeddedUrl = `redis://127.0.0.1:${line![1]}`;
      const voices = await restClient(`http://127.0.0.1:${port}`, ADMIN_KEY)('GET', '/api/voices/acme');
      expect(voices.status).toBe(200);
      expect(voices.body).toEqual([]);
      const files = await readdir(join(dataDir, 'redis'), { recursive: true });
      expect(
        files.some((file) => /\.aof$/.test(file)),
        files.join(', '),
      ).toBe(true);
      expect((await probeRedis(embeddedUrl)).ok).toBe(true);

      app.kill('SIGTERM');
      expect(await app.exited).toBe(0);
      expect(await probeRedis(embeddedUrl)).toEqual({ ok: false, reason: 'ECONNREFUSED' });
    } finally {
      app.kill('SIGKILL');
    }
  });

  it('with REDIS_URL at a closed port, says so in one line without a stack trace, and exits non-zero when told to', async () => {
    const closed = await freePort();
    const env = {
      ...process.env,
      REDIS_URL: `redis://127.0.0.1:${closed}`,
      REDIS_UNREACHABLE_AT_START: 'exit',
      DATA_DIR: join(dir, 'exit'),
      PORT: '0',
      HOST: '127.0.0.1',
    };
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
    expect(code).not.toBe(0);
    const lines = `${stdout}${stderr}`.trim().split('\n');
    expect(lines).toEqual([`REDIS_URL (127.0.0.1:${closed}) does not answer (ECONNREFUSED); exiting (REDIS_UNREACHABLE_AT_START=exit).`]);
    expect(stderr).not.toMatch(/^\s+at /m);
  });

  it('keeps the embedded Redis at one address per DATA_DIR, names it, and the key CLI writes there', async () => {
    const dataDir = join(dir, 'stable');
    const closed = await freePort();
    const env = { REDIS_URL: '', REDIS_DEFAULT_URL: `redis://127.0.0.1:${closed}`, DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_LEVEL: 'silent' };
    const addresses: string[] = [];
    for (let start = 0; start < 2; start++) {
      const port = await freePort();
      const app = await startAppProcess({ ...env, PORT: String(port) });
      try {
        const named = /^Redis (127\.0\.0\.1:\d+) \(embedded, DATA_DIR [^)]+\), key prefix persona$/m.exec(app.output());
        expect(named, app.output()).not.toBeNull();
        addresses.push(named![1]!);
        // The CLI, given only the same DATA_DIR, finds that Redis, says so, and the service takes the key at once.
        const created = await cli(['create', '--partner', 'acme'], env);
        expect(created.stdout.split('\n')[0]).toBe(`Redis ${named![1]} (embedded, DATA_DIR ${dataDir}), key prefix persona`);
        const key = created.stdout.trim().split('\n').at(-1)!;
        expect((await restClient(`http://127.0.0.1:${port}`, key)('GET', '/api/voices/acme')).status).toBe(200);
      } finally {
        app.kill('SIGTERM');
        await app.exited;
      }
    }
    expect(addresses[1]).toBe(addresses[0]);
  });

  it('has the key CLI say which Redis it uses by REDIS_URL and by REDIS_DEFAULT_URL', async () => {
    const redis = await startTestRedis();
    try {
      const byUrl = await cli(['list'], { REDIS_URL: redis.url, REDIS_PREFIX: redis.prefix, DATA_DIR: join(dir, 'none') });
      expect(byUrl.stdout.split('\n')[0]).toBe(`Redis ${redis.url.slice('redis://'.length)} (REDIS_URL), key prefix ${redis.prefix}`);
      const byDefault = await cli(['list'], { REDIS_URL: '', REDIS_DEFAULT_URL: redis.url, REDIS_PREFIX: redis.prefix, DATA_DIR: join(dir, 'none') });
      expect(byDefault.stdout.split('\n')[0]).toBe(`Redis ${redis.url.slice('redis://'.length)} (REDIS_DEFAULT_URL), key prefix ${redis.prefix}`);
    } finally {
      await redis.stop();
    }
  });

  it('has the key CLI fail in one line within seconds when no Redis answers, and print its usage on --help', async () => {
    const closed = await freePort();
    const started = performance.now();
    const failed = await cli(['list'], { REDIS_URL: `redis://127.0.0.1:${closed}`, DATA_DIR: join(dir, 'none') }).catch(
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect((performance.now() - started) / 1000).toBeLessThan(15);
    expect(failed).toMatchObject({ code: 2 });
    expect(`${failed.stdout}${failed.stderr}`.trim().split('\n')).toEqual([
      `REDIS_URL (127.0.0.1:${closed}) does not answer (ECONNREFUSED): start that Redis, or set REDIS_URL to the one the service uses.`,
    ]);
    const help = await cli(['--help'], {});
    expect(help.stdout).toMatch(/^Usage:/);
    expect(help.stdout).toContain('REDIS_DEFAULT_URL');
  });
});

const run = promisify(execFile);

/** The key CLI as `npm run key` runs it, with `env` on top of this process's environment. */
function cli(args: string[], env: Record<string, string>) {
  return run(process.execPath, ['--import', 'tsx', 'src/cli/key.ts', ...args], { env: { ...process.env, ...env } });
}
