import { randomUUID } from 'node:crypto';
import { Conflict, Invalid, NotFound } from '../errors';
import type { EndpointDirectory } from './endpoint-directory';
import { newSigningSecret } from './webhook-signature';
import type { WebhookJobs } from './webhook.jobs';
import type { UrlGuard } from './webhook.ports';
import { now, type WebhookRepository } from './webhook.repository';
import type { NewWebhookEndpoint, WebhookDeliveryRecord, WebhookEndpointRecord } from './webhook.types';

/** Bounds the deliveries one write can fan out to. */
export const MAX_ENDPOINTS_PER_PARTNER = 20;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface WebhookServiceDeps {
  repository: WebhookRepository;
  directory: EndpointDirectory;
  jobs: WebhookJobs;
  urlGuard: UrlGuard;
}

/** A partner's webhook endpoints and their deliveries, for the doors. */
export class WebhookService {
  constructor(private readonly deps: WebhookServiceDeps) {}

  /** The new endpoint with its signing secret: the one answer that shows the secret. */
  async create(partner: string, input: NewWebhookEndpoint): Promise<WebhookEndpointRecord> {
    const { repository, directory, urlGuard } = this.deps;
    const refusal = await urlGuard.refusal(input.url);
    if (refusal) throw Invalid.param('url', refusal);
    if ((await repository.endpointsOf(partner)).length >= MAX_ENDPOINTS_PER_PARTNER) {
      throw new Conflict(`A partner may have at most ${MAX_ENDPOINTS_PER_PARTNER} webhook endpoints`);
    }
    const timestamp = now();
    const endpoint = await repository.createEndpoint({
      id: randomUUID(),
      partner,
      url: input.url,
      events: input.events,
      description: input.description,
      secret: newSigningSecret(),
      status: 'enabled',
      disabledReason: null,
      createdAt: timestamp,
      updatedAt: timestamp,
    });
    directory.forget(partner);
    return endpoint;
  }

  list(partner: string): Promise<WebhookEndpointRecord[]> {
    return this.deps.repository.endpointsOf(partner);
  }

  async get(partner: string, id: string): Promise<WebhookEndpointRecord> {
    const endpoint = UUID.test(id) ? await this.deps.repository.endpoint(id.toLowerCase()) : null;
    if (!endpoint || endpoint.partner !== partner) throw new NotFound('Webhook not found');
    return endpoint;
  }

  async delete(partner: string, id: string): Promise<void> {
    const endpoint = await this.get(partner, id);
    await this.deps.repository.removeEndpoint(endpoint);
    this.deps.directory.forget(partner);
  }

  /** The endpoint's deliveries of the last seven days, newest first. */
  async deliveries(partner: string, id: string, limit: number): Promise<WebhookDeliveryRecord[]> {
    const endpoint = await this.get(partner, id);
    return this.deps.repository.deliveriesOf(endpoint.id, limit);
  }

  /** Sends the same event again (same `webhook-id`) in a new series of attempts. */
  async redeliver(partner: string, id: string, deliveryId: string, requestId?: string): Promise<WebhookDeliveryRecord> {
    const endpoint = await this.get(partner, id);
    const found = UUID.test(deliveryId) ? await this.deps.repository.delivery(deliveryId.toLowerCase()) : null;
    if (!found || found.target.kind !== 'endpoint' || found.target.endpointId !== endpoint.id) throw new NotFound('Delivery not found');
    if (endpoint.status !== 'enabled') throw new Conflict('Webhook endpoint is disabled');
    const delivery = await this.deps.repository.updateDelivery(found.id, (current) => ({
      ...current,
      status: 'pending',
      redelivery: current.redelivery + 1,
      error: null,
    }));
    if (!delivery) throw new NotFound('Delivery not found');
    await this.deps.jobs.redeliver(delivery, { requestId });
    return delivery;
  }
}
