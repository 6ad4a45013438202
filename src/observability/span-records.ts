import type { Attributes, HrTime, Link, SpanContext, SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { hrTimeDuration, TraceState } from '@opentelemetry/core';
import { resourceFromAttributes } from '@opentelemetry/resources';
import type { ReadableSpan, TimedEvent } from '@opentelemetry/sdk-trace-base';

/**
 * Ended spans as they cross to the export thread (`span-export-thread.ts`): each span's fields
 * one after another in one flat array a batch, which the structured clone copies in about a
 * microsecond a span (an object or an array a span, and one a time or a context inside it,
 * cost twice that), where the SDK's span objects cannot cross at all (they hold their processor
 * and context). Rebuilt on the other side into what OpenTelemetry's exporters read of a
 * `ReadableSpan` (pinned versions: a test holds the rebuilt spans' OTLP, byte for byte, to what
 * the exporter's serialiser makes of the SDK's own spans).
 */
export interface SpanBatch {
  /** Each distinct resource of the batch once (one per provider: one in this service). */
  resources: { attributes: Attributes; schemaUrl?: string }[];
  /** Each distinct instrumentation scope once: [name, version, schemaUrl]. */
  scopes: [string, string | undefined, string | undefined][];
  /** `SPAN_FIELDS` values of each span in turn. */
  spans: unknown[];
}

/** One span's values in a batch, in this order. The parent's trace is the span's own; its trace state is not carried (no exporter reads it). */
type SpanFields = [
  name: string,
  kind: SpanKind,
  traceId: string,
  spanId: string,
  traceFlags: number,
  traceState: string | undefined,
  isRemote: boolean | undefined,
  parentSpanId: string | undefined,
  parentTraceFlags: number | undefined,
  parentIsRemote: boolean | undefined,
  startSeconds: number,
  startNanos: number,
  endSeconds: number,
  endNanos: number,
  statusCode: SpanStatusCode,
  statusMessage: string | undefined,
  attributes: Attributes,
  droppedAttributesCount: number,
  events: TimedEvent[] | undefined,
  droppedEventsCount: number,
  links: LinkRecord[] | undefined,
  droppedLinksCount: number,
  resource: number,
  scope: number,
];
const SPAN_FIELDS = 24;

/** A link's context as it crosses: the trace state as its header value (its class does not cross). */
type LinkRecord = [
  traceId: string,
  spanId: string,
  traceFlags: number,
  traceState: string | undefined,
  isRemote: boolean | undefined,
  attributes: Attributes | undefined,
  droppedAttributesCount: number | undefined,
];

/** The batch the export thread rebuilds `spans` from. */
export function toBatch(spans: readonly ReadableSpan[]): SpanBatch {
  const batch: SpanBatch = { resources: [], scopes: [], spans: [] };
  const resources = new Map<unknown, number>();
  const scopes = new Map<unknown, number>();
  for (const span of spans) {
    let resource = resources.get(span.resource);
    if (resource === undefined) {
      resources.set(span.resource, (resource = batch.resources.length));
      batch.resources.push({ attributes: span.resource.attributes, schemaUrl: span.resource.schemaUrl });
    }
    let scope = scopes.get(span.instrumentationScope);
    if (scope === undefined) {
      const { name, version, schemaUrl } = span.instrumentationScope;
      scopes.set(span.instrumentationScope, (scope = batch.scopes.length));
      batch.scopes.push([name, version, schemaUrl]);
    }
    const context = span.spanContext();
    const parent = span.parentSpanContext;
    batch.spans.push(
      span.name,
      span.kind,
      context.traceId,
      context.spanId,
      context.traceFlags,
      context.traceState?.serialize() || undefined,
      context.isRemote,
      parent?.spanId,
      parent?.traceFlags,
      parent?.isRemote,
      span.startTime[0],
      span.startTime[1],
      span.endTime[0],
      span.endTime[1],
      span.status.code,
      span.status.message,
      span.attributes,
      span.droppedAttributesCount,
      span.events.length > 0 ? span.events : undefined,
      span.droppedEventsCount,
      span.links.length > 0 ? span.links.map(linkRecord) : undefined,
      span.droppedLinksCount,
      resource,
      scope,
    );
  }
  return batch;
}

function linkRecord({ context, attributes, droppedAttributesCount }: Link): LinkRecord {
  return [
    context.traceId,
    context.spanId,
    context.traceFlags,
    context.traceState?.serialize() || undefined,
    context.isRemote,
    attributes,
    droppedAttributesCount,
  ];
}

function spanContext(traceId: string, spanId: string, traceFlags: number, traceState: string | undefined, isRemote: boolean | undefined): SpanContext {
  return { traceId, spanId, traceFlags, ...(traceState && { traceState: new TraceState(traceState) }), ...(isRemote !== undefined && { isRemote }) };
}

/** The spans of a batch, as the exporters read them. */
export function fromBatch(batch: SpanBatch): ReadableSpan[] {
  const resources = batch.resources.map(({ attributes, schemaUrl }) => resourceFromAttributes(attributes, { schemaUrl }));
  const scopes = batch.scopes.map(([name, version, schemaUrl]) => ({ name, version, schemaUrl }));
  const spans: ReadableSpan[] = [];
  for (let at = 0; at < batch.spans.length; at += SPAN_FIELDS) {
    const [
      name,
      kind,
      traceId,
      spanId,
      traceFlags,
      traceState,
      isRemote,
      parentSpanId,
      parentTraceFlags,
      parentIsRemote,
      startSeconds,
      startNanos,
      endSeconds,
      endNanos,
      statusCode,
      statusMessage,
      attributes,
      droppedAttributesCount,
      events,
      droppedEventsCount,
      links,
      droppedLinksCount,
      resource,
      scope,
    ] = batch.spans.slice(at, at + SPAN_FIELDS) as SpanFields;
    const context = spanContext(traceId, spanId, traceFlags, traceState, isRemote);
    const startTime: HrTime = [startSeconds, startNanos];
    const endTime: HrTime = [endSeconds, endNanos];
    spans.push({
      name,
      kind,
      spanContext: () => context,
      parentSpanContext: parentSpanId === undefined ? undefined : spanContext(traceId, parentSpanId, parentTraceFlags ?? 0, undefined, parentIsRemote),
      startTime,
      endTime,
      duration: hrTimeDuration(startTime, endTime),
      ended: true,
      status: statusMessage === undefined ? { code: statusCode } : { code: statusCode, message: statusMessage },
      attributes,
      droppedAttributesCount,
      events: events ?? [],
      droppedEventsCount,
      links: (links ?? []).map(([linkTraceId, linkSpanId, linkFlags, linkState, linkRemote, linkAttributes, linkDropped]): Link => ({
        context: spanContext(linkTraceId, linkSpanId, linkFlags, linkState, linkRemote),
        ...(linkAttributes && { attributes: linkAttributes }),
        ...(linkDropped !== undefined && { droppedAttributesCount: linkDropped }),
      })),
      droppedLinksCount,
      resource: resources[resource]!,
      instrumentationScope: scopes[scope]!,
    });
  }
  return spans;
}
