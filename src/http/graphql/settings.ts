import type { GraphqlLimits } from './limits';
import type { TrustedDocuments } from './trusted-documents';

/** What the deployment sets for GraphQL; from the configuration, handed down by the composition root. */
export interface GraphqlSettings {
  limits: GraphqlLimits;
  /** The only operations accepted, when the deployment keeps a manifest of them (PERSISTED_DOCUMENTS); null: any. */
  trusted: TrustedDocuments | null;
  live: LiveSettings;
}

/** How much the live transports (SSE and graphql-ws) hold open and queued. */
export interface LiveSettings {
  /** What a connection may keep queued for a client that reads slowly, before it is closed (LIVE_MAX_BUFFER_BYTES). */
  budgetBytes: number;
  /** Subscriptions one API key may hold open in this process, over both transports and the REST output streams (LIVE_MAX_SUBSCRIPTIONS_PER_KEY). */
  maxSubscriptionsPerKey: number;
  /** Subscriptions one graphql-ws connection may hold open (LIVE_MAX_SUBSCRIPTIONS_PER_CONNECTION). */
  maxSubscriptionsPerConnection: number;
  /** How often graphql-ws connections are pinged (WS_KEEP_ALIVE_SECONDS). */
  keepAliveMs: number;
}
