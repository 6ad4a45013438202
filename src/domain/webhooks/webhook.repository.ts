import type { RecordStore } from '../../store/record-store';
import { WEBHOOK_DELIVERY_LAYOUT, WEBHOOK_ENDPOINT_LAYOUT } from './webhook.record';
import {
  DELIVERY_RETENTION_SECONDS,
  WEBHOOK_DELIVERY_KIND,
  WEBHOOK_ENDPOINT_KIND,
  type WebhookDeliveryRecord,
  type WebhookEndpointRecord,
} from './webhook.types';

/** Every process listens here to forget its cached endpoints of the partner a change names. */
export const ENDPOINTS_TOPIC = 'webhook-endpoints';

export const now = () => new Date().toISOString();

/**
 * Webhook endpoints (with each partner's set of endpoint ids) and deliveries (with each
 * endpoint's time-ordered index), read through their layouts (webhook.record.ts). Deliveries expire after DELIVERY_RETENTION_SECONDS.
 */
export class WebhookRepository {
  constructor(private readonly records: RecordStore) {
    records.define(WEBHOOK_ENDPOINT_KIND, WEBHOOK_ENDPOINT_LAYOUT);
    records.define(WEBHOOK_DELIVERY_KIND, WEBHOOK_DELIVERY_LAYOUT);
  }

  private endpointSetKey(partner: string): string {
    return this.records.keys.key('webhook-endpoints', partner);
  }

  private deliveryIndexKey(endpointId: string): string {
    return this.records.keys.key('webhook-deliveries', endpointId);
  }

  /** A partner's endpoints, oldest first, in two round trips. */
  async endpointsOf(partner: string): Promise<WebhookEndpointRecord[]> {
    const ids = await this.records.members(this.endpointSetKey(partner));
    const endpoints = await this.records.getMany<WebhookEndpointRecord>(WEBHOOK_ENDPOINT_KIND, ids);
    return endpoints.filter((endpoint): endpoint is WebhookEndpointRecord => endpoint !== null).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  endpoint(id: string): Promise<WebhookEndpointRecord | null> {
    return this.records.get<WebhookEndpointRecord>(WEBHOOK_ENDPOINT_KIND, id);
  }

  async createEndpoint(record: Omit<WebhookEndpointRecord, 'version'>): Promise<WebhookEndpointRecord> {
    const created = await this.records.create<WebhookEndpointRecord>(WEBHOOK_ENDPOINT_KIND, record.id, record, { topics: [ENDPOINTS_TOPIC] });
    await this.records.addMembers(this.endpointSetKey(record.partner), [record.id]);
    return created;
  }

  updateEndpoint(id: string, change: (current: WebhookEndpointRecord) => WebhookEndpointRecord | null): Promise<WebhookEndpointRecord | null> {
    return this.records.update<WebhookEndpointRecord>(
      WEBHOOK_ENDPOINT_KIND,
      id,
      (current) => {
        const next = change(current);
        return next && { ...next, updatedAt: now() };
      },
      { topics: [ENDPOINTS_TOPIC] },
    );
  }

  async removeEndpoint(endpoint: WebhookEndpointRecord): Promise<void> {
    await this.records.remove<WebhookEndpointRecord>(WEBHOOK_ENDPOINT_KIND, endpoint.id, { topics: [ENDPOINTS_TOPIC] });
    await this.records.removeMembers(this.endpointSetKey(endpoint.partner), [endpoint.id]);
    await this.records.removeSet(this.deliveryIndexKey(endpoint.id));
  }

  delivery(id: string): Promise<WebhookDeliveryRecord | null> {
    return this.records.get<WebhookDeliveryRecord>(WEBHOOK_DELIVERY_KIND, id);
  }

  /** An endpoint's deliveries of the retention period, newest first. */
  async deliveriesOf(endpointId: string, limit: number): Promise<WebhookDeliveryRecord[]> {
    const ids = await this.records.recent(this.deliveryIndexKey(endpointId), limit);
    const deliveries = await this.records.getMany<WebhookDeliveryRecord>(WEBHOOK_DELIVERY_KIND, ids);
    return deliveries.filter((delivery): delivery is WebhookDeliveryRecord => delivery !== null);
  }

  async createDelivery(record: Omit<WebhookDeliveryRecord, 'version'>): Promise<WebhookDeliveryRecord> {
    const created = await this.records.create<WebhookDeliveryRecord>(WEBHOOK_DELIVERY_KIND, record.id, record, { topics: [] });
    await this.records.expire(WEBHOOK_DELIVERY_KIND, record.id, DELIVERY_RETENTION_SECONDS);
    if (record.target.kind === 'endpoint') {
      await this.records.addRecent(this.deliveryIndexKey(record.target.endpointId), record.id, Date.parse(record.createdAt), {
        keepMs: DELIVERY_RETENTION_SECONDS * 1000,
      });
    }
    return created;
  }

  /** `change` returns null to leave the delivery as it is; null when it is gone (expired). */
  async updateDelivery(id: string, change: (current: WebhookDeliveryRecord) => WebhookDeliveryRecord | null): Promise<WebhookDeliveryRecord | null> {
    // The write keeps the key's expiry, so the retention still counts from the delivery's creation.
    return this.records.update<WebhookDeliveryRecord>(
      WEBHOOK_DELIVERY_KIND,
      id,
      (current) => {
        const next = change(current);
        return next && { ...next, updatedAt: now() };
      },
      { topics: [] },
    );
  }
}
