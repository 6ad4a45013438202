import { openAsBlob } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Redis } from 'ioredis';
import { FormData, request } from 'undici';
import { loadConfig, type Config } from '../src/config/config';
import { batchInput, createKnowledgeBaseInput } from '../src/domain/knowledge-base/knowledge-base.inputs';
import { parseInput } from '../src/domain/shared/validation';
import { createPlatform, type Platform } from '../src/platform';
import { createServices } from '../src/services';
import { checkTools } from '../src/app';
import { renderLavfi } from '../test/support/audio';
import { reconcileRuns, reportReconciles, type ReconcileCost } from './reconciler';
import { splitFigures, reportSplit, type SplitFigures, type SplitMode } from './split';
import { Cleanup, get, inBatches, percentile, processUsage, round, sleep, startService, type ServiceChild } from './support';

const PARTNER = 'growth';
const VOICE_COUNTS = [10, 1_000, 10_000];
const DOCUMENT_COUNTS = [100, 1_000, 10_000];
const RUNS = 5;
const UPLOAD_SIZES_MB = [10, 100];
const TARGETS = { uploadRssMiB: 5 };

/** How one read grows: wall time, Redis commands and the server's resident memory. */
interface ReadCost {
  label: string;
  size: number;
  medianMs: number;
  /** Server CPU time per read: steadier than wall time on a shared machine. */
  serverCpuMs: number;
  redisCommands: number;
  responseKiB: number;
  /** Server VmRSS after the runs minus before them. */
  rssDeltaMiB: number;
}

export interface CostGrowthFigures {
  reads: ReadCost[];
  reconciles: ReconcileCost[];
  redisBytesPerVoice: number;
  redisBytesPerDocument: number;
  uploads: { megabytes: number; seconds: number; idleRssMiB: number; peakRssMiB: number }[];
  split: Record<SplitMode, SplitFigures>;
}

const VOICES_QUERY = `query Voices($partner: String!) { voices(partner: $partner) { name status { splitting embedding } preferredSampleIndex creatorName } }`;

/**
 * How the cost of the list reads grows with the records behind them, what a record costs in
 * Redis, and two streaming figures: the server's memory during a large upload and the
 * splitting speed of a long recording. Records are seeded through the domain services in
 * this process, straight into the server's Redis, rather than through the API.
 */
export async function benchCostGrowth(options: { log?: (line: string) => void } = {}): Promise<CostGrowthFigures> {
  const log = options.log ?? ((line: string) => console.log(line));
  const cleanup = new Cleanup();
  try {
    const api = await startApiServer(cleanup, log);
    const config = loadConfig({
      REDIS_URL: api.redis.url,
      REDIS_PREFIX: api.redis.prefix,
      DATA_DIR: path.join(api.dataDir, 'seeder'),
      ROLE: 'api',
      LOG_LEVEL: 'warn',
    });
    const platform = await createPlatform(config);
    cleanup.add(() => platform.close());
    const counter = new Redis(api.redis.url);
    cleanup.add(() => counter.disconnect());

    const reads = [...(await voiceReads(api, config, platform, counter, log)), ...(await documentReads(api, config, platform, counter, log))];
    const reconciles = await reconcileRuns(cleanup, log);
    const redisBytesPerVoice = await bytesPerRecord(counter, api.redis.prefix, 'voice', 'voice-names');
    const redisBytesPerDocument = await bytesPerRecord(counter, api.redis.prefix, 'kb-document', 'kb-documents');
    const uploads = [];
    for (const megabytes of UPLOAD_SIZES_MB) uploads.push(await largeUpload(api, megabytes, log));
    await api.server.stop();
    const split = await splitFigures(cleanup, log);
    const figures = { reads, reconciles, redisBytesPerVoice, redisBytesPerDocument, uploads, split };
    report(figures, log);
    return figures;
  } finally {
    await cleanup.run();
  }
}

/**
 * The large-upload figures of the cost growth alone (`npm run bench -- uploads`), on a
 * fresh server: quick to repeat while working on the upload path.
 */
export async function benchUploads(options: { log?: (line: string) => void } = {}): Promise<CostGrowthFigures['uploads']> {
  const log = options.log ?? ((line: string) => console.log(line));
  const cleanup = new Cleanup();
  try {
    const api = await startApiServer(cleanup, log);
    const uploads = [];
    for (const megabytes of UPLOAD_SIZES_MB) uploads.push(await largeUpload(api, megabytes, log));
    log('\nLarge uploads');
    log('| figure | value | target |');
    log('|---|---|---|');
    reportUploads(uploads, log);
    return uploads;
  } finally {
    await cleanup.run();
  }
}

/**
 * API only: no worker adds Redis commands or memory while reads and uploads are measured.
 * RATE_LIMIT_BATCH=100: a read of 10,000 records takes over 100 ms, so with the defaults each
 * such read would carry a rate-limit reservation of its own (two commands) and the figure
 * would measure the limiter instead of the read; with 100 a reservation falls inside about
 * one read in a hundred.
 */
async function startApiServer(cleanup: Cleanup, log: (line: string) => void): Promise<ServiceChild> {
  const api = await startService(cleanup, {
    label: 'growth-api',
    partner: PARTNER,
    env: { ROLE: 'api', RATE_LIMIT_BATCH: '100', MAX_UPLOAD_MB: String(Math.max(...UPLOAD_SIZES_MB) + 10) },
  });
  log(`growth bench: API-only server pid ${api.server.pid} at ${api.server.url}`);
  return api;
}

async function voiceReads(api: ServiceChild, config: Config, platform: Platform, counter: Redis, log: (line: string) => void): Promise<ReadCost[]> {
  const { voices } = createServices(config, platform, await checkTools(config));
  const costs: ReadCost[] = [];
  let present = 0;
  for (const size of VOICE_COUNTS) {
    const names = Array.from({ length: size - present }, (_, index) => `voice-${present + index}`);
    await inBatches(names, 50, async (name) => {
      await voices.create(PARTNER, { name, creatorName: 'Bench', creatorEmail: 'bench@example.com' });
    });
    present = size;
    log(`growth bench: ${size} voices seeded`);
    costs.push(
      await measureRead(
        api,
        counter,
        `REST GET /api/voices/{partner}`,
        size,
        () => get(api, `/api/voices/${PARTNER}`),
        (body) => (JSON.parse(body) as unknown[]).length,
        log,
      ),
    );
    costs.push(
      await measureRead(
        api,
        counter,
        'GraphQL voices(partner)',
        size,
        () => graphql(api, VOICES_QUERY, { partner: PARTNER }),
        (body) => {
          const result = JSON.parse(body) as { data?: { voices: unknown[] }; errors?: unknown };
          if (result.errors) throw new Error(`voices query: ${JSON.stringify(result.errors)}`);
          return result.data!.voices.length;
        },
        log,
      ),
    );
  }
  return costs;
}

async function documentReads(api: ServiceChild, config: Config, platform: Platform, counter: Redis, log: (line: string) => void): Promise<ReadCost[]> {
  const { knowledgeBases, documents } = createServices(config, platform, await checkTools(config));
  await knowledgeBases.create(PARTNER, parseInput(createKnowledgeBaseInput, { name: 'growth' }));
  const costs: ReadCost[] = [];
  let present = 0;
  for (const size of DOCUMENT_COUNTS) {
    // Batches of URL documents: the server is API only, so their jobs wait in the queue untouched.
    for (let from = present; from < size; from += 1_000) {
      const urls = Array.from({ length: Math.min(1_000, size - from) }, (_, index) => `https://example.com/page/${from + index}`);
      await documents.createBatch(PARTNER, 'growth', parseInput(batchInput, { folder: `folder-${Math.floor(from / 1_000)}`, urls }));
    }
    present = size;
    log(`growth bench: ${size} documents seeded`);
    costs.push(
      await measureRead(
        api,
        counter,
        'REST GET /api/documents/{partner}/{kb}',
        size,
        () => get(api, `/api/documents/${PARTNER}/growth`),
        (body) => (JSON.parse(body) as { documents: unknown[] }).documents.length,
        log,
      ),
    );
    costs.push(
      await measureRead(
        api,
        counter,
        'REST GET /api/kb-stats/{partner}/{kb}',
        size,
        () => get(api, `/api/kb-stats/${PARTNER}/growth`),
        (body) => {
          const stats = JSON.parse(body) as Record<string, unknown>;
          const count = Object.values(stats).find((value) => value === size);
          if (count === undefined) throw new Error(`kb-stats does not count ${size} documents: ${body}`);
          return size;
        },
        log,
      ),
    );
  }
  return costs;
}

async function measureRead(
  api: ServiceChild,
  counter: Redis,
  label: string,
  size: number,
  read: () => Promise<string>,
  countOf: (body: string) => number,
  log: (line: string) => void,
): Promise<ReadCost> {
  const commandsProcessed = async () => Number(/total_commands_processed:(\d+)/.exec(await counter.info('stats'))?.[1] ?? NaN);
  const warm = await read();
  if (countOf(warm) !== size) throw new Error(`${label}: expected ${size} records, got ${countOf(warm)}`);
  const { rssKiB: rssBefore, cpuSeconds: cpuBefore } = processUsage(api.server.pid);
  const times: number[] = [];
  const commands: number[] = [];
  let body = warm;
  for (let run = 0; run < RUNS; run++) {
    const before = await commandsProcessed();
    const started = performance.now();
    body = await read();
    times.push(performance.now() - started);
    // The INFO that reads `before` is itself counted in `after`: one command in every run.
    commands.push((await commandsProcessed()) - before - 1);
  }
  const usage = processUsage(api.server.pid);
  const cost: ReadCost = {
    label,
    size,
    medianMs: percentile(times, 50),
    serverCpuMs: ((usage.cpuSeconds - cpuBefore) * 1000) / RUNS,
    redisCommands: percentile(commands, 50),
    responseKiB: Buffer.byteLength(body) / 1024,
    rssDeltaMiB: (usage.rssKiB - rssBefore) / 1024,
  };
  log(`growth bench: ${label} at ${size}: ${round(cost.medianMs)} ms, server CPU ${round(cost.serverCpuMs)} ms, ${cost.redisCommands} Redis commands`);
  return cost;
}

async function graphql(api: ServiceChild, query: string, variables: Record<string, unknown>): Promise<string> {
  const response = await request(`${api.server.url}/graphql`, {
    method: 'POST',
    headers: { 'x-api-key': api.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.body.text();
  if (response.statusCode !== 200) throw new Error(`GraphQL: ${response.statusCode} ${body.slice(0, 300)}`);
  return body;
}

/** Bytes Redis holds per record: the record's own key (mean of a sample) plus its share of the index that lists it. */
async function bytesPerRecord(counter: Redis, prefix: string, kind: string, indexName: string): Promise<number> {
  const recordKeys: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await counter.scan(cursor, 'MATCH', `${prefix}:${kind}:*`, 'COUNT', 1000);
    cursor = next;
    recordKeys.push(...keys);
  } while (cursor !== '0' && recordKeys.length < 200);
  const indexKeys: string[] = [];
  cursor = '0';
  do {
    const [next, keys] = await counter.scan(cursor, 'MATCH', `${prefix}:${indexName}:*`, 'COUNT', 1000);
    cursor = next;
    indexKeys.push(...keys);
  } while (cursor !== '0');
  const usage = async (key: string) => Number(await counter.call('MEMORY', 'USAGE', key, 'SAMPLES', '0'));
  const sample = recordKeys.slice(0, 200);
  const recordBytes = (await Promise.all(sample.map(usage))).reduce((sum, bytes) => sum + bytes, 0) / Math.max(1, sample.length);
  const total = Number(await counter.eval(`return #redis.call('KEYS', ARGV[1])`, 0, `${prefix}:${kind}:*`));
  const indexBytes = (await Promise.all(indexKeys.map(usage))).reduce((sum, bytes) => sum + bytes, 0);
  return recordBytes + indexBytes / Math.max(1, total);
}

/** A recording of `megabytes` uploaded as a new voice, the server's resident memory sampled throughout. */
async function largeUpload(api: ServiceChild, megabytes: number, log: (line: string) => void): Promise<CostGrowthFigures['uploads'][number]> {
  // 16-bit mono at 16 kHz: 100 MB is about 55 minutes.
  const seconds = Math.ceil((megabytes * 1024 * 1024) / 32_000);
  const file = path.join(api.dataDir, `upload-${megabytes}.wav`);
  await renderLavfi(file, `sine=frequency=220:sample_rate=16000:duration=${seconds}`, { sampleRate: 16_000 });
  const blob = await openAsBlob(file, { type: 'audio/wav' });
  await sleep(1_000);
  const idleRssKiB = processUsage(api.server.pid).rssKiB;
  let peakRssKiB = idleRssKiB;
  const sampler = setInterval(() => {
    peakRssKiB = Math.max(peakRssKiB, processUsage(api.server.pid).rssKiB);
  }, 10);
  const started = performance.now();
  try {
    const form = new FormData();
    form.append('name', `upload-${megabytes}`);
    form.append('file', blob, 'large.wav');
    const response = await request(`${api.server.url}/api/voices/${PARTNER}`, { method: 'POST', headers: { 'x-api-key': api.apiKey }, body: form });
    const body = await response.body.text();
    if (response.statusCode !== 201) throw new Error(`${megabytes} MB upload: ${response.statusCode} ${body.slice(0, 300)}`);
  } finally {
    clearInterval(sampler);
  }
  const figures = {
    megabytes: blob.size / 1024 / 1024,
    seconds: (performance.now() - started) / 1000,
    idleRssMiB: idleRssKiB / 1024,
    peakRssMiB: peakRssKiB / 1024,
  };
  log(
    `growth bench: ${round(figures.megabytes)} MB upload in ${round(figures.seconds)} s, server RSS ${round(figures.idleRssMiB)} → peak ${round(figures.peakRssMiB)} MiB`,
  );
  return figures;
}

const check = (ok: boolean) => (ok ? '✓' : '✗');

function report(figures: CostGrowthFigures, log: (line: string) => void): void {
  log('\nCost growth');
  log('| read | records | median time | server CPU | Redis commands | response | server RSS Δ | against the size before |');
  log('|---|---|---|---|---|---|---|---|');
  const labels = [...new Set(figures.reads.map((read) => read.label))];
  for (const label of labels) {
    const rows = figures.reads.filter((read) => read.label === label);
    rows.forEach((row, index) => {
      const previous = rows[index - 1];
      // Server CPU per record against the size before: near 1 or below is linear or better.
      const perRecord = previous ? row.serverCpuMs / row.size / (Math.max(previous.serverCpuMs, 1) / previous.size) : NaN;
      const growth = !previous
        ? ''
        : `commands ${row.redisCommands === previous.redisCommands ? 'constant ✓' : `${previous.redisCommands} → ${row.redisCommands} ✗`}, CPU per record ×${round(perRecord, 2)} ${check(perRecord <= 1.2)}`;
      log(
        `| ${label} | ${row.size.toLocaleString('en-US')} | ${round(row.medianMs)} ms | ${round(row.serverCpuMs)} ms | ${row.redisCommands} | ${round(row.responseKiB)} KiB | ${round(row.rssDeltaMiB)} MiB | ${growth} |`,
      );
    });
  }
  log('');
  reportReconciles(figures.reconciles, log);
  log('');
  log('| figure | value | target |');
  log('|---|---|---|');
  log(`| Redis memory per voice record (record + its name-index entry) | ${round(figures.redisBytesPerVoice, 0)} bytes | measured |`);
  log(`| Redis memory per document record (record + its list entry) | ${round(figures.redisBytesPerDocument, 0)} bytes | measured |`);
  reportUploads(figures.uploads, log);
  reportSplit(figures.split, log);
}

function reportUploads(uploads: CostGrowthFigures['uploads'], log: (line: string) => void): void {
  const smallest = uploads[0]!;
  for (const upload of uploads) {
    const growth = upload.peakRssMiB - upload.idleRssMiB;
    // Streaming shows as a peak that does not grow with the upload: the largest is held to the smallest's.
    const beyondSmallest = growth - (smallest.peakRssMiB - smallest.idleRssMiB);
    log(
      `| ${round(upload.megabytes, 0)} MB upload (new voice with recording), server RSS | idle ${round(upload.idleRssMiB)} MiB, peak +${round(growth)} MiB, ${round(upload.seconds)} s | ` +
        (upload === smallest
          ? 'reference |'
          : `within ${TARGETS.uploadRssMiB} MiB of the ${round(smallest.megabytes, 0)} MB upload's peak: ${beyondSmallest >= 0 ? '+' : ''}${round(beyondSmallest)} MiB ${check(beyondSmallest <= TARGETS.uploadRssMiB)} |`),
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  benchCostGrowth().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
