import { openAsBlob } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FormData, request } from 'undici';
import { buildLargeHtml, buildManyPagesPdf, buildNestedHtml, buildZipBombDocx } from '../test/support/hostile-documents';
import { Cleanup, percentile, processUsage, round, sleep, startService, type ServiceChild } from './support';

const PARTNER = 'bench';
const MB = 1024 * 1024;
/** How often /healthz is asked and the service's memory read while a document is read. */
const PROBE_MS = 50;
const IDLE_SECONDS = 10;

/** The outside audit's hostile documents, at its sizes. */
const DOCUMENTS = [
  { name: '10,000-page PDF', file: 'pages-10000.pdf', build: () => buildManyPagesPdf(10_000) },
  { name: '100,000-page PDF', file: 'pages-100000.pdf', build: () => buildManyPagesPdf(100_000) },
  { name: 'DOCX inflating to 1 GiB', file: 'bomb.docx', build: () => buildZipBombDocx(1024 * MB) },
  { name: '1,000,000 nested divs', file: 'nested.html', build: async () => Buffer.from(buildNestedHtml(1_000_000)) },
  { name: '50 MB HTML page', file: 'large.html', build: async () => Buffer.from(buildLargeHtml(50 * MB)) },
] as const;

/**
 * Two deployments: the defaults, where the size limits stop what they can before any parsing,
 * and one with the size limits raised out of the way, so the parser's time and memory limits
 * are what stop each document.
 */
const SETTINGS = {
  defaults: {},
  'size limits raised': { DOCUMENT_HTML_MAX_MB: '100', DOCUMENT_DOCX_PART_MAX_MB: '2048', DOCUMENT_TEXT_MAX_MB: '1024' },
} as const;

interface DocumentFigures {
  settings: string;
  document: string;
  outcome: string;
  seconds: number;
  healthzMaxMs: number;
  healthzP99Ms: number;
  idleRssMiB: number;
  peakRssMiB: number;
  afterRssMiB: number;
}

/**
 * Each hostile document uploaded alone to the built service (one process, API and workers),
 * read by the digitize job: the time until its document settled and how; /healthz asked every
 * 50 ms meanwhile (slowest and 99th percentile answer); the service process's resident memory
 * before, at its peak and a second after. `npm run bench -- documents`.
 */
export async function benchHostileDocuments({ log }: { log: (line: string) => void }): Promise<DocumentFigures[]> {
  const cleanup = new Cleanup();
  const figures: DocumentFigures[] = [];
  try {
    log('hostile documents (the audit sizes), read by the built service:');
    const dir = await mkdtemp(path.join(tmpdir(), 'persona-hostile-'));
    cleanup.add(() => rm(dir, { recursive: true, force: true }));
    const files: { name: string; path: string }[] = [];
    for (const document of DOCUMENTS) {
      const started = performance.now();
      const bytes = await document.build();
      const file = path.join(dir, document.file);
      await writeFile(file, bytes);
      files.push({ name: document.name, path: file });
      log(`  built ${document.name}: ${round(bytes.length / MB)} MB in ${round((performance.now() - started) / 1000)} s`);
    }
    for (const [settings, env] of Object.entries(SETTINGS)) {
      const service = await startService(cleanup, {
        label: `documents-${settings.replace(/\W+/g, '-')}`,
        partner: PARTNER,
        env: { LOG_LEVEL: 'error', ...env },
      });
      await call(service, 'POST', `/api/knowledgebases/${PARTNER}`, form({ name: 'Bench' }));
      const idle = await probeIdle(service);
      log(
        `  [${settings}] no document, ${IDLE_SECONDS} s: /healthz max ${round(idle.maxMs, 0)} ms, p99 ${round(idle.p99Ms, 0)} ms (what this machine adds by itself)`,
      );
      for (const file of files) {
        const result = await readOne(service, file.path);
        figures.push({ settings, document: file.name, ...result });
        log(
          `  [${settings}] ${file.name}: ${result.outcome} after ${round(result.seconds)} s; /healthz max ${round(result.healthzMaxMs, 0)} ms, ` +
            `p99 ${round(result.healthzP99Ms, 0)} ms; service RSS ${round(result.idleRssMiB, 0)} MiB idle, ${round(result.peakRssMiB, 0)} peak, ${round(result.afterRssMiB, 0)} after`,
        );
      }
      await service.server.stop();
    }
  } finally {
    await cleanup.run();
  }
  return figures;
}

/** /healthz asked as during a document, with none: the latency the machine's other work causes. */
async function probeIdle(service: ServiceChild): Promise<{ maxMs: number; p99Ms: number }> {
  const healthz: number[] = [];
  for (const until = performance.now() + IDLE_SECONDS * 1000; performance.now() < until; await sleep(PROBE_MS)) {
    healthz.push(await askHealthz(service));
  }
  return { maxMs: Math.max(...healthz), p99Ms: percentile(healthz, 99) };
}

async function askHealthz(service: ServiceChild): Promise<number> {
  const asked = performance.now();
  await request(`${service.server.url}/healthz`).then((answer) => answer.body.dump());
  return performance.now() - asked;
}

async function readOne(service: ServiceChild, file: string): Promise<Omit<DocumentFigures, 'settings' | 'document'>> {
  const rss = () => processUsage(service.server.pid).rssKiB / 1024;
  const idleRssMiB = rss();
  let peakRssMiB = idleRssMiB;
  const healthz: number[] = [];
  const started = performance.now();
  const created = await call(service, 'POST', `/api/documents/${PARTNER}/Bench`, form({ type: 'file', folder: 'Hostile' }, file));
  const id = (created as { id: string }).id;
  let document: { in_queues: string[]; processing_error: string | null; digitized_char_count: number | null };
  for (;;) {
    healthz.push(await askHealthz(service));
    peakRssMiB = Math.max(peakRssMiB, rss());
    document = (await call(service, 'GET', `/api/document/${PARTNER}/Bench/${id}`)) as typeof document;
    if (document.in_queues.length === 0) break;
    await sleep(PROBE_MS);
  }
  const seconds = (performance.now() - started) / 1000;
  await sleep(1_000);
  return {
    outcome: document.processing_error ? `failed: "${document.processing_error}"` : `read (${document.digitized_char_count} characters)`,
    seconds,
    healthzMaxMs: Math.max(...healthz),
    healthzP99Ms: percentile(healthz, 99),
    idleRssMiB,
    peakRssMiB,
    afterRssMiB: rss(),
  };
}

function form(fields: Record<string, string>, file?: string): () => Promise<FormData> {
  return async () => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    if (file) body.append('file', await openAsBlob(file), path.basename(file));
    return body;
  };
}

async function call(service: ServiceChild, method: 'GET' | 'POST', route: string, body?: () => Promise<FormData>): Promise<unknown> {
  const answer = await request(`${service.server.url}${route}`, { method, headers: { 'x-api-key': service.apiKey }, body: body ? await body() : undefined });
  const json = await answer.body.json();
  if (answer.statusCode >= 300) throw new Error(`${method} ${route}: ${answer.statusCode} ${JSON.stringify(json)}`);
  return json;
}
