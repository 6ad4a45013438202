import { context, propagation, trace } from '@opentelemetry/api';
import { followHttpClients } from './http-client-spans';
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
 * without one never loads it (the imports are dynamic). Spans leave in batches over OTLP/HTTP;
 * the active span follows the work through `await`s by AsyncLocalStorage, which only this turns
 * on, and only while a traced scope is open (`scoped-context.ts`; the service itself passes its
 * request ids explicitly and keeps no ambient context).
 */
export async function startTracing(settings: TracingSettings, version: string): Promise<RunningTracing> {
  const [base, { resourceFromAttributes }, { W3CTraceContextPropagator }, { ScopedContextManager }, { PooledIdGenerator }, { OTLPTraceExporter }] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/core'),
      import('./scoped-context'),
      import('./trace-ids'),
      settings.protocol === 'http/json' ? import('@opentelemetry/exporter-trace-otlp-http') : import('@opentelemetry/exporter-trace-otlp-proto'),
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
  const provider = new base.BasicTracerProvider({
    // The variable's attributes first: the service's name and version are the variables' own.
    resource: resourceFromAttributes({ ...settings.resourceAttributes, 'service.name': settings.serviceName, 'service.version': version }),
    sampler: samplers[settings.sampler](),
    idGenerator: new PooledIdGenerator(),
    spanProcessors: [new base.BatchSpanProcessor(new OTLPTraceExporter({ url: settings.url, headers: settings.headers }))],
  });
  const contextManager = new ScopedContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  useTracer(provider.getTracer('persona-platform', version));
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
