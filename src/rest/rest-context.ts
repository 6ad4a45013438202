import type { CallerGate } from '../auth/caller-gate';
import type { Domain } from '../domain/domain';
import type { ReadParamsOptions } from '../http/request-params';
import type { OutputStreamSettings } from '../http/output-event-stream';

/**
 * What a REST route is given: the domain, and the helpers a request needs (who may come in,
 * where its uploads go). No Redis client, queue or engine: a route parses, makes one domain
 * call and shapes the answer.
 */
export interface RestContext {
  domain: Domain;
  callers: CallerGate;
  uploads: ReadParamsOptions;
  /** What the output routes' event streams are bounded by: the send budget, and their key's places. */
  live: OutputStreamSettings;
}
