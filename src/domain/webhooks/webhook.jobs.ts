import type { JobOrigin, QueueRegistry } from '../../queues/queue-registry';
import { queuedWork, RecordJobs, type QueuedWork } from '../shared/queued-work';
import type { WebhookDeliveryService } from './webhook-delivery.service';
import type { WebhookOutboxEntry } from './webhook-dispatcher';
import { deliverWebhookQueue, type DeliverWebhookJob } from './webhook.queues';
import { WEBHOOK_DELIVERY_KIND, type WebhookDeliveryRecord } from './webhook.types';

export interface DeliveryRetries {
  /** Attempts per delivery (WEBHOOK_ATTEMPTS). */
  attempts: number;
  /** The first retry's delay; each later one doubles it (WEBHOOK_BACKOFF_MS). */
  backoffMs: number;
}

/** The job of a delivery's current series, rebuilt from its record, which holds the whole event. */
function deliveryJob(delivery: WebhookDeliveryRecord): DeliverWebhookJob {
  return {
    deliveryId: delivery.id,
    redelivery: delivery.redelivery,
    messageId: delivery.messageId,
    type: delivery.type,
    createdAt: delivery.createdAt,
    body: delivery.body,
    target: delivery.target,
  };
}

/** Queues deliveries with the deployment's retry schedule, and says which job a pending delivery waits in. */
export class WebhookJobs extends RecordJobs<WebhookDeliveryRecord, Pick<WebhookDeliveryService, 'fail'>> {
  readonly kind = WEBHOOK_DELIVERY_KIND;
  readonly waitsIn = [deliverWebhookQueue];

  constructor(
    queues: QueueRegistry,
    private readonly retries: DeliveryRetries,
  ) {
    super(queues);
  }

  /**
   * The deliveries a write left in the outbox (see WebhookDispatcher). Their ids were made with
   * the write, so handing an entry on again (a drainer died before settling it) adds nothing:
   * a job with the same id is not added twice, and a delivery already made is not made again.
   */
  async addFromOutbox(entry: string): Promise<void> {
    const { webhooks, traceparent, tracestate } = JSON.parse(entry) as WebhookOutboxEntry;
    await this.add(webhooks, traceparent ? { trace: { traceparent, tracestate } } : undefined);
  }

  /** The new series of attempts its record was just moved to. */
  async redeliver(delivery: WebhookDeliveryRecord, origin?: JobOrigin): Promise<void> {
    await this.add([deliveryJob(delivery)], origin);
  }

  async add(deliveries: DeliverWebhookJob[], origin?: JobOrigin): Promise<void> {
    await this.queues.addBulk(deliverWebhookQueue, deliveries, origin, {
      attempts: this.retries.attempts,
      // Jitter spreads the retries of many deliveries that failed together (a receiver outage).
      backoff: { type: 'exponential', delay: this.retries.backoffMs, jitter: 0.2 },
    });
  }

  /** A pending delivery waits in its series' job: queued again from the record when lost. */
  workOf(delivery: WebhookDeliveryRecord): QueuedWork<Pick<WebhookDeliveryService, 'fail'>> | null {
    if (delivery.status !== 'pending') return null;
    const key = { deliveryId: delivery.id, redelivery: delivery.redelivery };
    return queuedWork({
      queue: deliverWebhookQueue,
      key,
      // Deliveries report no progress.
      reporting: false,
      since: delivery.updatedAt,
      payload: deliveryJob(delivery),
      fail: (deliveries, reason) => deliveries.fail(key, reason),
    });
  }
}
