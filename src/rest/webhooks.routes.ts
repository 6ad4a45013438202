import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RestContext } from './rest-context';
import { parseInput } from '../domain/shared/validation';
import { createWebhookInput, deliveriesInput } from '../domain/webhooks/webhook.inputs';
import { paramsHandler } from '../http/request-params';
import { webhookDocs } from './webhooks.docs';
import { createdWebhookJson, webhookDeliveryJson, webhookEndpointJson } from './webhooks.wire';

type PartnerParams = { partner: string };
type EndpointParams = PartnerParams & { id: string };
type DeliveryParams = EndpointParams & { delivery: string };
type Req<P> = FastifyRequest<{ Params: P }>;

/** A partner's webhook endpoints: create (the answer shows the signing secret once), list, delete, deliveries, redeliver. */
export function webhookRoutes({ domain: { webhooks }, uploads }: RestContext) {
  const withParams = paramsHandler(uploads);

  return async (app: FastifyInstance) => {
    app.post('/webhooks/:partner', { config: { openapi: webhookDocs.create } }, async (request: Req<PartnerParams>, reply) =>
      withParams(request, async (params) => {
        const endpoint = await webhooks.create(request.params.partner, parseInput(createWebhookInput, params.values));
        return reply.status(201).send(createdWebhookJson(endpoint));
      }),
    );

    app.get('/webhooks/:partner', { config: { openapi: webhookDocs.list } }, async (request: Req<PartnerParams>) => {
      return (await webhooks.list(request.params.partner)).map(webhookEndpointJson);
    });

    app.delete('/webhooks/:partner/:id', { config: { openapi: webhookDocs.delete } }, async (request: Req<EndpointParams>, reply) => {
      await webhooks.delete(request.params.partner, request.params.id);
      return reply.status(204).send();
    });

    app.get('/webhooks/:partner/:id/deliveries', { config: { openapi: webhookDocs.deliveries } }, async (request: Req<EndpointParams>) => {
      const limit = parseInput(deliveriesInput, request.query);
      return (await webhooks.deliveries(request.params.partner, request.params.id, limit)).map(webhookDeliveryJson);
    });

    app.post(
      '/webhooks/:partner/:id/deliveries/:delivery/redeliver',
      { config: { openapi: webhookDocs.redeliver } },
      async (request: Req<DeliveryParams>, reply) => {
        const delivery = await webhooks.redeliver(request.params.partner, request.params.id, request.params.delivery, request.id);
        return reply.status(202).send(webhookDeliveryJson(delivery));
      },
    );
  };
}
