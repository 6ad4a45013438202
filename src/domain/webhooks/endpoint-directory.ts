import type { EventBus } from '../../events/event-bus';
import { ENDPOINTS_TOPIC, type WebhookRepository } from './webhook.repository';
import type { WebhookEndpointRecord } from './webhook.types';

/** Long enough that a busy partner's writes rarely ask Redis; short enough to heal a missed invalidation. */
const CACHE_MS = 10_000;

interface Entry {
  endpoints: Promise<WebhookEndpointRecord[]>;
  until: number;
}

/**
 * Each partner's endpoints, kept in process so that a write of a partner without webhooks
 * costs no Redis round trip. A change of any endpoint, in any process, is published on
 * ENDPOINTS_TOPIC and drops that partner's entry everywhere.
 */
export class EndpointDirectory {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly repository: WebhookRepository) {}

  /** Call once per process. */
  async watch(events: EventBus): Promise<void> {
    await events.listen(ENDPOINTS_TOPIC, (event) => this.forget((event.data as WebhookEndpointRecord).partner));
  }

  forget(partner: string): void {
    this.entries.delete(partner);
  }

  endpointsOf(partner: string): Promise<WebhookEndpointRecord[]> {
    const cached = this.entries.get(partner);
    if (cached && cached.until > Date.now()) return cached.endpoints;
    const entry: Entry = { endpoints: this.repository.endpointsOf(partner), until: Date.now() + CACHE_MS };
    this.entries.set(partner, entry);
    entry.endpoints.catch(() => {
      if (this.entries.get(partner) === entry) this.entries.delete(partner);
    });
    return entry.endpoints;
  }
}
