import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, TraceFlags, type Attributes, type Context, type Span } from '@opentelemetry/api';
import { TraceState } from '@opentelemetry/core';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOnSampler,
  BasicTracerProvider,
  InMemorySpanExporter,
  ParentBasedSampler,
  SimpleSpanProcessor,
  TraceIdRatioBasedSampler,
  type IdGenerator,
  type Sampler,
  type SpanLimits,
} from '@opentelemetry/sdk-trace-base';
import { describe, expect, it } from 'vitest';
import { requestSpans } from '../../src/observability/request-span';

/**
 * The request span against the SDK's own span (pinned versions), made from the same sampler,
 * ids, limits and inputs: the same sampling, the same context, and the same OTLP once ended,
 * but for the clock.
 */

/** The same ids for each of the two spans of a comparison. */
class RepeatedIds implements IdGenerator {
  private count = 0;
  constructor(private readonly traceIds: string[]) {}
  reset(): void {
    this.count = 0;
  }
  generateTraceId(): string {
    return this.traceIds[this.count++ % this.traceIds.length]!;
  }
  generateSpanId(): string {
    return 'a1b2c3d4e5f60718';
  }
}

const remoteParent = (traceFlags: number): Context =>
  trace.setSpanContext(ROOT_CONTEXT, {
    traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
    spanId: '00f067aa0ba902b7',
    traceFlags,
    isRemote: true,
    traceState: new TraceState('vendor=value'),
  });

const attributes = (): Attributes => ({
  'http.request.method': 'GET',
  'http.route': '/v2/transcript/:id',
  'server.address': 'api.example.com',
  'server.port': 8443,
  'url.scheme': 'https',
});

/** Makes, ends and exports the same span both ways; `finish` does to each what the door does at its end. */
function both(options: { sampler?: Sampler; limits?: SpanLimits; parent?: Context; traceIds?: string[] }, finish: (span: Span) => void) {
  const memory = new InMemorySpanExporter();
  const processor = new SimpleSpanProcessor(memory);
  const sampler = options.sampler ?? new AlwaysOnSampler();
  const ids = new RepeatedIds(options.traceIds ?? ['0af7651916cd43dd8448eb211c80319c']);
  const resource = resourceFromAttributes({ 'service.name': 'persona-platform' });
  const scope = { name: 'persona-platform', version: '1.2.3' };
  const limits = options.limits ?? {};
  const provider = new BasicTracerProvider({ resource, sampler, idGenerator: ids, spanLimits: limits, spanProcessors: [processor] });
  const parent = options.parent ?? ROOT_CONTEXT;
  const sdk = provider.getTracer(scope.name, scope.version).startSpan('GET /v2/transcript/:id', { kind: SpanKind.SERVER, attributes: attributes() }, parent);
  finish(sdk);
  ids.reset();
  // The limits as the provider merged them into its tracer, as tracing-sdk.ts hands them over.
  const merged = (provider.getTracer(scope.name, scope.version) as unknown as { _spanLimits: SpanLimits })._spanLimits;
  const lean = requestSpans({ sampler, ids, processor, resource, scope, limits: merged })('GET /v2/transcript/:id', attributes(), parent);
  finish(lean);
  const exported = memory.getFinishedSpans();
  /** The OTLP of each exported span, its times and its events' aside (each span reads its own clock). */
  const otlp = exported.map((span) => {
    const json = JSON.parse(Buffer.from(JsonTraceSerializer.serializeRequest([span])!).toString()) as {
      resourceSpans: { scopeSpans: { spans: Record<string, unknown>[] }[] }[];
    };
    const otlpSpan = json.resourceSpans[0]!.scopeSpans[0]!.spans[0]!;
    expect(BigInt(otlpSpan.endTimeUnixNano as string)).toBeGreaterThanOrEqual(BigInt(otlpSpan.startTimeUnixNano as string));
    delete otlpSpan.startTimeUnixNano;
    delete otlpSpan.endTimeUnixNano;
    for (const event of otlpSpan.events as Record<string, unknown>[]) delete event.timeUnixNano;
    return { ...json, span: otlpSpan };
  });
  return { sdk, lean, exported, otlp };
}

describe('a request span', () => {
  it('exports as the SDK span does: a root span, its attributes, its status code and an error', () => {
    const error = new RangeError('out of room');
    const { otlp, exported } = both({}, (span) => {
      span.setAttribute('error.type', 'Error');
      span.setStatus({ code: SpanStatusCode.ERROR, message: 'HTTP 503' });
      span.setAttributes({ 'http.response.status_code': 503 });
      span.recordException(error);
      span.end();
      span.end();
    });
    expect(exported).toHaveLength(2);
    expect(otlp[1]).toEqual(otlp[0]);
    expect(JSON.stringify(otlp[0])).toContain('out of room');
  });

  it('names an exception by its code, or by its class when the code is 0, as the SDK span does', () => {
    const coded = Object.assign(new Error('refused'), { code: 'ECONNREFUSED' });
    const zero = Object.assign(new TypeError('no code'), { code: 0 });
    const { otlp } = both({}, (span) => {
      span.recordException(coded);
      span.recordException(zero);
      span.end();
    });
    expect(otlp[1]).toEqual(otlp[0]);
    expect(JSON.stringify(otlp[0])).toContain('ECONNREFUSED');
    expect(JSON.stringify(otlp[0])).toContain('TypeError');
  });

  it("continues a caller's sampled trace with its trace state, as the SDK span does", () => {
    const { otlp, sdk, lean } = both({ parent: remoteParent(TraceFlags.SAMPLED) }, (span) => span.end());
    expect(lean.spanContext()).toEqual(sdk.spanContext());
    expect(lean.spanContext().traceState?.serialize()).toBe('vendor=value');
    expect(otlp[1]).toEqual(otlp[0]);
  });

  it('records nothing where the sampler drops the span, yet carries its context (parent-based, unsampled caller)', () => {
    const { exported, sdk, lean } = both({ sampler: new ParentBasedSampler({ root: new AlwaysOnSampler() }), parent: remoteParent(TraceFlags.NONE) }, (span) =>
      span.end(),
    );
    expect(exported).toEqual([]);
    expect(lean.isRecording()).toBe(false);
    expect(sdk.isRecording()).toBe(false);
    expect(lean.spanContext()).toEqual(sdk.spanContext());
  });

  it('takes the same ratio decision for the same trace ids', () => {
    const traceIds = Array.from({ length: 40 }, (_, at) => (at * 0x0123457).toString(16).padStart(8, '0').repeat(4));
    const decisions = traceIds.map((traceId) => {
      const { sdk, lean } = both({ sampler: new TraceIdRatioBasedSampler(0.5), traceIds: [traceId] }, (span) => span.end());
      expect(lean.spanContext().traceFlags).toBe(sdk.spanContext().traceFlags);
      return sdk.spanContext().traceFlags;
    });
    // Both decisions occur, so the comparison is not of one branch only.
    expect(new Set(decisions)).toEqual(new Set([TraceFlags.SAMPLED, TraceFlags.NONE]));
  });

  it('applies the span limits the provider holds (value length, attribute count) as the SDK span does', () => {
    const { otlp } = both({ limits: { attributeValueLengthLimit: 4, attributeCountLimit: 3 } }, (span) => {
      span.setAttribute('http.response.status_code', 200);
      span.end();
    });
    expect(otlp[1]).toEqual(otlp[0]);
    const kept = (otlp[0]!.span.attributes as { key: string; value: { stringValue?: string } }[]).map(({ key, value }) => [key, value.stringValue]);
    expect(kept).toEqual([
      ['http.request.method', 'GET'],
      ['http.route', '/v2/'],
      ['server.address', 'api.'],
    ]);
  });
});
