import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createClient } from 'graphql-ws';
import { Redis } from 'ioredis';
import { request } from 'undici';
import WebSocket from 'ws';
import { Cleanup, percentile, round, startService, type NodeChild } from './support';

const PARTNER = 'bench';

export interface KnowledgeBaseBenchOptions {
  /** URLs in the digitize batch; at most 1,000, the batch limit. */
  batchSize?: number;
  /** WORKER_CONCURRENCY of the server that digitizes. */
  workerConcurrency?: number;
  /** Document counts at which the knowledgeBase query's Redis commands are counted. */
  documentCounts?: number[];
  /** Gives up waiting for the batch after this long and reports what settled. */
  digitizeTimeoutMs?: number;
  log?: (line: string) => void;
}

export interface DigitizeFigures {
  documents: number;
  settled: number;
  failed: number;
  seconds: number;
  documentsPerSecond: number;
  workerConcurrency: number;
  timedOut: boolean;
}

export interface RoundTripFigures {
  documents: number;
  /** Redis commands one knowledgeBase query with its documents costs (median of the runs). */
  commands: number;
}

export interface KnowledgeBaseBenchFigures {
  digitize: DigitizeFigures;
  roundTrips: RoundTripFigures[];
  /** The target: the same number of commands whatever the document count. */
  roundTripsConstant: boolean;
}

const KNOWLEDGE_BASE_QUERY = `query KnowledgeBase($partner: String!, $name: String!) {
  knowledgeBase(partner: $partner, name: $name) {
    name
    documents { id name folder type url inQueues fileDigitized fileRewritten processingError digitizedCharCount isEmbedded }
    folders { name documentCount }
    stats { documentCount digitizedCount errorCount }
    embeddingInfo { lastSuccessfulUpdateTime lastUpdateStatus embeddingStale }
  }
}`;

const DOCUMENT_UPDATED = `subscription DocumentUpdated($partner: String!, $kb: String!) {
  documentUpdated(partner: $partner, kb: $kb) { id inQueues processingError }
}`;

/**
 * Knowledge base figures against a server child process, each phase on its own private
 * redis-server: (1) documents digitized per second for a batch of URLs served by a local
 * node:http server, (2) Redis commands of the GraphQL knowledgeBase query with its documents
 * at growing document counts, on an API-only server so no worker adds commands meanwhile.
 */
export async function benchKnowledgeBase(options: KnowledgeBaseBenchOptions = {}): Promise<KnowledgeBaseBenchFigures> {
  const log = options.log ?? ((line: string) => console.log(line));
  const cleanup = new Cleanup();
  try {
    const pages = await startPageServer();
    cleanup.add(() => pages.close());
    log(`kb bench: pages served at ${pages.url}`);
    const roundTrips = await measureRoundTrips(cleanup, pages.url, options.documentCounts ?? [10, 100, 1_000], log);
    const digitize = await measureDigitize(cleanup, pages.url, {
      batchSize: Math.min(options.batchSize ?? 1_000, 1_000),
      workerConcurrency: options.workerConcurrency ?? 16,
      timeoutMs: options.digitizeTimeoutMs ?? 600_000,
      log,
    });
    const figures = { digitize, roundTrips, roundTripsConstant: new Set(roundTrips.map((figure) => figure.commands)).size === 1 };
    report(figures, log);
    return figures;
  } finally {
    await cleanup.run();
  }
}

interface PageServer {
  url: string;
  close(): Promise<void>;
}

/** Article pages, each with its own title and text, as a site would serve them. */
async function startPageServer(): Promise<PageServer> {
  const server: Server = createServer((req, res) => {
    const page = /^\/page\/(\d+)$/.exec(req.url ?? '')?.[1];
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
      return;
    }
    const paragraphs = Array.from(
      { length: 8 },
      (_, index) =>
        `<p>Paragraph ${index + 1} of page ${page}: tides rise and fall twice a day as the moon and the sun pull on the oceans, and harbours plan around them.</p>`,
    );
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Page ${page}</title></head>` +
        `<body><nav><a href="/">Home</a></nav><article><h1>Page ${page}</h1>${paragraphs.join('')}</article><footer>Footer</footer></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface BenchServer {
  server: NodeChild;
  redisUrl: string;
  apiKey: string;
}

async function startServer(cleanup: Cleanup, label: string, env: Record<string, string>): Promise<BenchServer> {
  const service = await startService(cleanup, { label, partner: PARTNER, env: { ALLOW_PRIVATE_URLS: 'true', ...env } });
  return { server: service.server, redisUrl: service.redis.url, apiKey: service.apiKey };
}

async function call(bench: BenchServer, method: 'POST' | 'GET', pathname: string, body?: unknown): Promise<unknown> {
  const response = await request(`${bench.server.url}${pathname}`, {
    method,
    headers: { 'x-api-key': bench.apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.body.text();
  if (response.statusCode >= 300) throw new Error(`${method} ${pathname}: ${response.statusCode} ${text.slice(0, 500)}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

async function createKnowledgeBase(bench: BenchServer, name: string): Promise<void> {
  await call(bench, 'POST', `/api/knowledgebases/${PARTNER}`, { name });
}

async function addUrls(bench: BenchServer, kb: string, urls: string[]): Promise<void> {
  for (let start = 0; start < urls.length; start += 1_000) {
    await call(bench, 'POST', `/api/documents/${PARTNER}/${kb}/batch`, { folder: `folder-${start / 1_000}`, urls: urls.slice(start, start + 1_000) });
  }
}

const pageUrls = (base: string, from: number, count: number) => Array.from({ length: count }, (_, index) => `${base}/page/${from + index}`);

async function measureRoundTrips(cleanup: Cleanup, pagesUrl: string, counts: number[], log: (line: string) => void): Promise<RoundTripFigures[]> {
  const bench = await startServer(cleanup, 'kb-api', { ROLE: 'api' });
  log(`kb bench: API-only server pid ${bench.server.pid} at ${bench.server.url} for Redis round trips`);
  const counter = new Redis(bench.redisUrl);
  cleanup.add(() => counter.disconnect());
  const commandsProcessed = async () => Number(/total_commands_processed:(\d+)/.exec(await counter.info('stats'))?.[1] ?? NaN);
  const query = async () => {
    const response = await request(`${bench.server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': bench.apiKey },
      body: JSON.stringify({ query: KNOWLEDGE_BASE_QUERY, variables: { partner: PARTNER, name: 'reads' } }),
    });
    const result = (await response.body.json()) as { data?: { knowledgeBase: { documents: unknown[] } | null }; errors?: unknown[] };
    if (result.errors || !result.data?.knowledgeBase) throw new Error(`knowledgeBase query failed: ${JSON.stringify(result.errors)}`);
    return result.data.knowledgeBase.documents.length;
  };

  await createKnowledgeBase(bench, 'reads');
  const figures: RoundTripFigures[] = [];
  let present = 0;
  for (const count of [...counts].sort((a, b) => a - b)) {
    await addUrls(bench, 'reads', pageUrls(pagesUrl, present, count - present));
    present = count;
    await query();
    const runs: number[] = [];
    for (let run = 0; run < 5; run++) {
      const before = await commandsProcessed();
      const documents = await query();
      // The INFO that reads `before` is itself counted in `after`: the same one command in every run.
      const after = await commandsProcessed();
      if (documents !== count) throw new Error(`expected ${count} documents, the query returned ${documents}`);
      runs.push(after - before);
    }
    figures.push({ documents: count, commands: percentile(runs, 50) });
    log(`kb bench: knowledgeBase query with ${count} documents: ${figures.at(-1)!.commands} Redis commands`);
  }
  await bench.server.stop();
  return figures;
}

async function measureDigitize(
  cleanup: Cleanup,
  pagesUrl: string,
  settings: { batchSize: number; workerConcurrency: number; timeoutMs: number; log: (line: string) => void },
): Promise<DigitizeFigures> {
  const bench = await startServer(cleanup, 'kb-all', { ROLE: 'all', WORKER_CONCURRENCY: String(settings.workerConcurrency) });
  settings.log(`kb bench: server pid ${bench.server.pid} at ${bench.server.url} digitizes with WORKER_CONCURRENCY=${settings.workerConcurrency}`);
  await createKnowledgeBase(bench, 'digitize');

  const client = createClient({
    url: `${bench.server.url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { apiKey: bench.apiKey },
    retryAttempts: 0,
  });
  cleanup.add(() => client.dispose());
  // One document before subscribing: its snapshot, the first event, shows the subscription is live.
  await call(bench, 'POST', `/api/documents/${PARTNER}/digitize/empty`, { name: 'marker', folder: 'marker', type: 'file' });
  const settled = new Map<string, boolean>();
  const expected = new Set<string>();
  let live: () => void = () => undefined;
  let finish: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (live = resolve));
  const done = new Promise<void>((resolve) => (finish = resolve));
  const check = () => {
    if (expected.size > 0 && [...expected].every((id) => settled.has(id))) finish();
  };
  const unsubscribe = client.subscribe<{ documentUpdated: { id: string; inQueues: string[]; processingError: string | null } }>(
    { query: DOCUMENT_UPDATED, variables: { partner: PARTNER, kb: 'digitize' } },
    {
      next: ({ data }) => {
        live();
        const document = data?.documentUpdated;
        if (document && document.inQueues.length === 0) settled.set(document.id, document.processingError === null);
        check();
      },
      error: (error) => settings.log(`kb bench: subscription error ${JSON.stringify(error)}`),
      complete: () => undefined,
    },
  );
  await ready;

  const started = performance.now();
  const batch = (await call(bench, 'POST', `/api/documents/${PARTNER}/digitize/batch`, {
    folder: 'batch',
    urls: pageUrls(pagesUrl, 0, settings.batchSize),
  })) as { results: { document_id: string | null }[] };
  for (const result of batch.results) if (result.document_id) expected.add(result.document_id);
  check();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = await Promise.race([
    done.then(() => false),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), settings.timeoutMs))),
  ]);
  clearTimeout(timer);
  const seconds = (performance.now() - started) / 1000;
  unsubscribe();

  const ours = [...expected].filter((id) => settled.has(id));
  const failed = ours.filter((id) => settled.get(id) === false).length;
  if (failed > 0) settings.log(`kb bench: ${failed} documents failed to digitize`);
  await bench.server.stop();
  return {
    documents: settings.batchSize,
    settled: ours.length,
    failed,
    seconds,
    documentsPerSecond: ours.length / seconds,
    workerConcurrency: settings.workerConcurrency,
    timedOut,
  };
}

function report(figures: KnowledgeBaseBenchFigures, log: (line: string) => void): void {
  const { digitize, roundTrips, roundTripsConstant } = figures;
  log('\nKnowledge base');
  log('| figure | value | target |');
  log('|---|---|---|');
  log(
    `| digitized per second (${digitize.documents} URLs, WORKER_CONCURRENCY=${digitize.workerConcurrency}) | ${round(digitize.documentsPerSecond, 1)} docs/s ` +
      `(${digitize.settled} settled, ${digitize.failed} failed, ${round(digitize.seconds, 1)} s${digitize.timedOut ? ', timed out' : ''}) | measured |`,
  );
  for (const figure of roundTrips) {
    log(`| Redis commands, knowledgeBase query with ${figure.documents} documents | ${figure.commands} | constant: ${roundTripsConstant ? 'met' : 'MISSED'} |`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  benchKnowledgeBase().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
