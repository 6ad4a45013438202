import {
  SpanKind,
  SpanStatusCode,
  TraceFlags,
  trace,
  type AttributeValue,
  type Attributes,
  type Context,
  type Exception,
  type HrTime,
  type Link,
  type Span,
  type SpanContext,
  type SpanStatus,
  type TimeInput,
} from '@opentelemetry/api';
import { addHrTimes, hrTimeDuration, isAttributeValue, millisToHrTime, timeInputToHrTime, type InstrumentationScope } from '@opentelemetry/core';
import type { Resource } from '@opentelemetry/resources';
import {
  SamplingDecision,
  type IdGenerator,
  type ReadableSpan,
  type Sampler,
  type SpanLimits,
  type SpanProcessor,
  type TimedEvent,
} from '@opentelemetry/sdk-trace-base';

/** What a request span is made with: the SDK's own sampler, ids, processor, resource and limits, as the provider holds them. */
export interface RequestSpanParts {
  sampler: Sampler;
  ids: IdGenerator;
  processor: SpanProcessor;
  resource: Resource;
  scope: InstrumentationScope;
  limits: SpanLimits;
}

/** Starts a request's server span: recording, or a non-recording one carrying the context when the sampler drops it. */
export type RequestSpanMaker = (name: string, attributes: Attributes, parent: Context) => Span;

/**
 * The server span of an HTTP request, made without the SDK's Tracer and span class, for the one
 * span made thousands of times a second. The SDK's path checks and copies the attributes three
 * times (two `sanitizeAttributes` and a `setAttribute` each), asks its own metrics, and keeps
 * two dozen fields a span: measured in the running service (every request a trace, read load),
 * making and ending it cost about three times this class. Everything else is the SDK's: the
 * sampler decides (its attributes and trace state included), the ids come from the provider's
 * generator, and the ended span goes to the provider's span processor and exporter like any
 * other. A test holds the two to the same OTLP for the same inputs (test/platform/request-span.test.ts),
 * on the SDK's pinned version.
 *
 * The attributes given at the start are the door's own (strings and numbers it built), so they
 * are taken as they are unless a limit could bind; later ones are checked as the SDK checks them.
 */
export function requestSpans(parts: RequestSpanParts): RequestSpanMaker {
  const valueLimit = parts.limits.attributeValueLengthLimit ?? Infinity;
  const countLimit = parts.limits.attributeCountLimit ?? Infinity;
  return (name, attributes, parent) => {
    const parentSpan = trace.getSpanContext(parent);
    const validParent = parentSpan && trace.isSpanContextValid(parentSpan) ? parentSpan : undefined;
    const traceId = validParent ? validParent.traceId : parts.ids.generateTraceId();
    const spanId = parts.ids.generateSpanId();
    const sampled = parts.sampler.shouldSample(parent, traceId, name, SpanKind.SERVER, attributes, NO_LINKS);
    const traceState = sampled.traceState ?? validParent?.traceState;
    const spanContext: SpanContext = {
      traceId,
      spanId,
      traceFlags: sampled.decision === SamplingDecision.RECORD_AND_SAMPLED ? TraceFlags.SAMPLED : TraceFlags.NONE,
      ...(traceState && { traceState }),
    };
    if (sampled.decision === SamplingDecision.NOT_RECORD) return trace.wrapSpanContext(spanContext);
    const given = Object.keys(attributes).length;
    const span =
      valueLimit === Infinity && given <= countLimit
        ? new RequestSpan(name, spanContext, validParent, parts, valueLimit, countLimit, attributes, given)
        : new RequestSpan(name, spanContext, validParent, parts, valueLimit, countLimit, {}, 0).setAttributes(attributes);
    if (sampled.attributes) span.setAttributes(sampled.attributes);
    parts.processor.onStart(span, parent);
    return span;
  };
}

/**
 * What a span holds until something is added: shared and frozen, replaced by its own at the
 * first addition, so a request span is made with one object less for each (most are never added to).
 */
const NO_LINKS = Object.freeze([]) as unknown as Link[];
const NO_EVENTS = Object.freeze([]) as unknown as TimedEvent[];
const UNSET: SpanStatus = Object.freeze({ code: SpanStatusCode.UNSET });
const NOT_ENDED = Object.freeze([0, 0]) as unknown as HrTime;
const NO_DURATION = Object.freeze([-1, -1]) as unknown as HrTime;

class RequestSpan implements Span, ReadableSpan {
  readonly kind = SpanKind.SERVER;
  links = NO_LINKS;
  events = NO_EVENTS;
  status = UNSET;
  readonly startTime: HrTime = millisToHrTime(Date.now());
  endTime = NOT_ENDED;
  duration = NO_DURATION;
  ended = false;
  droppedAttributesCount = 0;
  droppedEventsCount = 0;
  droppedLinksCount = 0;
  readonly resource: Resource;
  readonly instrumentationScope: InstrumentationScope;
  /** The monotonic clock at the start: the end is the start plus the time elapsed on it, as the SDK's spans measure. */
  private readonly startedAt = performance.now();

  constructor(
    public name: string,
    private readonly context: SpanContext,
    readonly parentSpanContext: SpanContext | undefined,
    private readonly parts: RequestSpanParts,
    private readonly valueLimit: number,
    private readonly countLimit: number,
    public attributes: Attributes,
    private attributeCount: number,
  ) {
    this.resource = parts.resource;
    this.instrumentationScope = parts.scope;
  }

  spanContext(): SpanContext {
    return this.context;
  }

  isRecording(): boolean {
    return !this.ended;
  }

  setAttribute(key: string, value: AttributeValue | undefined): this {
    if (value == null || this.ended || key.length === 0 || !isAttributeValue(value)) return this;
    if (!Object.hasOwn(this.attributes, key)) {
      if (this.attributeCount >= this.countLimit) {
        this.droppedAttributesCount++;
        return this;
      }
      this.attributeCount++;
    }
    this.attributes[key] = this.truncated(value);
    return this;
  }

  setAttributes(attributes: Attributes): this {
    for (const key of Object.keys(attributes)) this.setAttribute(key, attributes[key]);
    return this;
  }

  addEvent(name: string, attributesOrTime?: Attributes | TimeInput, time?: TimeInput): this {
    if (this.ended) return this;
    const limit = this.parts.limits.eventCountLimit ?? Infinity;
    if (this.events === NO_EVENTS) this.events = [];
    if (this.events.length >= limit) {
      this.droppedEventsCount++;
      if (limit === 0) return this;
      this.events.shift();
    }
    const isTime = attributesOrTime instanceof Date || typeof attributesOrTime === 'number' || Array.isArray(attributesOrTime);
    const at = isTime ? attributesOrTime : time;
    const attributes: Attributes = {};
    if (!isTime && attributesOrTime)
      for (const [key, value] of Object.entries(attributesOrTime)) if (isAttributeValue(value)) attributes[key] = this.truncated(value);
    this.events.push({ name, attributes, time: at === undefined ? this.now() : timeInputToHrTime(at), droppedAttributesCount: 0 });
    return this;
  }

  addLink(link: Link): this {
    if (this.ended) return this;
    const limit = this.parts.limits.linkCountLimit ?? Infinity;
    if (this.links === NO_LINKS) this.links = [];
    if (this.links.length >= limit) {
      this.droppedLinksCount++;
      if (limit === 0) return this;
      this.links.shift();
    }
    this.links.push(
      link.attributes && Object.keys(link.attributes).length > 0 ? { context: link.context, attributes: link.attributes } : { context: link.context },
    );
    return this;
  }

  addLinks(links: Link[]): this {
    for (const link of links) this.addLink(link);
    return this;
  }

  /** As the SDK's: UNSET changes nothing, OK is final, a message is kept only with ERROR. */
  setStatus(status: SpanStatus): this {
    if (this.ended || status.code === SpanStatusCode.UNSET || this.status.code === SpanStatusCode.OK) return this;
    this.status =
      status.code === SpanStatusCode.ERROR && typeof status.message === 'string' ? { code: status.code, message: status.message } : { code: status.code };
    return this;
  }

  updateName(name: string): this {
    if (!this.ended) this.name = name;
    return this;
  }

  recordException(exception: Exception, time?: TimeInput): void {
    const attributes: Attributes = {};
    if (typeof exception === 'string') attributes['exception.message'] = exception;
    else {
      // A code of 0 or '' names no type, as in the SDK's span: the class name does.
      const type = exception.code ? String(exception.code) : exception.name;
      if (type) attributes['exception.type'] = type;
      if (exception.message) attributes['exception.message'] = exception.message;
      if (exception.stack) attributes['exception.stacktrace'] = exception.stack;
    }
    if (attributes['exception.type'] || attributes['exception.message']) this.addEvent('exception', attributes, time);
  }

  end(endTime?: TimeInput): void {
    if (this.ended) return;
    if (endTime === undefined) {
      this.duration = millisToHrTime(performance.now() - this.startedAt);
      this.endTime = addHrTimes(this.startTime, this.duration);
    } else {
      this.endTime = timeInputToHrTime(endTime);
      this.duration = hrTimeDuration(this.startTime, this.endTime);
    }
    if (this.duration[0] < 0) {
      this.endTime = [...this.startTime];
      this.duration = [0, 0];
    }
    this.ended = true;
    this.parts.processor.onEnd(this);
  }

  private now(): HrTime {
    return addHrTimes(this.startTime, millisToHrTime(performance.now() - this.startedAt));
  }

  private truncated(value: AttributeValue): AttributeValue {
    const limit = this.valueLimit;
    if (limit === Infinity) return value;
    if (typeof value === 'string') return value.slice(0, limit);
    if (Array.isArray(value)) return value.map((each: unknown) => (typeof each === 'string' ? each.slice(0, limit) : each)) as AttributeValue;
    return value;
  }
}
