import type { Platform } from '../platform';
import { sweepOrphans } from './orphan-sweep';
import { reconcile, type ReconcileSource } from './reconciler';

export interface Repeating {
  /** Stops the schedule and waits for a run in progress. */
  stop(): Promise<void>;
}

/** Runs `task` now and then `intervalMs` after each run ends, so runs never overlap. */
export function repeatEvery(intervalMs: number, task: () => Promise<unknown>, onError: (error: unknown) => void): Repeating {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  const tick = () => {
    current = task()
      .then(() => undefined, onError)
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs).unref();
      });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}

/** The worker role's upkeep: the reconciler and the orphan sweep, each at start and then periodically. */
export function startMaintenance(platform: Platform, sources: ReconcileSource[]): Repeating {
  const { config, logger } = platform;
  const loops = [
    repeatEvery(
      config.RECONCILE_INTERVAL_SECONDS * 1000,
      () => reconcile(platform, sources, config.RECONCILE_GRACE_SECONDS * 1000),
      (error) => logger.error({ err: error }, 'reconciler run failed'),
    ),
    repeatEvery(
      config.ORPHAN_SWEEP_INTERVAL_SECONDS * 1000,
      () => sweepOrphans(platform, config.ORPHAN_MAX_AGE_SECONDS * 1000),
      (error) => logger.error({ err: error }, 'orphan sweep failed'),
    ),
  ];
  return { stop: async () => void (await Promise.all(loops.map((loop) => loop.stop()))) };
}

/**
 * Every role keeps its own scratch paths (uploads, job work directories) fresh, well
 * within the sweep's age, so no sweep in any process takes a file still in use.
 */
export function keepScratchLeases(platform: Platform): Repeating {
  return repeatEvery(
    Math.min((platform.config.ORPHAN_MAX_AGE_SECONDS * 1000) / 4, 60_000),
    () => platform.blobs.scratch.renewLeases(),
    (error) => platform.logger.error({ err: error }, 'scratch lease renewal failed'),
  );
}
