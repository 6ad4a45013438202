import { context, propagation, trace } from '@opentelemetry/api';
import { followHttpClients } from './http-client-spans';
import type { SpanLimits } from '@opentelemetry/sdk-trace-base';
import { useTracer } from './tracing';

/** OTEL_TRACES_SAMPLER's values this service offers (the specification's, less the remote ones). */
export type SamplerName = 'always_on' | 'always_off' | 'traceidratio' | 'parentbased_always_on' | 'parentbased_always_off' | 'parentbased_traceidratio';

/** What the tracing SDK is started with: the OTEL_* variables, parsed by the configuration and mapped by the composition root. */
export interface TracingSettings {
  /** Where spans are POSTed (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, or OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces). */
  url: string;
  protocol: 'http/protobuf' | 'http/json';
  /** Headers of every export (OTEL_EXPORTER_OTLP_HEADERS): a vendor's key, never put in a span. */
  headers: Record<string, string>;
  serviceName: string;
  resourceAttributes: Record<string, string>;
  sampler: SamplerName;
  /** The ratio of the ratio samplers (OTEL_TRACES_SAMPLER_ARG, 1 when unset). */
  ratio: number;
  /** The GPU job service's URL, so its calls are named as the engine's (the OpenAI-style engines are known by their paths). */
  gpuJobsUrl?: string;
}

export interface RunningTracing {
  /** Sends the spans still buffered, then stops: on a graceful stop, after the work it traced. */
  shutdown(): Promise<void>;
}

/**
 * Loads and starts the OpenTelemetry SDK: only called when an endpoint is set, so a deployment
 * without one never loads it (the imports are dynamic). Spans leave in batches over OTLP/HTTP,
 * encoded and sent by OpenTelemetry's exporter on a thread of its own (`span-export-thread.ts`);
 * an HTTP request's server span is made leaner than the SDK's (`request-span.ts`). The active span follows the work through `await`s by AsyncLocalStorage, which only this turns
 * on, and only while a traced scope is open (`scoped-context.ts`; the service itself passes its
 * request ids explicitly and keeps no ambient context).
 */
export async function startTracing(settings: TracingSettings, version: string): Promise<RunningTracing> {
  const [
    base,
    { resourceFromAttributes },
    { W3CTraceContextPropagator },
    { ScopedContextManager },
    { PooledIdGenerator },
    { ThreadSpanExporter },
    { requestSpans },
  ] = await Promise.all([
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/core'),
    import('./scoped-context'),
    import('./trace-ids'),
    import('./span-export-thread'),
    import('./request-span'),
  ]);
  const ratio = () => new base.TraceIdRatioBasedSampler(settings.ratio);
  const samplers = {
    always_on: () => new base.AlwaysOnSampler(),
    always_off: () => new base.AlwaysOffSampler(),
    traceidratio: ratio,
    parentbased_always_on: () => new base.ParentBasedSampler({ root: new base.AlwaysOnSampler() }),
    parentbased_always_off: () => new base.ParentBasedSampler({ root: new base.AlwaysOffSampler() }),
    parentbased_traceidratio: () => new base.ParentBasedSampler({ root: ratio() }),
  } satisfies Record<SamplerName, () => unknown>;
  // The variable's attributes first: the service's name and version are the variables' own.
  const resource = resourceFromAttributes({ ...settings.resourceAttributes, 'service.name': settings.serviceName, 'service.version': version });
  const sampler = samplers[settings.sampler]();
  const ids = new PooledIdGenerator();
  // The batch processor (its queue, schedule and OTEL_BSP_* settings) on this thread; the OTLP exporter on one of its own.
  const processor = new base.BatchSpanProcessor(new ThreadSpanExporter({ url: settings.url, protocol: settings.protocol, headers: settings.headers }).open());
  const provider = new base.BasicTracerProvider({ resource, sampler, idGenerator: ids, spanProcessors: [processor] });
  const contextManager = new ScopedContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  const scope = { name: 'persona-platform', version };
  const tracer = provider.getTracer(scope.name, scope.version);
  useTracer(tracer, requestSpans({ sampler, ids, processor, resource, scope, limits: spanLimitsOf(tracer) }));
  const unfollow = followHttpClients(settings.gpuJobsUrl);
  return {
    async shutdown() {
      unfollow();
      useTracer(null);
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}

/**
 * The span limits the SDK's tracer applies (its defaults, and OTEL_SPAN_ATTRIBUTE_* and the
 * like from the environment, merged by the provider), for the request spans to apply the same:
 * the SDK exposes them on no public API, so they are read from its tracer (pinned version; the
 * request span's test holds both to the same truncation).
 */
function spanLimitsOf(tracer: unknown): SpanLimits {
  return (tracer as { _spanLimits?: SpanLimits })._spanLimits ?? {};
}
