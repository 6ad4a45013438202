import { parentPort, workerData } from 'node:worker_threads';
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { ExportThreadRequest, ExportThreadReply, ExportThreadSettings } from './span-export-thread';
import { fromBatch } from './span-records';

/**
 * The export thread: OpenTelemetry's own OTLP/HTTP exporter, run here so that its work (the
 * encoding, about 6 µs a span, and the HTTP requests) leaves the thread that serves requests.
 * Each batch the main thread's span processor hands over is rebuilt and exported as it would
 * have been there; the answer goes back with the request's id.
 */
const settings = workerData as ExportThreadSettings;
const { OTLPTraceExporter } =
  settings.protocol === 'http/json' ? await import('@opentelemetry/exporter-trace-otlp-http') : await import('@opentelemetry/exporter-trace-otlp-proto');
const exporter: SpanExporter = new OTLPTraceExporter({ url: settings.url, headers: settings.headers });
const port = parentPort!;

const reply = (id: number, result: ExportResult) =>
  port.postMessage({ id, code: result.code, ...(result.error && { error: result.error.message }) } satisfies ExportThreadReply);
const settle = (id: number, work: Promise<void>) =>
  work.then(
    () => reply(id, { code: ExportResultCode.SUCCESS }),
    (error: unknown) => reply(id, { code: ExportResultCode.FAILED, error: error instanceof Error ? error : new Error(String(error)) }),
  );

port.on('message', (request: ExportThreadRequest) => {
  if ('batch' in request) exporter.export(fromBatch(request.batch), (result) => reply(request.id, result));
  else if ('flush' in request) void settle(request.id, exporter.forceFlush?.() ?? Promise.resolve());
  else void settle(request.id, exporter.shutdown());
});
