import { toolsCheck } from '../domain/engines/audio-tools';
import type { EngineCatalog, EngineDescription } from '../domain/engines/engine-catalog';
import { storageFailureOf } from '../domain/shared/storage-failure';
import type { Platform } from '../platform';

export interface Readiness {
  ready: boolean;
  /** Each check's outcome: `ok`, or why it failed. */
  checks: Record<string, string>;
  /** The engines as configured: shown, never a reason to be unready, since each is optional. */
  engines: readonly EngineDescription[];
}

/**
 * Whether this process can serve requests now: Redis answers, the data directory takes a
 * write of a few kilobytes (a full disk refuses it as it refuses an upload), so does the object
 * storage when blobs live there, and ffmpeg and ffprobe were found at start (`audioTools`).
 * Liveness (`/healthz`) asks less: a process that waits for Redis to come back is alive and
 * should not be restarted.
 */
export async function checkReadiness(platform: Pick<Platform, 'redis' | 'blobs'>, catalog: Pick<EngineCatalog, 'engines' | 'tools'>): Promise<Readiness> {
  const probes: Record<string, () => Promise<unknown>> = { redis: () => platform.redis.commands.ping(), ...platform.blobs.readinessProbes() };
  const names = Object.keys(probes);
  const outcomes = await Promise.allSettled(names.map((name) => probes[name]!()));
  const checks = Object.fromEntries(outcomes.map((outcome, at) => [names[at]!, outcome.status === 'fulfilled' ? 'ok' : whyFailed(outcome.reason)]));
  checks.audioTools = toolsCheck(catalog.tools);
  return { ready: Object.values(checks).every((outcome) => outcome === 'ok'), checks, engines: catalog.engines };
}

/** In the service's words where it has them (a full disk), else the probe's own. */
function whyFailed(reason: unknown): string {
  return storageFailureOf(reason)?.message ?? String((reason as Error | undefined)?.message ?? reason);
}
