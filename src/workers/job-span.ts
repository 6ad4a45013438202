import type { Job } from 'bullmq';
import { contextOf, linkTo, SpanKind, startSpan, tracingOn, type Attributes, type Span } from '../observability/tracing';
import { keyLane, type AnyQueueDefinition } from '../queues/queue-registry';

/** The kind of resource each queue's jobs work on, for the `resource.kind` attribute. */
const RESOURCE_KINDS: Record<string, string> = {
  'voice-split': 'voice',
  'voice-embed': 'voice',
  transcribe: 'transcript',
  complete: 'completion',
  'kb-digitize': 'document',
  'kb-rewrite': 'document',
  'kb-embed': 'knowledge_base',
  'webhook-deliver': 'webhook_delivery',
};

const KEY_LANE = keyLane('');

/** The spans of the attempts under way, so the line that records a job's final failure names its trace. */
const spans = new WeakMap<Job, Span>();

export function spanOfJob(job: Job): Span | undefined {
  return spans.get(job);
}

/**
 * The span of one attempt of a job (each attempt, a retry included, is its own span), in the
 * trace of the request that queued it: its child, or for bulk work (a batch import, a bulk
 * rewrite: many jobs of one request) the root of a trace of its own with a link to the request,
 * so one request's hundred jobs do not make one unreadable trace. Undefined when tracing is off.
 * What it says: OpenTelemetry's messaging attributes (system, queue, job id), the job's kind and
 * attempt, whose it is (the partner, or the API key's id: never the key), the resource, and on
 * a first attempt how long the job waited for its turn (`fair_share.wait_ms`).
 */
export function startJobSpan(definition: AnyQueueDefinition, job: Job): Span | undefined {
  if (!tracingOn()) return undefined;
  const raw = (job.data ?? {}) as Record<string, unknown>;
  const origin = contextOf(raw);
  const bulk = raw.bulk === true;
  const attempt = job.attemptsStarted || job.attemptsMade + 1;
  const parsed = definition.schema.safeParse(raw);
  const lane = parsed.success ? definition.lane(parsed.data) : '';
  const kind = RESOURCE_KINDS[job.queueName];
  const attributes: Attributes = {
    'messaging.system': 'bullmq',
    'messaging.operation.type': 'process',
    'messaging.destination.name': job.queueName,
    'messaging.message.id': job.id,
    'job.kind': job.name,
    'job.attempt': attempt,
    'job.bulk': bulk,
    ...(lane.startsWith(KEY_LANE) ? { 'api_key.id': lane.slice(KEY_LANE.length) } : lane && { partner: lane }),
    ...(kind && { 'resource.kind': kind }),
    ...(parsed.success && definition.resource && { 'resource.id': definition.resource(parsed.data) }),
    ...(attempt === 1 && job.processedOn && { 'fair_share.wait_ms': Math.max(0, job.processedOn - job.timestamp) }),
    ...(typeof raw.requestId === 'string' && { 'http.request.id': raw.requestId }),
  };
  const span = startSpan(`process ${job.queueName}`, {
    kind: SpanKind.CONSUMER,
    attributes,
    ...(bulk ? { parent: contextOf(undefined), links: linkTo(origin) } : { parent: origin }),
  });
  if (span) spans.set(job, span);
  return span;
}
