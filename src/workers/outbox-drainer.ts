import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Platform } from '../platform';
import { Outbox, type OutboxEntry } from '../store/outbox';
import { isRedisUnavailable } from '../store/redis';
import { onOneWorker, repeatEvery } from './maintenance';

/** Entries taken from an outbox at once. */
const BATCH = 100;
/** How often one worker of the fleet sweeps every outbox: for entries a dead drainer took, and writes no drainer heard of. */
const SWEEP_MS = 5_000;

export interface OutboxDrainer {
  /** Stops listening and sweeping, and waits for the drains under way. */
  stop(): Promise<void>;
}

/**
 * Hands what writes left in the outbox on (`handOn`: to the queues), on every worker process:
 * at once when a write announces its outbox, and in a sweep by one worker every SWEEP_MS. An
 * entry goes to one drainer (the outbox's consumer group) and leaves the outbox once handed on;
 * one whose drainer died on the way is taken over by the sweep, which also forgets the
 * consumers of drainers long idle with nothing pending (those of dead processes). An entry that cannot be handed
 * on for a reason other than Redis (it no longer parses) would fail forever: it is logged whole
 * and dropped.
 */
export function startOutboxDrainer(platform: Platform, handOn: (entry: string) => Promise<void>): OutboxDrainer {
  const { records, events, logger } = platform;
  const { outbox } = records;
  const consumer = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const running = new Map<string, Promise<void>>();
  /** Outboxes announced (or swept) again while being drained, drained once more after; true when the sweep asked. */
  const again = new Map<string, boolean>();

  const drain = (key: string, abandoned: boolean): Promise<void> => {
    const current = running.get(key);
    if (current) {
      again.set(key, again.get(key) === true || abandoned);
      return current;
    }
    const run = (async () => {
      for (let withAbandoned: boolean | undefined = abandoned; withAbandoned !== undefined; withAbandoned = again.get(key)) {
        again.delete(key);
        const options = { abandoned: withAbandoned };
        for (let taken = await outbox.take(key, consumer, BATCH, options); taken.length > 0; taken = await outbox.take(key, consumer, BATCH, options)) {
          await outbox.settle(await handOnEach(taken));
        }
      }
    })().finally(() => running.delete(key));
    running.set(key, run);
    return run;
  };

  const handOnEach = async (entries: OutboxEntry[]): Promise<OutboxEntry[]> => {
    for (const entry of entries) {
      try {
        await handOn(entry.entry);
      } catch (error) {
        // Left in the outbox, taken over by a later sweep.
        if (isRedisUnavailable(error)) throw error;
        logger.error({ err: error, outbox: entry.key, entry: entry.entry }, 'outbox entry cannot be handed on; dropped');
      }
    }
    return entries;
  };

  const report = (error: unknown) => logger.error({ err: error }, 'outbox drain failed; the next sweep takes it up');
  const listening = events.listen(Outbox.TOPIC, (announced) => {
    drain((announced as unknown as { key: string }).key, false).catch(report);
  });
  const sweeping = repeatEvery(
    SWEEP_MS,
    () =>
      onOneWorker(platform, 'outbox-sweep', SWEEP_MS, async () => {
        for (const key of await outbox.outboxKeys()) {
          await drain(key, true);
          await outbox.forgetIdleConsumers(key);
          await outbox.forgetIfEmpty(key);
        }
      }),
    report,
  );

  return {
    async stop() {
      await listening.then((unlisten) => unlisten()).catch(() => undefined);
      await sweeping.stop();
      await Promise.allSettled(running.values());
    },
  };
}
