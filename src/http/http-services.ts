import type { Domain } from '../domain/domain';
import type { Platform } from '../platform';
import type { GraphqlSettings } from './graphql/settings';
import type { UploadLimits } from './request-params';

/**
 * What the HTTP transport is built from: the platform it serves from (callers, readiness) and
 * the domain its doors call. No engine, and the doors themselves get only the
 * domain (RestContext, GraphqlContext).
 */
export interface HttpServices {
  platform: Platform;
  domain: Domain;
}

/** What the deployment sets for the transport; from the configuration, handed down by the composition root. */
export interface HttpSettings {
  /** The origins CORS allows (CORS_ORIGINS). */
  corsOrigins: readonly string[];
  /** The secrets that open /metrics (ADMIN_API_KEY, METRICS_TOKEN); none: it stays shut. */
  metricsSecrets: readonly string[];
  /** Files uploaded to REST routes and in GraphQL's multipart requests alike. */
  uploads: UploadLimits;
  graphql: GraphqlSettings;
}
