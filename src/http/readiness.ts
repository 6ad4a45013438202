import { rm, writeFile } from 'node:fs/promises';
import type { Platform } from '../platform';

export interface Readiness {
  ready: boolean;
  /** Each check's outcome: `ok`, or why it failed. */
  checks: Record<string, string>;
}

/**
 * Whether this process can serve requests now: Redis answers and the data directory takes
 * a write. Liveness (`/healthz`) asks less: a process that waits for Redis to come back is
 * alive and should not be restarted.
 */
export async function checkReadiness(platform: Pick<Platform, 'redis' | 'blobs'>): Promise<Readiness> {
  const outcomes = await Promise.allSettled([
    platform.redis.commands.ping(),
    (async () => {
      const probe = platform.blobs.tmpPath('.readyz');
      await writeFile(probe, '');
      await rm(probe, { force: true });
    })(),
  ]);
  const [redis, dataDir] = outcomes.map((outcome) => (outcome.status === 'fulfilled' ? 'ok' : String((outcome.reason as Error)?.message ?? outcome.reason)));
  const checks = { redis: redis!, dataDir: dataDir! };
  return { ready: Object.values(checks).every((outcome) => outcome === 'ok'), checks };
}
