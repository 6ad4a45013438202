import { deliveryJob, type WebhookDeliveryService } from '../domain/webhooks/webhook-delivery.service';
import { WEBHOOK_DELIVERY_KIND, type WebhookDeliveryRecord } from '../domain/webhooks/webhook.types';
import { deliverWebhookQueue } from '../domain/webhooks/webhook.queues';
import { sourceFor, type ReconcileSource } from './reconciler';

/** A pending delivery claims its series' job; its record holds the whole event, so a lost job is queued again. */
export function deliverWebhookReconcile(deliveries: WebhookDeliveryService): ReconcileSource {
  return sourceFor({
    queue: deliverWebhookQueue,
    kind: WEBHOOK_DELIVERY_KIND,
    claim: (delivery: WebhookDeliveryRecord) =>
      delivery.status === 'pending'
        ? {
            subject: `webhook delivery ${delivery.id}`,
            key: { deliveryId: delivery.id, redelivery: delivery.redelivery },
            since: delivery.updatedAt,
            payload: deliveryJob(delivery),
            fail: (reason: string) => deliveries.fail({ deliveryId: delivery.id, redelivery: delivery.redelivery }, reason),
          }
        : null,
  });
}
