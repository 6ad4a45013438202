import { spawn } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir } from '../support/audio';
import { startAppProcess } from '../support/app-process';
import { freePort } from '../support/redis-server';
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
    // A closed port stands in for the default address: this machine runs a Redis on 6379.
    const closed = await freePort();
    const app = await startAppProcess({
      REDIS_URL: '',
      REDIS_DEFAULT_URL: `redis://127.0.0.1:${closed}`,
      DATA_DIR: dataDir,
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
});
