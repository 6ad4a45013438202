import { describeEngines, type EngineDescription } from '../config/engines';
import type { Platform } from '../platform';

export interface Readiness {
  ready: boolean;
  /** Each check's outcome: `ok`, or why it failed. */
  checks: Record<string, string>;
  /** The engines as configured: shown, never a reason to be unready, since each is optional. */
  engines: EngineDescription[];
}

/**
 * Whether this process can serve requests now: Redis answers, the data directory takes a
 * write, and so does the object storage when blobs live there. Liveness (`/healthz`) asks
 * less: a process that waits for Redis to come back is alive and should not be restarted.
 */
export async function checkReadiness(platform: Pick<Platform, 'redis' | 'blobs' | 'config'>): Promise<Readiness> {
  const probes: Record<string, () => Promise<unknown>> = { redis: () => platform.redis.commands.ping(), ...platform.blobs.readinessProbes() };
  const names = Object.keys(probes);
  const outcomes = await Promise.allSettled(names.map((name) => probes[name]!()));
  const checks = Object.fromEntries(
    outcomes.map((outcome, at) => [names[at]!, outcome.status === 'fulfilled' ? 'ok' : String((outcome.reason as Error)?.message ?? outcome.reason)]),
  );
  return { ready: Object.values(checks).every((outcome) => outcome === 'ok'), checks, engines: describeEngines(platform.config) };
}
