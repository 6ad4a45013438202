import { readdir, readFile, readlink, realpath } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeDir } from '../support/audio';
import { startAppProcess, type AppProcess } from '../support/app-process';
import { embeddedRedisEnv, freePort } from '../support/redis-server';
import { restClient } from '../support/rest-client';
import { waitFor } from '../support/wait-for';
import { probeRedis } from '../../src/store/embedded-redis';

const ADMIN_KEY = 'admin-key-for-the-embedded-redis-tests';

let dir: string;

beforeAll(async () => {
  dir = await makeTempDir('embedded-redis-');
});
afterAll(async () => {
  // A test that failed half-way may have left a server running over its directory.
  for (const pid of await redisServersIn(dir)) process.kill(pid, 'SIGKILL');
  await removeDir(dir);
});

/** The redis-server processes working in `under` or below it (Redis changes into its data directory). */
async function redisServersIn(under: string): Promise<number[]> {
  const root = await realpath(under);
  const pids: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const [name, cwd] = await Promise.all([readFile(`/proc/${entry}/comm`, 'utf8').catch(() => ''), readlink(`/proc/${entry}/cwd`).catch(() => '')]);
    if (name.trim() === 'redis-server' && (cwd === root || cwd.startsWith(`${root}/`))) pids.push(Number(entry));
  }
  return pids;
}

async function configuredDir(url: string): Promise<string> {
  const client = new Redis(url);
  try {
    return ((await client.config('GET', 'dir')) as string[])[1]!;
  } finally {
    client.disconnect();
  }
}

/** A service without REDIS_URL and with nothing at the default address: it runs an embedded Redis over DATA_DIR/redis. */
async function newcomer(dataDir: string, options: { via?: 'node' | 'npm'; ownGroup?: boolean } = {}, extraEnv: Record<string, string> = {}) {
  const port = await freePort();
  const env = { ...(await embeddedRedisEnv(dataDir)), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', ADMIN_API_KEY: ADMIN_KEY };
  const app = await startAppProcess({ ...env, ...extraEnv }, options);
  const line = /(started an embedded Redis|took over the embedded Redis left running) on 127\.0\.0\.1:(\d+)/.exec(app.output());
  expect(line, app.output()).not.toBeNull();
  return { app, port, how: line![1]!, redisUrl: `redis://127.0.0.1:${line![2]}`, call: restClient(`http://127.0.0.1:${port}`, ADMIN_KEY) };
}

async function ended(app: AppProcess): Promise<void> {
  await Promise.race([app.exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
}

describe('the embedded Redis', () => {
  it('left running by a service killed with SIGKILL is taken over by the next start, never doubled', async () => {
    const dataDir = join(dir, 'killed');
    const first = await newcomer(dataDir);
    let second: Awaited<ReturnType<typeof newcomer>> | undefined;
    try {
      expect(first.how).toBe('started an embedded Redis');
      const writer = new Redis(first.redisUrl);
      await writer.set('left-by-the-first', 'yes');
      writer.disconnect();
      first.app.kill('SIGKILL');
      await first.app.exited;
      // Nothing could stop it: its service died at once.
      expect(await redisServersIn(dataDir)).toHaveLength(1);

      second = await newcomer(dataDir);
      expect(second.how).toBe('took over the embedded Redis left running');
      expect(second.redisUrl).toBe(first.redisUrl);
      expect(await redisServersIn(dataDir)).toHaveLength(1);
      expect(await configuredDir(second.redisUrl)).toBe(await realpath(join(dataDir, 'redis')));
      const client = new Redis(second.redisUrl);
      expect(await client.get('left-by-the-first')).toBe('yes');
      client.disconnect();
      expect((await second.call('GET', '/api/voices/acme')).status).toBe(200);

      // The service that took it over stops it as its own.
      second.app.kill('SIGTERM');
      expect(await second.app.exited).toBe(0);
      expect(await redisServersIn(dataDir)).toEqual([]);
      expect(await probeRedis(second.redisUrl)).toEqual({ ok: false, reason: 'ECONNREFUSED' });
    } finally {
      first.app.kill('SIGKILL');
      second?.app.kill('SIGKILL');
    }
  });

  it('is stopped after a Ctrl-C on npm start that reaches the service again while it drains', async () => {
    const dataDir = join(dir, 'interrupted');
    const { app, port, redisUrl } = await newcomer(dataDir, { via: 'npm', ownGroup: true }, { SHUTDOWN_GRACE_SECONDS: '3' });
    // An upload that never ends keeps the drain busy for its grace period.
    const upload = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/voices/acme',
      headers: { 'x-api-key': ADMIN_KEY, 'content-type': 'multipart/form-data; boundary=cut', 'content-length': '1000000' },
    });
    upload.on('error', () => undefined);
    upload.write(
      '--cut\r\nContent-Disposition: form-data; name="name"\r\n\r\nSlow\r\n--cut\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\n\r\n',
    );
    try {
      expect(await redisServersIn(dataDir)).toHaveLength(1);
      // A terminal's Ctrl-C signals the whole foreground group: npm, which forwards it to the
      // service, and the service itself. Pressed again while the service drains.
      app.killGroup('SIGINT');
      await waitFor(
        async () => app.output(),
        (output) => output.includes('SIGINT: draining'),
        10_000,
      );
      app.killGroup('SIGINT');
      await ended(app);
      await waitFor(
        () => redisServersIn(dataDir),
        (pids) => pids.length === 0,
        10_000,
      );
      expect(await probeRedis(redisUrl)).toEqual({ ok: false, reason: 'ECONNREFUSED' });
      // It drained to the end: neither killed by the second signal nor failing on the way.
      expect(app.output()).toContain('SIGINT: already draining');
      expect(app.output()).not.toMatch(/error/i);
    } finally {
      upload.destroy();
      app.kill('SIGKILL');
    }
  });
});
