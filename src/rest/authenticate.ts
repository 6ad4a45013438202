import type { FastifyRequest } from 'fastify';
import { canAccessPartner, type ApiKeyService, type Caller } from '../auth/api-keys';
import type { RateLimiter } from '../auth/rate-limiter';
import { Forbidden, RateLimited, Unauthorized } from '../domain/errors';

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
  interface FastifyContextConfig {
    /** No key needed (the content types list). */
    public?: boolean;
    /** The voice service also takes the key as the api_key query parameter. */
    apiKeyInQuery?: boolean;
  }
}

/**
 * An onRequest hook: it runs before the body is read, so an upload without a valid key is
 * refused before a byte of it reaches the disk.
 */
export function authenticate(apiKeys: ApiKeyService, rateLimiter: RateLimiter) {
  return async (request: FastifyRequest) => {
    const config = request.routeOptions.config;
    if (config.public) return;
    const header = request.headers['x-api-key'];
    const fromQuery = config.apiKeyInQuery ? (request.query as Record<string, unknown> | undefined)?.api_key : undefined;
    const key = typeof header === 'string' ? header : typeof fromQuery === 'string' ? fromQuery : undefined;
    const caller = await apiKeys.verify(key);
    if (!caller) throw new Unauthorized();
    const decision = await rateLimiter.hit(caller.keyId);
    if (!decision.allowed) throw new RateLimited(decision.retryAfterSeconds);
    request.caller = caller;
  };
}

/** The caller set by `authenticate`, checked against the partner in the path. */
export function authorizePartner(request: FastifyRequest, partner: string): Caller {
  const caller = request.caller;
  if (!caller) throw new Unauthorized();
  if (!canAccessPartner(caller, partner)) throw new Forbidden();
  return caller;
}

export function requireCaller(request: FastifyRequest): Caller {
  if (!request.caller) throw new Unauthorized();
  return request.caller;
}
