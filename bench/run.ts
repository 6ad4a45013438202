import { benchHostileDocuments } from './documents';
import { benchCostGrowth, benchUploads } from './growth';
import { benchReconciler } from './reconciler';
import { benchFairShare } from './fair';
import { benchKnowledgeBase } from './kb';
import { benchLiveSubscriptions, reportLiveSubscriptions } from './live-subscriptions';
import { benchLongAudio } from './long-audio';
import { benchDiarize } from './diarize';
import { benchRecordReads } from './record-reads';
import { benchRetrieval } from './retrieval';
import { benchScale } from './scale';
import { benchSplit } from './split';
import { benchStartup } from './startup';
import { benchTracing } from './tracing';
import { benchStreaming } from './streaming';
import { Cleanup, machineInfo, round } from './support';
import { cpuComparison, fanOutFloor, http, subscriptions, type FloorFigures, type HttpFigures, type SubscriberFigures } from './voice-load';
import { printTable, report } from './voice-report';
import { log, setUp, type Bench } from './voice-setup';

/**
 * `npm run bench -- http subscribers` runs only those parts; no argument runs them all.
 * `subscriptions100k` is 100,000 live subscriptions on one process (bench/live-subscriptions.ts).
 * `uploads`, `split` and `reconciler` are the large-upload, splitting and reconciler figures of `growth` alone.
 * `streaming` is 1,000 completions streaming at once to their subscribers (bench/streaming.ts).
 */
const PARTS = [
  'subscribers',
  'subscriptions100k',
  'http',
  'cpu',
  'kb',
  'retrieval',
  'growth',
  'uploads',
  'split',
  'reconciler',
  'long-audio',
  'diarize',
  'startup',
  'fair',
  'scale',
  'documents',
  'records',
  'tracing',
  'streaming',
] as const;

async function main(cleanup: Cleanup): Promise<void> {
  const requested = process.argv.slice(2);
  const unknown = requested.filter((part) => !(PARTS as readonly string[]).includes(part));
  if (unknown.length > 0) throw new Error(`unknown bench part ${unknown.join(', ')}: choose from ${PARTS.join(', ')}`);
  const wanted = (part: (typeof PARTS)[number]) => requested.length === 0 || requested.includes(part);
  const machine = machineInfo();
  const started = performance.now();
  log(`npm run bench: ${machine.cpuModel}, ${machine.cores} cores, ${machine.memoryGiB} GiB, node ${machine.node}, ${machine.date}`);
  if (wanted('subscribers') || wanted('http') || wanted('cpu')) {
    // Each group has a fresh server: the memory per subscriber is read on a heap that no load
    // has grown, and the HTTP and CPU figures do not pay for the garbage of ten thousand
    // closed sockets (which cost REST a fifth of its throughput per CPU-second).
    let subscribers: SubscriberFigures[] | undefined;
    let floor: FloorFigures[] | undefined;
    if (wanted('subscribers')) {
      const bench = await setUp(cleanup);
      subscribers = await subscriptions(bench, cleanup);
      floor = await fanOutFloor(bench, cleanup);
      await bench.server.stop();
    }
    const bench = wanted('http') || wanted('cpu') ? await setUp(cleanup) : undefined;
    const load = bench && wanted('http') ? await http(bench, cleanup) : undefined;
    const cpu = bench && wanted('cpu') ? await cpuComparison(bench, cleanup) : undefined;
    await bench?.server.stop();
    // The same HTTP figures on a server tuned as a busy deployment would be, beside the defaults.
    let tuned: { bench: Bench; load: HttpFigures } | undefined;
    if (wanted('http')) {
      const tunedBench = await setUp(cleanup, 'tuned');
      tuned = { bench: tunedBench, load: await http(tunedBench, cleanup) };
      await tunedBench.server.stop();
    }
    report(bench, machine, load, subscribers, floor, cpu, tuned);
  }
  // Each of these starts its own server processes and Redis instances, so the voice figures' server is gone first.
  if (wanted('subscriptions100k')) reportLiveSubscriptions(await benchLiveSubscriptions({ log }), log, printTable);
  if (wanted('kb')) await benchKnowledgeBase({ log });
  if (wanted('retrieval')) {
    log('');
    await benchRetrieval({ log });
  }
  if (wanted('growth')) await benchCostGrowth({ log });
  else {
    if (wanted('uploads')) await benchUploads({ log });
    if (wanted('split')) await benchSplit({ log });
    if (wanted('reconciler')) await benchReconciler({ log });
  }
  if (wanted('long-audio')) {
    log('');
    await benchLongAudio({ log });
  }
  if (wanted('diarize')) {
    log('');
    await benchDiarize({ log });
  }
  log('');
  if (wanted('startup')) await benchStartup({ log });
  if (wanted('fair')) {
    log('');
    await benchFairShare({ log });
  }
  if (wanted('documents')) {
    log('');
    await benchHostileDocuments({ log });
  }
  if (wanted('records')) {
    log('');
    benchRecordReads({ log });
  }
  if (wanted('tracing')) {
    log('');
    await benchTracing({ log });
  }
  if (wanted('streaming')) {
    log('');
    await benchStreaming({ log });
  }
  // API, worker and Redis Cluster scaling: their own processes, after everything else.
  if (wanted('scale')) {
    log('');
    await benchScale({ log });
  }
  log(`\nwhole run: ${round((performance.now() - started) / 1000, 0)} s`);
}

const cleanup = new Cleanup();
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`${signal}: stopping the children and removing temp files`);
    void cleanup.run().finally(() => process.exit(130));
  });
}
main(cleanup).then(
  () => cleanup.run().then(() => process.exit(0)),
  (error: unknown) => {
    console.error(error);
    void cleanup.run().finally(() => process.exit(1));
  },
);
