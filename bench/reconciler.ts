import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { checkTools } from '../src/app';
import { loadConfig } from '../src/config/config';
import { createPlatform } from '../src/platform';
import { createServices } from '../src/services';
import { reconcile } from '../src/workers/reconciler';
import { startTestRedis } from '../test/support/redis-server';
import { Cleanup, inBatches, round } from './support';

/** One reconciler run over idle records: what it sends to Redis, and how long it takes. */
export interface ReconcileCost {
  idleRecords: number;
  commands: number;
  milliseconds: number;
}

const RECONCILE_IDLE_COUNTS = [1_000, 100_000];
/** Voices created at once while seeding: enough to keep the connection's batches full. */
const SEED_CONCURRENCY = 500;

/**
 * The reconciler's cost as idle records grow: voices with no work under way, created through
 * the domain, on a redis-server of its own where nothing else runs, so Redis' own count
 * (total_commands_processed, the commands Lua scripts run included) is the run's. A first run
 * before any record opens the queues' connections, which the measured runs do not then pay for.
 */
export async function reconcileRuns(cleanup: Cleanup, log: (line: string) => void): Promise<ReconcileCost[]> {
  const redis = await startTestRedis();
  cleanup.add(() => redis.stop());
  const dataDir = await mkdtemp(path.join(tmpdir(), 'persona-reconcile-bench-'));
  cleanup.add(() => rm(dataDir, { recursive: true, force: true }));
  const config = loadConfig({ ...redis.env, REDIS_PREFIX: redis.prefix, DATA_DIR: dataDir, ROLE: 'worker', LOG_LEVEL: 'warn' });
  const platform = await createPlatform(config);
  cleanup.add(() => platform.close());
  const counter = new Redis(redis.url);
  cleanup.add(() => counter.disconnect());
  const { voices, inFlight } = createServices(config, platform, await checkTools(config));
  const processed = async () => Number(/total_commands_processed:(\d+)/.exec(await counter.info('stats'))![1]);
  await reconcile(platform, inFlight, 30_000);
  const costs: ReconcileCost[] = [];
  let present = 0;
  for (const idleRecords of RECONCILE_IDLE_COUNTS) {
    const names = Array.from({ length: idleRecords - present }, (_, index) => `idle-${present + index}`);
    await inBatches(names, SEED_CONCURRENCY, async (name) => {
      await voices.create('reconcile-idle', { name });
    });
    present = idleRecords;
    const stored = (await voices.list('reconcile-idle')).length;
    if (stored !== idleRecords) throw new Error(`reconciler bench: ${stored} voices stored, ${idleRecords} wanted`);
    log(`reconciler bench: ${idleRecords} idle voices seeded`);
    const before = await processed();
    const started = performance.now();
    await reconcile(platform, inFlight, 30_000);
    const milliseconds = performance.now() - started;
    // The INFO that read the count before is one command of its own.
    const commands = (await processed()) - before - 1;
    log(`reconciler bench: reconciler run over ${idleRecords} idle records: ${commands} commands, ${round(milliseconds)} ms`);
    costs.push({ idleRecords, commands, milliseconds });
  }
  return costs;
}

/** The reconciler's figures of the cost growth alone (`npm run bench -- reconciler`). */
export async function benchReconciler(options: { log?: (line: string) => void } = {}): Promise<ReconcileCost[]> {
  const log = options.log ?? ((line: string) => console.log(line));
  const cleanup = new Cleanup();
  try {
    const reconciles = await reconcileRuns(cleanup, log);
    log('\nReconciler');
    reportReconciles(reconciles, log);
    return reconciles;
  } finally {
    await cleanup.run();
  }
}

export function reportReconciles(reconciles: readonly ReconcileCost[], log: (line: string) => void): void {
  log('| reconciler run | idle records | Redis commands | time | against the size before |');
  log('|---|---|---|---|---|');
  reconciles.forEach((run, index) => {
    const previous = reconciles[index - 1];
    // The reconciler reads what is in flight, not what exists: its commands must not grow with idle records.
    const growth = previous
      ? `commands ${run.commands === previous.commands ? 'constant ✓' : `${previous.commands} → ${run.commands} ${run.commands <= previous.commands ? '✓' : '✗'}`}`
      : '';
    log(`| one run, one worker | ${run.idleRecords.toLocaleString('en-US')} | ${run.commands} | ${round(run.milliseconds)} ms | ${growth} |`);
  });
}
