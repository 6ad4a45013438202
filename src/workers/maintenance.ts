import { randomUUID } from 'node:crypto';
import type { Platform } from '../platform';
import { settlesWithin } from '../store/deadline';
import { sweepOrphans } from './orphan-sweep';
import type { InFlightRule } from '../domain/shared/queued-work';
import { reconcile } from './reconciler';

export interface Repeating {
  /** Stops the schedule and waits for a run in progress, a few seconds at most. */
  stop(): Promise<void>;
}

/**
 * How long stopping waits for a run in progress. Runs are idempotent, so one left unfinished
 * at shutdown is done again by the next; while Redis is down, a run waits on BullMQ's
 * connections, which wait for Redis as long as it takes.
 */
const STOP_WAIT_MS = 2_000;

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
      await settlesWithin(current, STOP_WAIT_MS);
    },
  };
}

/**
 * Runs `task` unless another process holds the lease of `name`; the lease lasts `leaseMs` (one
 * interval of the task) and is renewed while the task runs, and is not given back when it
 * ends: whichever worker comes first runs the task once per interval for the whole fleet.
 */
export async function onOneWorker(platform: Platform, name: string, leaseMs: number, task: () => Promise<unknown>): Promise<boolean> {
  const { redis, keys } = platform;
  const lease = keys.key('maintenance', name);
  const token = randomUUID();
  if ((await redis.commands.set(lease, token, 'PX', leaseMs, 'NX')) !== 'OK') return false;
  const renew = setInterval(
    () => void redis.commands.eval(RENEW_LEASE, 1, lease, token, String(leaseMs)).catch(() => undefined),
    Math.max(1_000, leaseMs / 3),
  ).unref();
  try {
    await task();
  } finally {
    clearInterval(renew);
  }
  return true;
}

const RENEW_LEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;

/** How often the upkeep runs and what it spares; from the configuration, handed down by the composition root. */
export interface MaintenanceSchedule {
  /** Between two reconciler runs (RECONCILE_INTERVAL_SECONDS). */
  reconcileEveryMs: number;
  /** The age below which the reconciler leaves an in-progress record alone: its job may be about to be added (RECONCILE_GRACE_SECONDS). */
  reconcileGraceMs: number;
  /** Between two orphan sweeps (ORPHAN_SWEEP_INTERVAL_SECONDS). */
  sweepEveryMs: number;
  /** The age from which a file no record references, or an abandoned scratch file, is deleted (ORPHAN_MAX_AGE_SECONDS). */
  orphanMaxAgeMs: number;
}

/**
 * The worker role's upkeep: the reconciler and the orphan sweep, each at start and then
 * periodically, each run by one worker of the fleet per interval.
 */
export function startMaintenance(platform: Platform, inFlight: readonly InFlightRule[], schedule: MaintenanceSchedule): Repeating {
  const { logger } = platform;
  const { reconcileEveryMs, sweepEveryMs } = schedule;
  const loops = [
    repeatEvery(
      reconcileEveryMs,
      () => onOneWorker(platform, 'reconcile', reconcileEveryMs, () => reconcile(platform, inFlight, schedule.reconcileGraceMs)),
      (error) => logger.error({ err: error }, 'reconciler run failed'),
    ),
    repeatEvery(
      sweepEveryMs,
      () => onOneWorker(platform, 'orphan-sweep', sweepEveryMs, () => sweepOrphans(platform, schedule.orphanMaxAgeMs)),
      (error) => logger.error({ err: error }, 'orphan sweep failed'),
    ),
  ];
  return { stop: async () => void (await Promise.all(loops.map((loop) => loop.stop()))) };
}

/**
 * Every role keeps its own scratch paths (uploads, job work directories) fresh, well
 * within the sweep's age, so no sweep in any process takes a file still in use.
 */
export function keepScratchLeases(platform: Platform, schedule: Pick<MaintenanceSchedule, 'orphanMaxAgeMs'>): Repeating {
  return repeatEvery(
    Math.min(schedule.orphanMaxAgeMs / 4, 60_000),
    () => platform.blobs.scratch.renewLeases(),
    (error) => platform.logger.error({ err: error }, 'scratch lease renewal failed'),
  );
}
