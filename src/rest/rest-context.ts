import type { CallerGate } from '../auth/caller-gate';
import type { Domain } from '../domain/domain';
import type { ReadParamsOptions } from '../http/request-params';

/**
 * What a REST route is given: the domain, and the helpers a request needs (who may come in,
 * where its uploads go). No Redis client, queue or engine: a route parses, makes one domain
 * call and shapes the answer.
 */
export interface RestContext {
  domain: Domain;
  callers: CallerGate;
  uploads: ReadParamsOptions;
  /** What a streamed answer (the output routes' event streams) may hold for a slow client (LIVE_MAX_BUFFER_BYTES). */
  live: { budgetBytes: number };
}
