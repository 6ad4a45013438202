import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';
import { toBatch, type SpanBatch } from './span-records';

/** What the export thread is started with: the OTLP exporter's settings. */
export interface ExportThreadSettings {
  url: string;
  protocol: 'http/protobuf' | 'http/json';
  headers: Record<string, string>;
}

export type ExportThreadRequest = { id: number } & ({ batch: SpanBatch } | { flush: true } | { shutdown: true });
export interface ExportThreadReply {
  id: number;
  code: ExportResultCode;
  error?: string;
}

/**
 * The span exporter the SDK's batch processor hands its batches to: it passes each one to a
 * thread of its own where OpenTelemetry's OTLP/HTTP exporter encodes and sends it
 * (`span-export.worker.ts`). The thread serving requests keeps the batch processor (its queue
 * bound, its schedule, its `OTEL_BSP_*` settings) and pays about a microsecond a span to hand
 * a span over, instead of the encoding's six (measured in a loop of server spans; with every
 * request traced, the encoding was tracing's largest single cost).
 *
 * The thread is started by `open` with the service, and again by the next batch after a crash
 * (the batches in flight then fail, as an exporter's failed request would); it does not keep the
 * process alive, except while a batch or a flush is on its way, so a stopping service still
 * sends what it holds.
 */
export class ThreadSpanExporter implements SpanExporter {
  private worker: Worker | null = null;
  private lastId = 0;
  private readonly waiting = new Map<number, (reply: ExportThreadReply) => void>();

  constructor(private readonly settings: ExportThreadSettings) {}

  /**
   * Starts the thread now rather than with the first batch: loading the exporter there costs
   * about 110 ms of CPU (measured from the build), which then belongs to the service's start and
   * not to its first seconds of traffic.
   */
  open(): this {
    if (!this.worker) this.start();
    return this;
  }

  export(spans: ReadableSpan[], resultCallback: (result: ExportResult) => void): void {
    void this.send({ batch: toBatch(spans) }).then((reply) =>
      resultCallback(
        reply.code === ExportResultCode.SUCCESS ? { code: ExportResultCode.SUCCESS } : { code: ExportResultCode.FAILED, error: new Error(reply.error) },
      ),
    );
  }

  async forceFlush(): Promise<void> {
    if (this.worker) await this.send({ flush: true });
  }

  async shutdown(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    await this.send({ shutdown: true });
    this.worker = null;
    await worker.terminate();
  }

  private send(request: { batch: SpanBatch } | { flush: true } | { shutdown: true }): Promise<ExportThreadReply> {
    const worker = this.worker ?? this.start();
    const id = ++this.lastId;
    if (this.waiting.size === 0) worker.ref();
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      worker.postMessage({ id, ...request } satisfies ExportThreadRequest);
    });
  }

  private start(): Worker {
    const entry = exportThreadEntry();
    const worker = new Worker(entry.script, { eval: entry.eval, workerData: this.settings });
    worker.unref();
    worker.on('message', (reply: ExportThreadReply) => {
      const resolve = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (this.waiting.size === 0) worker.unref();
      resolve?.(reply);
    });
    worker.on('error', (error) => this.lose(worker, `the span export thread failed: ${error.message}`));
    worker.on('exit', (code) => this.lose(worker, `the span export thread stopped (exit code ${code})`));
    return (this.worker = worker);
  }

  /** The thread is gone: what it held fails, and the next batch starts a new one. */
  private lose(worker: Worker, reason: string): void {
    if (this.worker === worker) this.worker = null;
    for (const [id, resolve] of this.waiting) resolve({ id, code: ExportResultCode.FAILED, error: reason });
    this.waiting.clear();
  }
}

/**
 * The export thread's entry. In the build, `npm run build` makes it an entry of its own,
 * dist/observability/span-export.worker.js, beside which this code runs (from dist/main.js or
 * a chunk at the top of dist/). From the TypeScript sources (tests, `npm run dev`), Node 20
 * runs a thread's `.ts` file only through a loader registered inside that thread: a one-line
 * script registers tsx's ESM loader there (its `esm/api` module; Node's `require` resolves the
 * CommonJS twin, so the `.mjs` one beside it is named), then imports the entry.
 */
function exportThreadEntry(): { script: string; eval: boolean } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(here).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
    const entry = new URL('./span-export.worker.ts', here).href;
    return { script: `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`, eval: true };
  }
  return { script: fileURLToPath(new URL('./observability/span-export.worker.js', here)), eval: false };
}
