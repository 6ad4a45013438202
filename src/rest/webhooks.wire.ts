import type { WebhookDeliveryRecord, WebhookEndpointRecord } from '../domain/webhooks/webhook.types';

/** An endpoint as every answer shows it; the secret only in the answer that created it. */
export function webhookEndpointJson(endpoint: WebhookEndpointRecord) {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    description: endpoint.description,
    status: endpoint.status,
    disabled_reason: endpoint.disabledReason,
    created_at: endpoint.createdAt,
    updated_at: endpoint.updatedAt,
  };
}

export function createdWebhookJson(endpoint: WebhookEndpointRecord) {
  return { ...webhookEndpointJson(endpoint), secret: endpoint.secret };
}

export function webhookDeliveryJson(delivery: WebhookDeliveryRecord) {
  return {
    id: delivery.id,
    event_id: delivery.messageId,
    type: delivery.type,
    status: delivery.status,
    error: delivery.error,
    redelivery: delivery.redelivery,
    created_at: delivery.createdAt,
    updated_at: delivery.updatedAt,
    attempts: delivery.attempts.map((attempt) => ({
      redelivery: attempt.redelivery,
      attempt: attempt.attempt,
      at: attempt.at,
      status_code: attempt.statusCode,
      latency_ms: attempt.latencyMs,
      error: attempt.error,
    })),
  };
}
