import { randomUUID } from 'node:crypto';
import type { DeliverWebhookJob } from './webhook.queues';
import { traceOrigin } from '../shared/queued-work';
import type { RecordWrite, Versioned } from '../../store/record-store';
import { COMPLETION_KIND, type CompletionRecord } from '../completion/completion.types';
import { DOCUMENT_KIND, KNOWLEDGE_BASE_KIND, type DocumentRecord, type KnowledgeBaseRecord } from '../knowledge-base/knowledge-base.types';
import { TRANSCRIPT_KIND, type TranscriptRecord } from '../transcription/transcript.types';
import { VOICE_KIND, type VoiceRecord } from '../voice/voice.types';
import type { EndpointDirectory } from './endpoint-directory';
import type { ResourceBodies } from './webhook.ports';
import { subscribesTo, type WebhookEndpointRecord, type WebhookEventType } from './webhook.types';

export interface WebhookDispatcherDeps {
  directory: EndpointDirectory;
  bodies: ResourceBodies;
  /** The knowledge base a document belongs to, whose name its event carries. */
  knowledgeBase(id: string): Promise<KnowledgeBaseRecord | null>;
}

/** An outbox entry of webhook deliveries, as the dispatcher leaves it and the outbox drainer reads it. */
export interface WebhookOutboxEntry {
  webhooks: DeliverWebhookJob[];
  /** The W3C trace context of the work that wrote, when tracing is on. */
  traceparent?: string;
  tracestate?: string;
}

/** An event for partners' endpoints: its type, and its data, rendered only once someone listens (null: nothing to send). */
interface PartnerEvent {
  type: WebhookEventType;
  partners: readonly string[];
  data: () => Promise<object | null> | object | null;
}

/**
 * Turns writes into webhook deliveries, recorded in the outbox by the write itself (the record
 * store asks before every write), so no change can bypass it and none loses its event when
 * its process dies after the write: a worker hands the outbox's deliveries to the queue. It
 * costs a write of a partner without webhooks one look into the in-process endpoint
 * directory. A change is sent when the resource's REST body changes (progress-only writes do
 * not change it); transcripts and completions are sent when they finish; voices, documents and
 * knowledge bases when deleted.
 */
export class WebhookDispatcher {
  constructor(private readonly deps: WebhookDispatcherDeps) {}

  /** The outbox entry of a write: its deliveries, or nothing when nobody listens. */
  readonly outboxEntries = async (write: RecordWrite): Promise<readonly string[]> => {
    const deliveries = await (write.deleted ? this.deletionsOf(write) : this.deliveriesOf(write));
    if (deliveries.length === 0) return [];
    // The write's trace goes with its deliveries, so they are spans of the same trace.
    const entry: WebhookOutboxEntry = { webhooks: deliveries, ...traceOrigin() };
    return [JSON.stringify(entry)];
  };

  private async deliveriesOf(write: RecordWrite): Promise<DeliverWebhookJob[]> {
    const { bodies } = this.deps;
    switch (write.kind) {
      case VOICE_KIND:
        return this.changed(recordsOf<VoiceRecord>(write), 'voice.updated', bodies.voice);
      case DOCUMENT_KIND:
        return this.changed(recordsOf<DocumentRecord>(write), 'document.updated', bodies.document, async (document) => ({
          knowledge_base: (await this.deps.knowledgeBase(document.kbId))?.name ?? null,
        }));
      case KNOWLEDGE_BASE_KIND:
        // The embedding status is born idle with its knowledge base: only its changes are news.
        if (!write.previous) return [];
        return this.changed(recordsOf<KnowledgeBaseRecord>(write), 'knowledge_base.embedding.updated', bodies.knowledgeBaseEmbedding, (kb) => ({
          knowledge_base: kb.name,
        }));
      case TRANSCRIPT_KIND:
        return this.transcriptFinished(recordsOf<TranscriptRecord>(write));
      case COMPLETION_KIND:
        return this.completionFinished(recordsOf<CompletionRecord>(write));
      default:
        return [];
    }
  }

  private async deletionsOf(write: RecordWrite): Promise<DeliverWebhookJob[]> {
    const { bodies } = this.deps;
    switch (write.kind) {
      case VOICE_KIND:
        return this.deleted(recordsOf<VoiceRecord>(write), 'voice.deleted', bodies.voice);
      case DOCUMENT_KIND:
        // A knowledge base deleted whole is one knowledge_base.deleted: it goes first, and
        // the documents removed after it send nothing of their own.
        return this.deleted(recordsOf<DocumentRecord>(write), 'document.deleted', bodies.document, async (document) => {
          const kb = await this.deps.knowledgeBase(document.kbId);
          return kb && { knowledge_base: kb.name };
        });
      case KNOWLEDGE_BASE_KIND:
        return this.deleted(recordsOf<KnowledgeBaseRecord>(write), 'knowledge_base.deleted', bodies.knowledgeBaseEmbedding, (kb) => ({
          knowledge_base: kb.name,
        }));
      default:
        return [];
    }
  }

  /** A deleted resource as its GET answered last, with the version of its deletion; `context` null sends nothing. */
  private deleted<T extends Versioned & { partner: string }>(
    { next }: Change<T>,
    type: WebhookEventType,
    render: (record: T) => object,
    context: (record: T) => Promise<object | null> | object = () => ({}),
  ): Promise<DeliverWebhookJob[]> {
    return this.toEndpoints({
      type,
      partners: [next.partner],
      data: async () => {
        const extra = await context(next);
        return extra && { ...render(next), ...extra, version: next.version };
      },
    });
  }

  /** A partner's resource whose REST body changed (a new resource counts). */
  private async changed<T extends Versioned & { partner: string }>(
    write: Change<T>,
    type: WebhookEventType,
    render: (record: T) => object,
    context: (record: T) => Promise<object> | object = () => ({}),
  ): Promise<DeliverWebhookJob[]> {
    const { previous, next } = write;
    return this.toEndpoints({
      type,
      partners: [next.partner],
      data: async () => {
        const body = render(next);
        if (previous && sameState(render(previous), body)) return null;
        return { ...body, ...(await context(next)), version: next.version };
      },
    });
  }

  private async transcriptFinished({ previous, next }: Change<TranscriptRecord>): Promise<DeliverWebhookJob[]> {
    if (previous?.status === next.status || (next.status !== 'completed' && next.status !== 'error')) return [];
    const type = next.status === 'completed' ? 'transcript.completed' : 'transcript.error';
    const body = this.deps.bodies.transcript(next);
    const deliveries = await this.toEndpoints({ type, partners: next.partners, data: () => ({ ...body, version: next.version }) });
    if (next.webhook) {
      deliveries.push({
        deliveryId: randomUUID(),
        redelivery: 0,
        messageId: messageId(),
        type,
        createdAt: new Date().toISOString(),
        // The transcript exactly as its GET answers it, as AssemblyAI-style clients expect.
        body: JSON.stringify(body),
        target: { kind: 'transcript', transcriptId: next.id, keyId: next.keyId },
      });
    }
    return deliveries;
  }

  private completionFinished({ previous, next }: Change<CompletionRecord>): Promise<DeliverWebhookJob[]> {
    if (previous?.state === next.state || next.state === 'in-progress') return Promise.resolve([]);
    return this.toEndpoints({
      type: next.state === 'completed' ? 'completion.completed' : 'completion.failed',
      partners: next.partners,
      data: () => ({ ...this.deps.bodies.completion(next), version: next.version }),
    });
  }

  /** One delivery per subscribed endpoint of the event's partners, all with one body and one message id. */
  private async toEndpoints(event: PartnerEvent): Promise<DeliverWebhookJob[]> {
    if (event.partners.length === 0) return [];
    const endpoints: WebhookEndpointRecord[] = (await Promise.all(event.partners.map((partner) => this.deps.directory.endpointsOf(partner))))
      .flat()
      .filter((endpoint) => subscribesTo(endpoint, event.type));
    if (endpoints.length === 0) return [];
    const data = await event.data();
    if (data === null) return [];
    const createdAt = new Date().toISOString();
    const body = JSON.stringify({ type: event.type, timestamp: createdAt, data });
    const id = messageId();
    return endpoints.map((endpoint) => ({
      deliveryId: randomUUID(),
      redelivery: 0,
      messageId: id,
      type: event.type,
      createdAt,
      body,
      target: { kind: 'endpoint', endpointId: endpoint.id, partner: endpoint.partner },
    }));
  }
}

type Change<T> = { previous: T | null; next: T };

/** The write's records as the type its kind names. */
function recordsOf<T>(write: RecordWrite): Change<T> {
  return { previous: write.previous as T | null, next: write.next as T };
}

/** Standard Webhooks message ids: unique per event, kept across retries so receivers can drop repeats. */
function messageId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`;
}

/** The same state as far as a partner can see: `updated_at` alone moves on writes that change nothing visible. */
function sameState(before: object, after: object): boolean {
  const { updated_at: _before, ...restBefore } = before as Record<string, unknown>;
  const { updated_at: _after, ...restAfter } = after as Record<string, unknown>;
  return JSON.stringify(restBefore) === JSON.stringify(restAfter);
}
