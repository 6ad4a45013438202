import { z } from 'zod';
import { createWebhookInput, deliveriesInput, MAX_DELIVERIES_LISTED } from '../domain/webhooks/webhook.inputs';
import { MAX_ENDPOINTS_PER_PARTNER } from '../domain/webhooks/webhook.service';
import { ANY_ENCODING } from '../http/openapi/route-doc';
import { apiRoute, noContent, TAGS } from './openapi';
import { createdWebhookSchema, webhookDeliverySchema, webhookEndpointSchema } from './webhooks.wire';

// `id` is a transcript's or completion's id in the shared table; here it is the endpoint's.
const endpointId = { id: z.string().meta({ format: 'uuid', description: 'Webhook endpoint id, as its create answer and the list show it.' }) };

const WEBHOOK_NOT_FOUND = 'Webhook not found: the partner has no endpoint with this id.';
const INVALID_ENDPOINT =
  'A parameter is invalid; the detail names it (url: must be an http or https URL, url: must be reachable: ..., events: unknown event type ...). Also a malformed request URL.';

const webhookRoute = (options: Omit<Parameters<typeof apiRoute>[0], 'tag'>) => apiRoute({ ...options, tag: TAGS.webhooks });
const endpointRoute = (options: Omit<Parameters<typeof apiRoute>[0], 'tag'>) => webhookRoute({ ...options, pathParameters: endpointId });

/** The webhook routes as /openapi.json and docs/api/webhooks.md describe them. */
export const webhookDocs = {
  create: webhookRoute({
    summary: 'Create a webhook endpoint',
    description: `The answer shows the signing secret, and no later answer does. A partner has at most ${MAX_ENDPOINTS_PER_PARTNER} endpoints.`,
    body: { schema: createWebhookInput, encodings: ANY_ENCODING },
    success: { 201: { description: 'The endpoint with its secret.', schema: createdWebhookSchema } },
    errors: [409],
    errorDescriptions: { 409: `The partner already has ${MAX_ENDPOINTS_PER_PARTNER} endpoints.`, 422: INVALID_ENDPOINT },
  }),
  list: webhookRoute({
    summary: 'List a partner’s webhook endpoints',
    success: { 200: { description: 'The endpoints, oldest first, without their secrets.', schema: z.array(webhookEndpointSchema) } },
  }),
  delete: endpointRoute({
    summary: 'Delete a webhook endpoint',
    description: 'Its pending deliveries stop.',
    success: { 204: noContent },
    errors: [404],
    errorDescriptions: { 404: WEBHOOK_NOT_FOUND },
  }),
  deliveries: endpointRoute({
    summary: 'List an endpoint’s deliveries',
    description: `Its deliveries of the last 7 days, newest first, each with its attempts; at most ${MAX_DELIVERIES_LISTED}.`,
    query: deliveriesInput,
    success: { 200: { description: 'The deliveries.', schema: z.array(webhookDeliverySchema) } },
    errors: [404],
    errorDescriptions: { 404: WEBHOOK_NOT_FOUND },
  }),
  redeliver: endpointRoute({
    summary: 'Redeliver an event',
    description: 'Sends the same event (same body and webhook-id, new signature) in a new series of attempts, whatever the delivery’s status.',
    success: { 202: { description: 'The delivery, pending again.', schema: webhookDeliverySchema } },
    errors: [404, 409],
    errorDescriptions: {
      404: 'Webhook not found (the partner has no endpoint with this id), or Delivery not found (the endpoint has no delivery with this id).',
      409: 'Webhook endpoint is disabled (its receiver answered 410 Gone).',
    },
  }),
};
