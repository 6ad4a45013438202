import { readdirSync } from 'node:fs';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, TraceFlags, type Context } from '@opentelemetry/api';
import { ExportResultCode, TraceState, type ExportResult } from '@opentelemetry/core';
import { JsonTraceSerializer, ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../support/wait-for';
import { ThreadSpanExporter } from '../../src/observability/span-export-thread';
import { fromBatch, toBatch } from '../../src/observability/span-records';
import { startOtlpReceiver, type OtlpReceiver } from '../support/otlp-receiver';

/**
 * The export thread's two promises, on OpenTelemetry's pinned versions: a span rebuilt on the
 * other side is, to the exporter, the span the SDK made (the same OTLP bytes), and what the
 * thread sends is what the exporter would have sent from the main thread.
 */

const remoteParent = (flags = TraceFlags.SAMPLED): Context =>
  trace.setSpanContext(ROOT_CONTEXT, {
    traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
    spanId: '00f067aa0ba902b7',
    traceFlags: flags,
    isRemote: true,
    traceState: new TraceState('vendor=value,other=1'),
  });

/** Spans of every shape the service makes and more: remote and local parents, errors, events, links, arrays, two scopes, non-ASCII text. */
function sdkSpans(): ReadableSpan[] {
  const memory = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'persona-platform', 'service.version': '1.2.3', 'deployment.environment.name': 'test' }),
    spanProcessors: [new SimpleSpanProcessor(memory)],
  });
  const tracer = provider.getTracer('persona-platform', '1.2.3');
  const server = tracer.startSpan(
    'POST /v2/transcript',
    { kind: SpanKind.SERVER, attributes: { 'http.request.method': 'POST', 'http.route': '/v2/transcript', 'server.port': 8080, 'url.scheme': 'http' } },
    remoteParent(),
  );
  const job = tracer.startSpan('process transcribe', { kind: SpanKind.CONSUMER, links: [{ context: server.spanContext(), attributes: { why: 'bulk' } }] });
  job.addEvent('retry', { attempt: 2, 'reason.text': 'délai dépassé ✓' });
  job.recordException(new TypeError('engine answered 502'));
  job.setAttributes({ 'messaging.system': 'bullmq', flags: [true, false], sizes: [1, 2.5], names: ['a', 'ü'] });
  job.setStatus({ code: SpanStatusCode.ERROR, message: 'speech-to-text failed' });
  const child = tracer.startSpan('POST speech-to-text', { kind: SpanKind.CLIENT }, trace.setSpan(ROOT_CONTEXT, job));
  child.setStatus({ code: SpanStatusCode.OK });
  child.end();
  job.end();
  server.end();
  const other = provider.getTracer('another-scope', '0.1.0').startSpan('run ffmpeg', { attributes: { 'process.executable.name': 'ffmpeg' } });
  other.end();
  return memory.getFinishedSpans();
}

describe('spans handed to the export thread', () => {
  it('rebuild into spans that serialise to the same OTLP, protobuf and JSON, byte for byte', () => {
    const spans = sdkSpans();
    expect(spans).toHaveLength(4);
    // What crosses is what the structured clone copies.
    const rebuilt = fromBatch(structuredClone(toBatch(spans)));
    expect(Buffer.from(ProtobufTraceSerializer.serializeRequest(rebuilt)!)).toEqual(Buffer.from(ProtobufTraceSerializer.serializeRequest(spans)!));
    expect(Buffer.from(JsonTraceSerializer.serializeRequest(rebuilt)!).toString()).toEqual(
      Buffer.from(JsonTraceSerializer.serializeRequest(spans)!).toString(),
    );
    expect(rebuilt.map((span) => span.duration)).toEqual(spans.map((span) => span.duration));
  });
});

describe('the export thread', () => {
  let receiver: OtlpReceiver;
  beforeAll(async () => {
    receiver = await startOtlpReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  const exportThrough = (exporter: ThreadSpanExporter, spans: ReadableSpan[]) => new Promise<ExportResult>((resolve) => exporter.export(spans, resolve));

  it("sends what OpenTelemetry's exporter would send from the main thread, and stops when asked", async () => {
    const exporter = new ThreadSpanExporter({ url: `${receiver.url}/v1/traces`, protocol: 'http/protobuf', headers: { 'x-vendor-key': 'k' } });
    const spans = sdkSpans();
    expect((await exportThrough(exporter, spans)).code).toBe(ExportResultCode.SUCCESS);
    expect(receiver.bodies.at(-1)).toEqual(Buffer.from(ProtobufTraceSerializer.serializeRequest(spans)!));
    await exporter.forceFlush();
    await exporter.shutdown();
    // After its stop a batch starts a thread again rather than vanish (a stopped provider sends none).
    expect((await exportThrough(exporter, spans)).code).toBe(ExportResultCode.SUCCESS);
    await exporter.shutdown();
    expect(receiver.bodies).toHaveLength(2);
  });

  it('starts its thread when opened, before any batch', async () => {
    const threads = () => readdirSync('/proc/self/task');
    const before = new Set(threads());
    const exporter = new ThreadSpanExporter({ url: `${receiver.url}/v1/traces`, protocol: 'http/protobuf', headers: {} }).open();
    await waitFor(
      async () => threads().filter((thread) => !before.has(thread)),
      (added) => added.length > 0,
      10_000,
      20,
    );
    const spans = sdkSpans();
    expect((await exportThrough(exporter, spans)).code).toBe(ExportResultCode.SUCCESS);
    expect(receiver.bodies.at(-1)).toEqual(Buffer.from(ProtobufTraceSerializer.serializeRequest(spans)!));
    await exporter.shutdown();
  });

  it('sends http/json when asked', async () => {
    const exporter = new ThreadSpanExporter({ url: `${receiver.url}/v1/traces`, protocol: 'http/json', headers: {} });
    const spans = sdkSpans();
    expect((await exportThrough(exporter, spans)).code).toBe(ExportResultCode.SUCCESS);
    expect(JSON.parse(receiver.bodies.at(-1)!.toString())).toEqual(JSON.parse(Buffer.from(JsonTraceSerializer.serializeRequest(spans)!).toString()));
    await exporter.shutdown();
  });

  it('fails a batch the collector cannot take, with the reason, as the exporter does', async () => {
    const closed = await startOtlpReceiver();
    const url = `${closed.url}/v1/traces`;
    await closed.close();
    const exporter = new ThreadSpanExporter({ url, protocol: 'http/protobuf', headers: {} });
    const result = await exportThrough(exporter, sdkSpans());
    expect(result.code).toBe(ExportResultCode.FAILED);
    expect(result.error?.message).toMatch(/ECONNREFUSED/);
    await exporter.shutdown();
  });
});
