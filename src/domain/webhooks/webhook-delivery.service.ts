import type { DeliverWebhookJob } from './webhook.queues';
import type { TranscriptRecord } from '../transcription/transcript.types';
import { signDelivery } from './webhook-signature';
import type { EndpointDirectory } from './endpoint-directory';
import type { SendResult } from './webhook.ports';
import type { WebhookRepository } from './webhook.repository';
import type { WebhookDeliveryRecord } from './webhook.types';

export interface WebhookDeliveryServiceDeps {
  repository: WebhookRepository;
  directory: EndpointDirectory;
  transcript(id: string): Promise<TranscriptRecord | null>;
}

/** One attempt's request, signed for this attempt's time. */
export interface DeliveryRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export type AttemptOutcome = 'delivered' | 'gone' | 'retry';

/** Names one series of attempts of one delivery. */
export type DeliveryKey = Pick<DeliverWebhookJob, 'deliveryId' | 'redelivery'>;

const USER_AGENT = 'persona-platform-webhooks';

/**
 * The delivery side of webhooks, for the delivery worker: the only place that writes a
 * delivery's attempts and status, and that disables an endpoint whose receiver said 410.
 * A job can run twice and a redelivery supersedes the series before it: a job acts only on
 * a pending delivery of its own series.
 */
export class WebhookDeliveryService {
  constructor(private readonly deps: WebhookDeliveryServiceDeps) {}

  /** The request for this attempt, or null when there is nothing (left) to send. */
  async prepare(job: DeliverWebhookJob): Promise<DeliveryRequest | null> {
    const { repository } = this.deps;
    const { target } = job;
    const endpoint = target.kind === 'endpoint' ? await repository.endpoint(target.endpointId) : null;
    if (target.kind === 'endpoint' && !endpoint) {
      // Nobody can list a deleted endpoint's deliveries; one already recorded still ends.
      await this.end(job, 'failed', 'The endpoint was deleted');
      return null;
    }
    const delivery = (await repository.delivery(job.deliveryId)) ?? (await this.record(job));
    if (delivery.status !== 'pending' || delivery.redelivery !== job.redelivery) return null;

    const timestamp = Math.floor(Date.now() / 1000);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'webhook-id': job.messageId,
      'webhook-timestamp': String(timestamp),
    };
    if (endpoint) {
      if (endpoint.status !== 'enabled') {
        await this.end(job, 'failed', 'The endpoint is disabled');
        return null;
      }
      headers['webhook-signature'] = signDelivery(endpoint.secret, job.messageId, timestamp, job.body);
      return { url: endpoint.url, headers, body: job.body };
    }
    const transcript = target.kind === 'transcript' ? await this.deps.transcript(target.transcriptId) : null;
    if (!transcript?.webhook) {
      await this.end(job, 'failed', 'The transcript no longer exists');
      return null;
    }
    const { url, authHeader } = transcript.webhook;
    if (authHeader) headers[authHeader.name.toLowerCase()] = authHeader.value;
    return { url, headers, body: job.body };
  }

  /** Records one attempt: 2xx delivered it, 410 ends it (and disables an endpoint), anything else is retried. */
  async recordAttempt(job: DeliverWebhookJob, attempt: number, result: SendResult): Promise<AttemptOutcome> {
    const { statusCode } = result;
    const outcome: AttemptOutcome = statusCode !== null && statusCode >= 200 && statusCode < 300 ? 'delivered' : statusCode === 410 ? 'gone' : 'retry';
    const goneReason = 'The receiver answered 410 Gone';
    await this.deps.repository.updateDelivery(job.deliveryId, (current) => {
      if (current.redelivery !== job.redelivery || current.status !== 'pending') return null;
      const attempts = [...current.attempts, { redelivery: job.redelivery, attempt, at: new Date().toISOString(), ...result }];
      if (outcome === 'delivered') return { ...current, attempts, status: 'delivered', error: null };
      if (outcome === 'gone') return { ...current, attempts, status: 'failed', error: goneReason };
      return { ...current, attempts };
    });
    if (outcome === 'gone' && job.target.kind === 'endpoint') await this.disable(job.target.endpointId, job.target.partner, goneReason);
    return outcome;
  }

  /** The last attempt failed (or the job was lost): the delivery ends as failed with the reason. Idempotent. */
  async fail(job: DeliveryKey, reason: string): Promise<void> {
    await this.end(job, 'failed', reason);
  }

  private async end(job: DeliveryKey, status: 'failed', error: string): Promise<void> {
    await this.deps.repository.updateDelivery(job.deliveryId, (current) =>
      current.redelivery === job.redelivery && current.status === 'pending' ? { ...current, status, error } : null,
    );
  }

  private async disable(endpointId: string, partner: string, reason: string): Promise<void> {
    await this.deps.repository.updateEndpoint(endpointId, (current) =>
      current.status === 'enabled' ? { ...current, status: 'disabled', disabledReason: reason } : null,
    );
    this.deps.directory.forget(partner);
  }

  /** A delivery's record is made by its first attempt; the job held the event until then. */
  private async record(job: DeliverWebhookJob): Promise<WebhookDeliveryRecord> {
    try {
      return await this.deps.repository.createDelivery({
        id: job.deliveryId,
        messageId: job.messageId,
        type: job.type,
        target: job.target,
        body: job.body,
        status: 'pending',
        redelivery: job.redelivery,
        attempts: [],
        error: null,
        createdAt: job.createdAt,
        updatedAt: job.createdAt,
      });
    } catch (error) {
      // A second run of the same job got there first.
      const existing = await this.deps.repository.delivery(job.deliveryId);
      if (existing) return existing;
      throw error;
    }
  }
}
