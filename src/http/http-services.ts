import type { Domain } from '../domain/domain';
import type { Platform } from '../platform';

/**
 * What the HTTP transport is built from: the platform it serves from (configuration, callers,
 * readiness) and the domain its doors call. No engine, and the doors themselves get only the
 * domain (RestContext, GraphqlContext).
 */
export interface HttpServices {
  platform: Platform;
  domain: Domain;
}
