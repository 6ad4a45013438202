import {
  context,
  createContextKey,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Link,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import type { RequestSpanMaker } from './request-span';

/**
 * The one door to tracing for the code that makes spans (the HTTP transport, the queues, the
 * worker runner, the child-process runner). Only OpenTelemetry's API is loaded here, a few
 * kilobytes of functions; the SDK is loaded by `tracing-sdk.ts` when an endpoint is set, and
 * hands its tracer over with `useTracer`. Until then every function here returns at its first
 * line (`tracer === null`): no span, no context switch, no propagation, nothing allocated.
 */
let tracer: Tracer | null = null;
/** The request spans' maker (`request-span.ts`), from the same SDK as the tracer. */
let requestSpanMaker: RequestSpanMaker | null = null;

export { SpanKind, type Span, type Context, type Attributes };

/** Called by the SDK when it starts (with its tracer and the request spans' maker) and stops (with nulls). */
export function useTracer(next: Tracer | null, makeRequestSpan: RequestSpanMaker | null = null): void {
  tracer = next;
  requestSpanMaker = next && makeRequestSpan;
}

export function tracingOn(): boolean {
  return tracer !== null;
}

/** The W3C trace context as carried in a job's data (and an outbox entry): the `traceparent` and `tracestate` headers' values. */
export interface TraceCarrier {
  traceparent?: string;
  tracestate?: string;
}

/** The context of the span under way, to carry to work done later; empty when tracing is off or nothing is traced. */
export function traceCarrier(from: Context = context.active()): TraceCarrier {
  if (tracer === null) return {};
  const carrier: TraceCarrier = {};
  propagation.inject(from, carrier);
  return carrier;
}

/** The context a carrier (request headers, a job's data, a connection_init payload) names; the root context when none. */
export function contextOf(carrier: Record<string, unknown> | undefined): Context {
  if (tracer === null || !carrier) return ROOT_CONTEXT;
  const { traceparent, tracestate } = carrier;
  if (typeof traceparent !== 'string') return ROOT_CONTEXT;
  return propagation.extract(ROOT_CONTEXT, typeof tracestate === 'string' ? { traceparent, tracestate } : { traceparent });
}

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /** The parent; the active context when not given. */
  parent?: Context;
  links?: Link[];
}

/** Starts a span, or returns undefined when tracing is off. End it with `endSpan`. */
export function startSpan(name: string, options: SpanOptions = {}): Span | undefined {
  if (tracer === null) return undefined;
  return tracer.startSpan(
    name,
    { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes, links: options.links },
    options.parent ?? context.active(),
  );
}

/**
 * Starts an HTTP request's server span (the child of `parent`, the caller's context), or returns
 * undefined when tracing is off: the SDK's sampling, ids and export, through a leaner span than
 * `startSpan`'s (`request-span.ts` says why). End it with `endSpan`.
 */
export function startRequestSpan(name: string, attributes: Attributes, parent: Context): Span | undefined {
  return requestSpanMaker?.(name, attributes, parent);
}

/** Runs `work` with `span` as the active span, so the spans and jobs it starts are its children. */
export function runInSpan<T>(span: Span | undefined, work: () => T): T {
  if (span === undefined) return work();
  return context.with(trace.setSpan(context.active(), span), work);
}

/**
 * Ends a span with its outcome: an error sets the status to ERROR with the error's class as
 * `error.type` and its message (the readable reason the resource records, never a secret: the
 * engines' keys and the webhook secrets are sent in headers, which no error repeats).
 */
export function endSpan(span: Span | undefined, error?: unknown, attributes?: Attributes): void {
  if (span === undefined) return;
  if (error !== undefined) {
    span.setAttribute('error.type', error instanceof Error ? error.constructor.name : typeof error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message.slice(0, 300) : undefined });
  }
  // After the error's class: a caller may say the error's type better (an HTTP status).
  if (attributes) span.setAttributes(attributes);
  span.end();
}

/**
 * Runs `work` in a child span of the active one, ended with its outcome; just `work` when
 * tracing is off or no span is active (a check at the start is no one's work).
 */
export async function traced<T>(name: string, attributes: Attributes, work: (span: Span | undefined) => Promise<T>): Promise<T> {
  if (tracer === null || !trace.getActiveSpan()) return work(undefined);
  const span = startSpan(name, { attributes });
  try {
    const result = await runInSpan(span, () => work(span));
    endSpan(span);
    return result;
  } catch (error) {
    endSpan(span, error);
    throw error;
  }
}

/** The engine `asEngine` names, carried in the active context. */
const ENGINE = createContextKey('persona-platform engine');

/**
 * Runs `work` with the HTTP client spans it makes naming `engine`, for an engine its requests
 * cannot tell apart: the diarizing speech-to-text is the OpenAI protocol's `/audio/transcriptions`
 * too, and by default at the same address as plain speech-to-text (ASR_DIARIZE_BASE_URL unset),
 * so neither the path nor the origin says which engine a request is for; only the caller knows.
 * A value in the trace context, not a header or a query: the request the engine sees stays as it
 * was, and the context already follows the work to undici's channels (the active span does).
 * Just `work` when tracing is off or no span is active (no client span would be made).
 */
export function asEngine<T>(engine: string, work: () => T): T {
  if (tracer === null || !trace.getActiveSpan()) return work();
  return context.with(context.active().setValue(ENGINE, engine), work);
}

/** The engine `asEngine` named for the work under way, if any. */
export function engineNamed(): string | undefined {
  const engine = context.active().getValue(ENGINE);
  return typeof engine === 'string' ? engine : undefined;
}

/** A link to the span a carrier names, for work that belongs to its own trace (bulk work started by one request). */
export function linkTo(parent: Context): Link[] {
  const linked = trace.getSpanContext(parent);
  return linked ? [{ context: linked }] : [];
}

/** `trace_id` and `span_id` of the active span, for log lines; empty when tracing is off or nothing is traced. */
export function traceFields(span?: Span): { trace_id?: string; span_id?: string } {
  if (tracer === null) return {};
  const spanContext = (span ?? trace.getActiveSpan())?.spanContext();
  if (!spanContext) return {};
  return { trace_id: spanContext.traceId, span_id: spanContext.spanId };
}
