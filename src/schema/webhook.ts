import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_ENDPOINT_STATUSES,
  WEBHOOK_EVENT_FILTERS,
  type DeliveryAttempt,
  type WebhookDeliveryRecord,
  type WebhookEndpointRecord,
  type WebhookEventFilter,
} from '../domain/webhooks/webhook.types';
import { builder } from './builder';

/** `voice.updated` → VOICE_UPDATED; the `*` wildcard → ALL. */
function eventEnumName(event: WebhookEventFilter): string {
  return event === '*' ? 'ALL' : event.toUpperCase().replaceAll('.', '_');
}

export const WebhookEventEnum = builder.enumType('WebhookEvent', {
  description: 'What an endpoint hears of; ALL is every event, present and future.',
  values: Object.fromEntries(
    WEBHOOK_EVENT_FILTERS.map((event) => [eventEnumName(event), { value: event, description: event === '*' ? 'Every event (`*`).' : `\`${event}\`` }]),
  ),
});

export const WebhookEndpointStatusEnum = builder.enumType('WebhookEndpointStatus', {
  description: 'DISABLED once its receiver answered 410 Gone.',
  values: Object.fromEntries(WEBHOOK_ENDPOINT_STATUSES.map((status) => [status.toUpperCase(), { value: status }])) as Record<
    'ENABLED' | 'DISABLED',
    { value: (typeof WEBHOOK_ENDPOINT_STATUSES)[number] }
  >,
});

export const WebhookDeliveryStatusEnum = builder.enumType('WebhookDeliveryStatus', {
  description: 'PENDING while attempts remain, then DELIVERED (a 2xx answer) or FAILED.',
  values: Object.fromEntries(WEBHOOK_DELIVERY_STATUSES.map((status) => [status.toUpperCase(), { value: status }])) as Record<
    'PENDING' | 'DELIVERED' | 'FAILED',
    { value: (typeof WEBHOOK_DELIVERY_STATUSES)[number] }
  >,
});

export const WebhookEndpointRef = builder.objectRef<WebhookEndpointRecord>('WebhookEndpoint').implement({
  description: "A partner's URL that receives signed events (Standard Webhooks).",
  fields: (t) => ({
    id: t.exposeID('id'),
    url: t.exposeString('url'),
    events: t.field({ type: [WebhookEventEnum], resolve: (endpoint) => endpoint.events }),
    description: t.exposeString('description', { nullable: true }),
    status: t.field({ type: WebhookEndpointStatusEnum, resolve: (endpoint) => endpoint.status }),
    disabledReason: t.exposeString('disabledReason', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (endpoint) => endpoint.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (endpoint) => endpoint.updatedAt }),
  }),
});

export const CreatedWebhookRef = builder.objectRef<WebhookEndpointRecord>('CreatedWebhook').implement({
  description: 'A new endpoint and its signing secret; the secret is shown this once.',
  fields: (t) => ({
    endpoint: t.field({ type: WebhookEndpointRef, resolve: (endpoint) => endpoint }),
    secret: t.exposeString('secret', { description: '`whsec_` and the base64 of the key, as Standard Webhooks libraries take it.' }),
  }),
});

export const WebhookDeliveryAttemptRef = builder.objectRef<DeliveryAttempt>('WebhookDeliveryAttempt').implement({
  fields: (t) => ({
    redelivery: t.exposeInt('redelivery', { description: '0 for the first series, then one per redelivery.' }),
    attempt: t.exposeInt('attempt', { description: '1-based within its series.' }),
    at: t.field({ type: 'DateTime', resolve: (attempt) => attempt.at }),
    statusCode: t.exposeInt('statusCode', { nullable: true, description: "The receiver's answer; null when it did not answer." }),
    latencyMs: t.exposeInt('latencyMs'),
    error: t.exposeString('error', { nullable: true }),
  }),
});

export const WebhookDeliveryRef = builder.objectRef<WebhookDeliveryRecord>('WebhookDelivery').implement({
  description: 'One event sent to one endpoint, with every attempt; kept 7 days.',
  fields: (t) => ({
    id: t.exposeID('id'),
    eventId: t.exposeString('messageId', { description: 'The `webhook-id` header, the same on every attempt.' }),
    type: t.exposeString('type'),
    status: t.field({ type: WebhookDeliveryStatusEnum, resolve: (delivery) => delivery.status }),
    error: t.exposeString('error', { nullable: true }),
    redelivery: t.exposeInt('redelivery'),
    attempts: t.field({ type: [WebhookDeliveryAttemptRef], resolve: (delivery) => delivery.attempts }),
    createdAt: t.field({ type: 'DateTime', resolve: (delivery) => delivery.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (delivery) => delivery.updatedAt }),
  }),
});
