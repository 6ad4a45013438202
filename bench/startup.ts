import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startTestRedis } from '../test/support/redis-server';
import { inheritedEnv, percentile, ROOT, round, sleep } from './support';

const RUNS = 5;

export interface StartupFigures {
  buildSeconds: number;
  /** Milliseconds from spawning `npm start` to the first 200 of /healthz, one per run. */
  startMs: number[];
}

/**
 * Time from `npm start` to the first 200, as an operator sees it: the built server (the
 * build is timed apart), a private Redis, and /healthz polled every 10 ms from the spawn on.
 */
export async function benchStartup({ log }: { log: (line: string) => void }): Promise<StartupFigures> {
  const buildStarted = performance.now();
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
  const buildSeconds = (performance.now() - buildStarted) / 1000;

  const redis = await startTestRedis();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'persona-startup-'));
  const startMs: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const port = await freePort();
      const started = performance.now();
      const child = spawn('npm', ['start'], {
        cwd: ROOT,
        stdio: 'ignore',
        env: {
          ...inheritedEnv(),
          PORT: String(port),
          HOST: '127.0.0.1',
          REDIS_URL: redis.url,
          REDIS_PREFIX: `${redis.prefix}-${run}`,
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
        },
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        for (;;) {
          if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
          const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
            (response) => response.status === 200,
            () => false,
          );
          if (ok) break;
          if (performance.now() - started > 30_000) throw new Error('npm start gave no 200 within 30 s');
          await sleep(10);
        }
        startMs.push(performance.now() - started);
      } finally {
        child.kill('SIGTERM');
        await exited;
      }
    }
  } finally {
    await redis.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
  log(
    `npm run build: ${round(buildSeconds)} s; npm start to the first 200, ${RUNS} runs: median ${round(percentile(startMs, 50), 0)} ms, max ${round(Math.max(...startMs), 0)} ms`,
  );
  return { buildSeconds, startMs };
}
